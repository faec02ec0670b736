/** The right-hand column's player panels (a compact strip on a phone): each player's name in their
 * colour, who is deciding, score and the game's counters, clock, connection and bot badges. */
import type { SeatInfo, StateMessage } from '../api'
import type { Catalog } from '../catalog'
import { SeatDot } from '../seatMarks'
import type { BoardProps, Counter, GameUI, LiveScore } from '../games/types'
import { useI18n } from '../i18n'
import { levelWord, type Words } from '../naming'
import { ClockFace } from './Clock'
import { Count } from './Count'
import { inkOf } from '../ink'

export function PlayerPanels({ seats, names, colours, state, scores, ui, p, words, now, catalog, live = true }: {
  seats: SeatInfo[]; names: string[]; colours: string[]; state: Pick<StateMessage, 'actors' | 'seat' | 'view' | 'clock'>
  scores: LiveScore[]; ui: GameUI; p: BoardProps | null; words: Words; now: number; catalog: Catalog
  /** false in a replay: a position of the past has no connections, absences or clocks to show */
  live?: boolean
}) {
  const { t } = useI18n()
  const actors = state.actors
  const deadlines = state.clock?.deadlines ?? {}
  return (
    // on a phone the panels scroll sideways in a row: a keyboard reaches the row to scroll it
    <section class="player-panels" aria-label={t('playerPanels')} tabIndex={0}>
      {seats.map((s) => {
        const score = scores.find((x) => x.seat === s.seat)
        const counters: Counter[] = p && ui.counters && state.view ? ui.counters(state.view, s.seat, p) : []
        const acting = actors.includes(s.seat)
        const deadline = deadlines[String(s.seat)]
        const bot = s.playing === 'bot'
        return (
          <div class={`player-panel${acting ? ' acting' : ''}${s.seat === state.seat ? ' mine' : ''}`} data-seat={s.seat}
            style={{ '--seat': colours[s.seat] }}>
            <div class="pp-head">
              <SeatDot seat={s.seat} colour={colours[s.seat]} />
              {/* "(you)" inside the name, so that a long name keeps the panel's width and breaks between words */}
              <strong class="pp-name" style={{ color: inkOf(colours[s.seat]) }}>{names[s.seat]}
                {s.seat === state.seat && <small class="muted pp-you">{catalog.aside(t('you'))}</small>}</strong>
              {score && <span class="pp-score" title={t('score')} data-score={score.score}><Count value={score.score} /></span>}
            </div>
            <div class="pp-badges">
              {acting && <span class="badge acting-badge">{t('actingNow')}</span>}
              {live && s.kind === 'human' && !bot && <span class={`badge conn-${s.connected === false ? 'off' : 'on'}`}>{s.connected === false ? t('offline') : t('online')}</span>}
              {s.kind === 'bot' && s.name && <span class="badge bot-badge">{t('botLabel')} · {levelWord(words, s.level)}</span>}
              {live && s.kind !== 'bot' && s.handed && <span class="badge bot-badge">{t('handedBadge')}</span>}
              {live && s.kind === 'human' && s.away && !s.handed && <span class="badge bot-badge">{t('away')}</span>}
              {live && s.timed_out && <span class="badge low">{t('timedOut')}</span>}
              {deadline !== undefined && state.clock && <ClockFace deadline={deadline} now={now} limit={state.clock.limit} />}
            </div>
            {counters.length > 0 && (
              <div class="pp-counters">
                {counters.map((c) => (
                  <span class="counter" data-counter={c.key} title={c.label} aria-label={`${c.label}${catalog.marks.colon}${c.value}`}>
                    {c.icon}<span class="counter-value"><Count value={c.value} /></span>
                  </span>
                ))}
              </div>
            )}
            {score?.parts && (
              <div class="pp-parts">
                {Object.entries(score.parts).filter(([, v]) => v !== 0).map(([k, v]) => <span class="chip">{catalog.category(k)} {v}</span>)}
              </div>
            )}
          </div>
        )
      })}
    </section>
  )
}
