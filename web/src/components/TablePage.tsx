import { useEffect, useMemo, useState } from 'preact/hooks'
import { api, claims, type Json, type Legal, type SeatInfo, type TableInfo } from '../api'
import { useCatalog } from '../catalog'
import { changedPaths } from '../diff'
import { coloursFor, gameUI, scoresFor, stepFor } from '../games'
import { useGameData } from '../gamedata'
import { levelName, useI18n } from '../i18n'
import { href } from '../route'
import { useLive } from '../socket'
import { Decision, numericKey } from './Decision'
import { Log } from './Log'
import { FinalResult, Scores } from './Scores'

export function seatNames(seats: SeatInfo[], botWord: string): string[] {
  return seats.map((s) => s.name ?? (s.kind === 'open' ? `P${s.seat + 1}` : `${botWord} ${s.seat + 1}`))
}

/** Every string a legal move names: those board elements become clickable. */
function targetsOf(legal: Legal[]): Set<string> {
  const out = new Set<string>()
  for (const l of legal) {
    for (const [k, v] of Object.entries(l.move)) {
      if (k === 'kind') continue
      const add = (x: Json) => typeof x === 'string' && out.add(x)
      if (Array.isArray(v)) v.forEach(add)
      else add(v)
    }
    // numbers (a seat, a line and level) as `field=value` keys: each alone and all together
    const nums = numericKey(l.move)
    if (nums) {
      out.add(nums)
      for (const part of nums.split(',')) out.add(part)
    }
  }
  return out
}

function Invites({ table, open }: { table: string; open: number[] }) {
  const { t } = useI18n()
  const [copied, setCopied] = useState<number | null>(null)
  const mine = claims.get(table)
  return (
    <section class="card invites" aria-label={t('invite')}>
      <h3>{t('invite')}</h3>
      <p class="muted">{t('inviteHint')}</p>
      <ul>
        {open.map((s) => {
          const link = `${location.origin}${location.pathname}${href.join(table, s)}`
          return (
            <li>
              <span>{t('seatN', { n: s + 1 })}</span>
              <input readOnly value={link} class="invite-link" data-seat={s} aria-label={t('seatN', { n: s + 1 })}
                onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
              <button type="button" onClick={() => {
                navigator.clipboard?.writeText(link).then(() => setCopied(s), () => undefined)
              }}>{copied === s ? t('copied') : t('copy')}</button>
              {!mine && <a class="button" href={href.join(table, s)}>{t('join')}</a>}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

export function TablePage({ id }: { id: string }) {
  const { t, lang } = useI18n()
  const [info, setInfo] = useState<TableInfo | null>(null)
  const [missing, setMissing] = useState('')
  const [claim, setClaim] = useState(() => claims.get(id))
  const [pick, setPick] = useState<string | null>(null)
  useEffect(() => {
    api.table(id).then(setInfo).catch((e: Error) => setMissing(e.message))
  }, [id])
  const live = useLive(id, claim?.token ?? null)
  const state = live.state
  useEffect(() => {
    if (live.error?.code === 'bad_token') {
      claims.forget(id)
      setClaim(null)
    }
  }, [live.error])
  useEffect(() => setPick(null), [state?.index])
  const seats = state?.seats ?? info?.seats ?? []
  const names = seatNames(seats, t('bot'))
  const game = info?.game ?? null
  const catalog = useCatalog(game, lang, names)
  const data = useGameData(game)
  const changed = useMemo(() => (state?.view && live.previous?.view ? changedPaths(live.previous.view, state.view) : new Set<string>()),
    [state, live.previous])
  if (missing) return <p class="error card" role="alert">{t('notFound')} {missing}</p>
  if (!state || !catalog || !info || !data) return <p class="card">{t('loading')}</p>
  const mine = state.seat
  const actors = state.actors
  const finished = state.status === 'finished'
  const open = seats.filter((s) => s.kind === 'open').map((s) => s.seat)
  const step = stepFor(info.game, state.view)
  let heading: string
  if (finished) heading = t('gameOver')
  else if (state.status === 'open') heading = t('waitingForPlayers', { seats: open.map((s) => s + 1).join(', ') })
  else if (state.legal.length) heading = `${t('yourTurn')}${step ? `: ${catalog.name(step)}` : ''}`
  else {
    const who = actors.map((s) => names[s]).join(', ')
    heading = `${actors.length > 1 ? t('simultaneous', { names: who }) : t('waitingFor', { names: who })}${step ? ` (${catalog.name(step)})` : ''}`
  }
  const ui = gameUI(info.game)
  const Board = ui.Board
  const colours = coloursFor(info.game, seats.length, state.view, data)
  const legalForBoard = live.pending === null ? state.legal : []
  const handToBot = async () => {
    if (!claim) return
    await api.toBot(id, claim.seat, 'easy', claim.token).catch(() => undefined)
    claims.forget(id)
    setClaim(null)
  }
  return (
    <div class={`table-page game-${info.game}`} data-status={state.status} data-index={state.index}>
      <div class="status-bar">
        <h2>{info.title}</h2>
        <span class={`conn ${live.connected ? 'on' : 'off'}`} id="connection">{live.connected ? t('connected') : t('reconnecting')}</span>
        <span>{mine !== null ? t('youAre', { name: names[mine] }) : t('spectating')}</span>
        <span class="seat-list">
          {seats.map((s) => (
            <span class={`seat-tag seat-${s.seat}${actors.includes(s.seat) ? ' acting' : ''}`}>
              <span class={`dot seat-${s.seat}`} />{names[s.seat]}
              {s.playing === 'bot' && <small> ({t('bot')}{s.level ? ` ${levelName(t, s.level)}` : ''})</small>}
              {s.away && <small> — {t('away')}</small>}
            </span>
          ))}
        </span>
        {mine !== null && state.status === 'running' && (
          <button type="button" class="hand-to-bot" onClick={handToBot}>{t('handToBot')}</button>
        )}
      </div>
      {state.problem && <p class="error card" role="alert">{t('problem', { problem: state.problem })}</p>}
      {live.error && live.error.code !== 'stale_index' && <p class="error card" role="alert">{t('error')}: {live.error.message}</p>}
      {finished && state.result && <FinalResult result={state.result} catalog={catalog} table={id} mine={mine} />}
      {state.status === 'open' && open.length > 0 && <Invites table={id} open={open} />}
      <div class="table-grid">
        <div class="area-decision">
          <Decision legal={state.legal} catalog={catalog} seat={mine} send={live.send} pending={live.pending !== null}
            pick={pick} clearPick={() => setPick(null)} heading={heading} />
        </div>
        <div class="area-board" id="board">
          {state.view && (
            <Board game={info.game} options={info.options} view={state.view} seat={mine} players={seats.length} actors={actors} catalog={catalog} t={t}
              lang={lang} data={data} colours={colours} legal={legalForBoard} send={live.send} why={() => undefined} mode="live"
              changed={changed} targets={targetsOf(legalForBoard)} onPick={setPick} />
          )}
        </div>
        <div class="area-side">
          <Scores scores={scoresFor(info.game, state.view)} catalog={catalog} actors={actors} mine={mine} />
          <Log log={live.log} catalog={catalog} freshFrom={live.previous ? live.previous.index : state.index} />
        </div>
      </div>
    </div>
  )
}
