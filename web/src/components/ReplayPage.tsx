import { useEffect, useState } from 'preact/hooks'
import { api, claims, type Hint, type LogEntry, type Move, type ReplayStep, type TableInfo, ApiError } from '../api'
import { useCatalog } from '../catalog'
import { changedPaths } from '../diff'
import { coloursFor, gameUI, scoresFor, withPlaces } from '../games'
import { useFreshParts } from '../games/choosable'
import type { BoardProps } from '../games/types'
import { useGameData, useLiveScore } from '../gamedata'
import { errorText, useI18n } from '../i18n'
import { href } from '../route'
import { DownloadRecord } from './DownloadRecord'
import { FinalResult } from './Scores'
import { ScoreCourse } from './ScoreCourse'
import { playerNames, useWords } from '../naming'
import { LastMove, Log, stepWords } from './Log'
import { GameAnalysis } from './GameAnalysis'
import { OwnSteps } from './OwnSteps'
import { PastHint } from './PastHint'
import { PlayerPanels } from './PlayerPanels'
import { useSettings } from '../settings'

/** Step through a finished game's record move by move, seen by any seat or a spectator. */
export function ReplayPage({ id, analyse = false }: { id: string; analyse?: boolean }) {
  const { t, lang } = useI18n()
  const [info, setInfo] = useState<TableInfo | null>(null)
  const [step, setStep] = useState(0)
  const [claim] = useState(() => claims.get(id))   // this browser's seat at the table, if it played there
  // seen from that seat (its own hand, its own decisions), else as a spectator
  const [seat, setSeat] = useState<number | null>(claim?.seat ?? null)
  const [data, setData] = useState<ReplayStep | null>(null)
  const [before, setBefore] = useState<ReplayStep | null>(null)
  const [error, setError] = useState('')
  useFreshParts(data?.step ?? -1)
  // the finished game's whole log, read once: each step shows the lines up to its move
  const [log, setLog] = useState<LogEntry[] | null>(null)
  const [movers, setMovers] = useState<number[]>([])   // who made each move of the record
  // the hard bot's answers at the player's past decisions (asked one by one, or all by the analysis)
  const [answers, setAnswers] = useState<Map<number, Hint>>(() => new Map())
  const goTo = (at: number) => {
    setStep(at)
    // the position's controls and its answer on top of the screen, the board after them (on a phone the
    // list it was chosen from may stand far below)
    document.getElementById('replay-controls')?.scrollIntoView({ block: 'start' })
  }
  const answered = (at: number, hint: Hint) => setAnswers((before) => new Map(before).set(at, hint))
  useEffect(() => {
    api.table(id).then(setInfo).catch((e: ApiError) => setError(errorText(t, e.code)))
    api.record(id).then((r) => {
      setLog(r.log)
      setMovers(r.moves.map((m) => m.seat))
    }, () => setLog([]))
  }, [id])
  useEffect(() => {
    let live = true
    api.replay(id, step, seat).then((r) => {
      if (!live) return
      setBefore(data)
      setData(r)
    }).catch((e: ApiError) => setError(errorText(t, e.code)))
    return () => {
      live = false
    }
  }, [id, step, seat])
  const words = useWords(lang)
  const names = words ? playerNames(info?.seats ?? [], words) : []
  const gameCatalog = useCatalog(info?.game ?? null, lang, names)
  const gameData = useGameData(info?.game ?? null)
  const liveScore = useLiveScore(info?.game ?? null)
  const [settings] = useSettings()
  const total = data?.total ?? 0
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.tagName === 'SELECT') return
      if (e.key === 'ArrowRight') setStep((s) => Math.min(total, s + 1))
      if (e.key === 'ArrowLeft') setStep((s) => Math.max(0, s - 1))
      if (e.key === 'Home') setStep(0)
      if (e.key === 'End') setStep(total)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [total])
  if (error) {
    return (
      <p class="error card" role="alert">{error}{' '}
        <a class="button" href={href.table(id)}>{t('backToTable')}</a></p>
    )
  }
  if (!info || !data || !gameCatalog || !gameData || !words) return <p class="card">{t('loading')}</p>
  const catalog = withPlaces(info.game, gameCatalog, data.view, gameData)
  const own = seat === null ? [] : movers.flatMap((mover, index) => (mover === seat ? [index] : []))
  const Board = gameUI(info.game).Board
  const colours = coloursFor(info.game, data.players, data.view, gameData, settings.distinctColours)
  const changed = before && before.seat === data.seat ? changedPaths(before.view, data.view) : new Set<string>()
  const boardProps: BoardProps = {
    game: info.game, options: info.options, view: data.view, seat: data.seat, players: data.players, actors: data.actors,
    catalog, t, lang, data: gameData, colours, legal: [], send: () => undefined, why: () => undefined, mode: 'replay',
    changed, targets: new Set(), onPick: () => undefined,
  }
  // what tells apart two moves of the same words in the bot's answers (Trickerion's dice)
  const moveDetail = gameUI(info.game).moveDetail
  const detail = moveDetail ? (move: Move) => moveDetail(move, boardProps) : undefined
  return (
    <div class={`replay-page game-${info.game}`}>
      <div class="status-bar">
        <h2>{gameCatalog.data.ui.title ?? info.title} — {t('replay')}</h2>
        <a class="button" href={href.lobby()}>{t('backToLobby')}</a>
      </div>
      <section class="card replay-controls" id="replay-controls" aria-label={t('replay')}>
        <button type="button" id="replay-first" onClick={() => setStep(0)} disabled={step === 0}>{t('first')}</button>
        <button type="button" id="replay-prev" onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0}>{t('previous')}</button>
        <span id="replay-step">{stepWords(t, data.step, total)}</span>
        <button type="button" id="replay-next" onClick={() => setStep(Math.min(total, step + 1))} disabled={step >= total}>{t('next')}</button>
        <button type="button" id="replay-last" onClick={() => setStep(total)} disabled={step >= total}>{t('last')}</button>
        <input type="range" min={0} max={total} value={step} aria-label={stepWords(t, step, total)}
          onInput={(e) => setStep(Number((e.currentTarget as HTMLInputElement).value))} />
        {seat !== null && (
          <OwnSteps prefix="replay" movers={movers} seat={seat} name={names[seat] ?? ''} step={step} go={setStep} />
        )}
        <label>{t('viewAs')}{' '}
          <select id="replay-seat" value={seat === null ? '' : String(seat)}
            onChange={(e) => {
              const v = (e.currentTarget as HTMLSelectElement).value
              setSeat(v === '' ? null : Number(v))
            }}>
            <option value="">{t('spectator')}</option>
            {names.map((n, i) => <option value={String(i)}>{n}</option>)}
          </select>
        </label>
        <DownloadRecord table={id} />
        {data.last && <LastMove id="replay-move" last={data.last} names={names} catalog={catalog} colours={colours} />}
      </section>
      {/* the player's own past decision (their seat's view chosen): what the hard bot would have played */}
      {claim !== null && seat === claim.seat && data.step < total && data.actors.includes(seat) && (
        <PastHint table={id} token={claim.token} step={data.step} seat={seat} catalog={catalog}
          known={answers.get(data.step)} onAnswer={answered} detail={detail} />
      )}
      {claim !== null && seat === claim.seat && own.length > 0 && (
        <GameAnalysis table={id} token={claim.token} seat={seat} steps={own} answers={answers} onAnswer={answered}
          onGo={goTo} catalog={catalog} detail={detail} start={analyse} />
      )}
      {data.result && <FinalResult result={data.result} catalog={catalog} table={id} mine={seat} names={names} colours={colours}
        course={false} />}
      {/* each player's score and counters at this step, as the table showed them then */}
      <PlayerPanels seats={info.seats} names={names} colours={colours} state={{ actors: data.actors, seat: data.seat, view: data.view }}
        scores={scoresFor(info.game, liveScore, data.view)} ui={gameUI(info.game)} p={boardProps} words={words} now={0}
        catalog={catalog} live={false} />
      <div class="replay-grid">
        <div class="area-board" id="board">
          <Board {...boardProps} />
        </div>
        {log && <Log log={log.filter((entry) => entry.index < data.step)} catalog={catalog} colours={colours} freshFrom={data.step - 1} />}
      </div>
      <ScoreCourse table={id} catalog={catalog} names={names} colours={colours} step={data.step} onGo={goTo} />
    </div>
  )
}
