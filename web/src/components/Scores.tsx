import { useState } from 'preact/hooks'
import { api, ApiError, claims, hosts, type Claim, type Result } from '../api'
import type { Catalog } from '../catalog'
import { errorText, useI18n } from '../i18n'
import { go, href } from '../route'
import { Names, Sentence } from './Sentence'
import { inkOf } from '../ink'
import { SeatDot } from '../seatMarks'
import { ScoreCourse } from './ScoreCourse'

/** The categories of a result that is an outcome, not points (core/result.py `OUTCOMES`). */
const OUTCOMES = ['win', 'loss', 'draw']

/** A game's result as a player reads it, at the table and on a score pad alike: who won, one row per
 * category and one column per player in rank order (TABLE.md: a phone holds two to five players'
 * columns, where a column per category ran off its edge; more scroll sideways beside the categories),
 * and the tie breaks in words. A result that is an outcome (Star Road's win, loss or draw) is a row
 * per player instead: up to eight players in words read on a phone. */
export function ResultBody({ result, catalog, names, colours, mine = null }: {
  result: Result; catalog: Catalog; names: string[]; colours: string[]; mine?: number | null
}) {
  const { t } = useI18n()
  const order = result.scores.map((_, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b] || a - b)
  const cats: string[] = []
  for (const b of result.breakdown) for (const k of Object.keys(b)) if (!cats.includes(k)) cats.push(k)
  // the result is an outcome, not points (core/result.py `Result.is_outcome`: Star Road's win, loss or
  // draw, SR-3.5, SR-23.2): one row of words, not a "Loss" row of zeros; a team shares its outcome, so
  // its players are no tie to break
  const outcomes = result.breakdown.every((b) => Object.keys(b).length === 1 && OUTCOMES.includes(Object.keys(b)[0]))
  const drew = outcomes && result.winners.every((s) => 'draw' in (result.breakdown[s] ?? {}))
  const outcomeOf = (s: number): string | undefined => Object.keys(result.breakdown[s] ?? {})[0]
  // ties told from the ranks and the game's own tie-break rule (the engine's notes are English, by seat)
  const ties: { score: number; seats: number[] }[] = []
  for (const s of order) {
    const same = ties.find((tie) => tie.score === result.scores[s])
    if (same) same.seats.push(s)
    else ties.push({ score: result.scores[s], seats: [s] })
  }
  const tied = ties.filter((tie) => tie.seats.length > 1)
  const won = (s: number) => (result.winners.includes(s) ? 'winner' : '')
  return (
    <>
      <p class="winners"><Sentence template={drew ? t('drawBetween') : result.winners.length > 1 ? t('winnersAre') : t('winnerIs')}
        parts={{ names: <Names seats={result.winners} names={names} colours={colours} /> }} /></p>
      {outcomes ? (
        // an outcome in words, a row a player in rank order: the eight players of a Star Road table
        // read on a phone, where a column each ran past its edge
        <table class="result-table by-rank">
          <thead>
            <tr>
              <th scope="col">{t('rank')}</th>
              <th scope="col"><span class="sr-only">{t('toolPlayer')}</span></th>
              <th scope="col">{t('outcome')}</th>
              <th scope="col">{t('total')}</th>
            </tr>
          </thead>
          <tbody>
            {order.map((s) => {
              const outcome = outcomeOf(s)
              return (
                <tr class={`${won(s)} ${s === mine ? 'mine' : ''}`} data-seat={s}>
                  <td class="num rank">{result.ranks[s]}</td>
                  <th scope="row" data-seat={s}>
                    <PlayerName seat={s} name={names[s]} colour={colours[s]} />
                  </th>
                  <td class="outcome" data-outcome={outcome}>{catalog.category(outcome ?? '')}</td>
                  <td class="num final-score" data-seat={s}>{result.scores[s]}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      ) : (
        <div class="scroll">
          <table class="result-table by-player">
            <thead>
              <tr>
                {/* the corner names the row of players for a screen reader only: its word made the rows'
                    column as wide as "Jugador", and four players' columns ran off a phone */}
                <th><span class="sr-only">{t('toolPlayer')}</span></th>
                {order.map((s) => (
                  <th scope="col" class={`${won(s)} ${s === mine ? 'mine' : ''}`} data-seat={s}>
                    <PlayerName seat={s} name={names[s]} colour={colours[s]} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr class="rank-row"><th scope="row">{t('rank')}</th>
                {order.map((s) => <td class={`num rank ${won(s)}`} data-seat={s}>{result.ranks[s]}</td>)}</tr>
              <tr class="total-row"><th scope="row">{t('total')}</th>
                {order.map((s) => <td class={`num final-score ${won(s)}`} data-seat={s}>{result.scores[s]}</td>)}</tr>
              {cats.map((c) => (
                <tr data-category={c}><th scope="row">{catalog.category(c)}</th>
                  {order.map((s) => <td class={`num ${won(s)}`} data-seat={s}>{result.breakdown[s]?.[c] ?? 0}</td>)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {tied.length > 0 && !outcomes && (
        <div class="tiebreaks"><h3>{t('tiebreaks')}</h3><ul>{tied.map((tie) => (
          <li class="tie" data-tie={tie.seats.join(',')}>
            <Names seats={tie.seats} names={names} colours={colours} />{catalog.marks.colon}
            {new Set(tie.seats.map((s) => result.ranks[s])).size === 1 ? t('toolTieShared', { score: tie.score })
              : 'tool_tiebreak' in catalog.data.ui ? t('toolTieBroken', { score: tie.score, rule: catalog.label('tool_tiebreak') })
                : t('tieBrokenByRules', { score: tie.score })}
          </li>
        ))}</ul></div>
      )}
    </>
  )
}

/** A player's name in the result: their colour's dot (or shape), then the name in an ink of that colour that reads. */
function PlayerName({ seat, name, colour }: { seat: number; name: string; colour: string }) {
  return <><SeatDot seat={seat} colour={colour} /><span style={{ color: inkOf(colour) }}>{name}</span></>
}

/** The final result at the table: the result, then the next game (`PlayAgain`), the replay and the
 * way back to the lobby. */
export function FinalResult({ result, catalog, table, mine, names, colours, next = null, claim = null, course = true }: {
  result: Result; catalog: Catalog; table: string; mine: number | null; names: string[]; colours: string[]
  next?: string | null; claim?: Claim | null
  /** the scores through the game under the result (the replay draws its own, with the step it shows) */
  course?: boolean
}) {
  const { t } = useI18n()
  return (
    <section class="card final" id="final-result" aria-label={t('finalResult')}>
      <h2>{t('finalResult')}</h2>
      <ResultBody result={result} catalog={catalog} names={names} colours={colours} mine={mine} />
      {course && <ScoreCourse table={table} catalog={catalog} names={names} colours={colours} />}
      <p>
        <PlayAgain table={table} next={next} claim={claim} />
        <a class="button" id="open-replay" href={href.replay(table)}>{t('replay')}</a>{' '}
        {claim !== null && mine !== null && (
          // a player's own game: the replay with the hard bot looking at every one of their decisions
          <><a class="button" id="analyse-game" href={href.analyse(table)}>{t('analysisStart')}</a>{' '}</>
        )}
        <a class="button" href={href.lobby()}>{t('backToLobby')}</a>
      </p>
    </section>
  )
}

/** A player of the finished game opens the next one (the same game, options and clock, the bots at
 * their levels) or, once someone has, goes to it: either way into their own seat, under their name.
 * A watcher is shown the next table once there is one. */
function PlayAgain({ table, next, claim }: { table: string; next: string | null; claim: Claim | null }) {
  const { t } = useI18n()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (claim === null) {
    return next === null ? null : <><a class="button primary" id="watch-next" href={href.table(next)}>{t('watchNextGame')}</a>{' '}</>
  }
  const sit = async () => {
    setBusy(true)
    setError(null)
    try {
      let target = next
      if (target === null) {
        const opened = await api.again(table, claim.token)
        if (opened.host_token) hosts.set(opened.table, opened.host_token)
        target = opened.table
      }
      if (claims.get(target) === null) {
        try {
          const joined = await api.join(target, claim.seat, claim.name)
          claims.set(target, { seat: claim.seat, token: joined.token, name: claim.name })
        } catch (err) {
          // the seat was taken meanwhile (by its player from another device): watch the table instead
          if (!(err instanceof ApiError && err.code === 'seat_taken')) throw err
        }
      }
      go(href.table(target))
    } catch (err) {
      setError(err instanceof ApiError ? errorText(t, err.code) : String(err))
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" class="primary" id="play-again" disabled={busy} onClick={sit}>
        {next === null ? t('playAgain') : t('joinNextGame')}
      </button>{' '}
      {error && <span class="error" role="alert">{error}</span>}
    </>
  )
}
