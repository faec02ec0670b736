/** Review during play: step back through the game so far as one's own seat saw it then (the server
 * replays the record and shows that seat's view at that step, nothing more), without leaving the table. */
import { useEffect, useState } from 'preact/hooks'
import { api, type JsonObject, type LiveScoreKeys, type ReviewStep, type SeatInfo, ApiError } from '../api'
import type { Catalog } from '../catalog'
import { changedPaths } from '../diff'
import { useFreshParts } from '../games/choosable'
import { scoresFor } from '../games'
import type { BoardProps, GameUI } from '../games/types'
import { errorText, useI18n } from '../i18n'
import type { Words } from '../naming'
import { LastMove, Log, stepWords } from './Log'
import { OwnSteps } from './OwnSteps'
import { PastHint } from './PastHint'
import { PlayerPanels } from './PlayerPanels'

export function Review({ table, token, seat, askBot, game, total, ui, catalog, colours, data, options, seats, names, words, liveScore, onClose }: {
  table: string; token: string | null; seat: number | null; askBot: boolean; game: string; total: number; ui: GameUI; catalog: Catalog
  colours: string[]
  data: JsonObject; options: JsonObject; seats: SeatInfo[]; names: string[]; words: Words; liveScore: LiveScoreKeys | null
  onClose: () => void
}) {
  const { t, lang } = useI18n()
  const [step, setStep] = useState(Math.max(0, total - 1))
  const [shown, setShown] = useState<ReviewStep | null>(null)
  const [before, setBefore] = useState<ReviewStep | null>(null)
  const [error, setError] = useState('')
  useFreshParts(shown?.step ?? -1)
  // who made each move so far (public: the record names each move's seat), for the player's own steps;
  // read once as the review opens: the others' moves since change none of the player's own, and a record
  // a move would cost a request of the heavy kind, which the server limits per player
  const [movers, setMovers] = useState<number[]>([])
  useEffect(() => {
    api.record(table).then((r) => setMovers(r.moves.map((m) => m.seat)), () => setMovers([]))
  }, [table])
  useEffect(() => {
    let live = true
    api.review(table, step, token).then((r) => {
      if (!live) return
      setBefore(shown)
      setShown(r)
      setError('')
    }, (e: ApiError) => live && setError(errorText(t, e.code)))
    return () => {
      live = false
    }
  }, [step])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.closest('input, select, textarea')) return
      if (e.key === 'ArrowRight') setStep((s) => Math.min(total, s + 1))
      if (e.key === 'ArrowLeft') setStep((s) => Math.max(0, s - 1))
      if (e.key === 'Escape') onClose()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [total])
  const Board = ui.Board
  const changed = shown && before ? changedPaths(before.view, shown.view) : new Set<string>()
  const boardProps: BoardProps | null = shown && {
    game, options, view: shown.view, seat: shown.seat, players: shown.players, actors: shown.actors, catalog, t, lang, data,
    colours, legal: [], send: () => undefined, why: () => undefined, mode: 'review', changed, targets: new Set(), onPick: () => undefined,
  }
  return (
    // data-step: the step whose position and move are shown (the controls' step leads it while it loads)
    <section class="review" id="review" aria-label={t('reviewTitle')} data-step={shown?.step}>
      <div class="card replay-controls">
        <strong>{t('reviewTitle')}</strong>
        <button type="button" id="review-first" onClick={() => setStep(0)} disabled={step === 0}>{t('first')}</button>
        <button type="button" id="review-prev" onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0}>{t('previous')}</button>
        <span id="review-step">{stepWords(t, step, total)}</span>
        <button type="button" id="review-next" onClick={() => setStep(Math.min(total, step + 1))} disabled={step >= total}>{t('next')}</button>
        <input type="range" min={0} max={total} value={step} aria-label={stepWords(t, step, total)}
          onInput={(e) => setStep(Number((e.currentTarget as HTMLInputElement).value))} />
        {seat !== null && (
          <OwnSteps prefix="review" movers={movers} seat={seat} name={names[seat] ?? ''} step={step} go={setStep} />
        )}
        <button type="button" class="primary" id="review-close" onClick={onClose}>{t('backToTable')}</button>
        {shown?.last && <LastMove id="review-move" last={shown.last} names={names} catalog={catalog} colours={colours} />}
      </div>
      {error && <p class="error card" role="alert">{error}</p>}
      {/* a past decision of the player's, at a table against bots: what the hard bot would have played */}
      {askBot && token !== null && seat !== null && shown && shown.step < total && shown.actors.includes(seat) && (
        <PastHint table={table} token={token} step={shown.step} seat={seat} catalog={catalog}
          detail={ui.moveDetail && boardProps ? (move) => ui.moveDetail?.(move, boardProps) ?? null : undefined} />
      )}
      {shown && boardProps && (
        <PlayerPanels seats={seats} names={names} colours={colours} state={{ actors: shown.actors, seat: shown.seat, view: shown.view }}
          scores={scoresFor(game, liveScore, shown.view)} ui={ui} p={boardProps} words={words} now={0} catalog={catalog} live={false} />
      )}
      {shown && boardProps && (
        <div class="review-grid">
          <div class="area-board" id="review-board">
            <Board {...boardProps} />
          </div>
          <Log log={shown.log} catalog={catalog} colours={colours} freshFrom={shown.step - 1} />
        </div>
      )}
    </section>
  )
}
