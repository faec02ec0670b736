/** A finished game's decisions of the player's, every one looked at by the hard bot (the hint of each past
 * position, which the server thinks on one at a time per table): how often the player chose as it would
 * have, and the decisions where their move drew the least of its search against its own choice, each a
 * button to that position. The terminal's `parlor replay --analyse` says the same. */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api, type Hint, type Move, ApiError } from '../api'
import type { Catalog } from '../catalog'
import { errorText, useI18n } from '../i18n'
import { type MoveDetail, sameMove, toldApart, withShare } from './PastHint'

const MOST_SHOWN = 10      // differences listed, the largest first
const ASK_AGAIN_MS = 1500  // after a refusal while another position of the table is thought on

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** One decision set beside the bot's choice: the position's step, the player's move and the bot's, each
 * with its share of the bot's search. */
export interface Difference { step: number; played: { move: Move; share: number }; chosen: { move: Move; share: number } }

/** Of the answers at `steps`: how many decisions had a choice, how many the player made as the bot would
 * have, and where it chose otherwise with a clear pick (a close call, no choice standing out, is no
 * difference), the largest gap of the search's shares first. */
export function compare(answers: Map<number, Hint>, steps: number[]): { compared: number; agreed: number; apart: Difference[] } {
  let compared = 0
  let agreed = 0
  const apart: Difference[] = []
  for (const step of steps) {
    const hint = answers.get(step)
    // a forced move (one choice) has no shares; a move the record never made from here has no `played`
    if (!hint?.played || (!hint.weighed.length && !hint.spread)) continue
    compared += 1
    const own = hint.weighed[0]
    if (sameMove(hint.played.move, hint.move)) agreed += 1
    else if (own && sameMove(own.move, hint.move)) apart.push({ step, played: hint.played, chosen: own })
  }
  const gap = (d: Difference): number => d.chosen.share - d.played.share
  apart.sort((a, b) => gap(b) - gap(a) || a.step - b.step)
  return { compared, agreed, apart: apart.slice(0, MOST_SHOWN) }
}

export function GameAnalysis({ table, token, seat, steps, answers, onAnswer, onGo, catalog, detail, start: startAtOnce = false }: {
  table: string; token: string; seat: number
  /** the positions where the player decided: the step before each of their moves */
  steps: number[]
  answers: Map<number, Hint>
  onAnswer: (step: number, hint: Hint) => void
  onGo: (step: number) => void
  catalog: Catalog
  detail?: MoveDetail
  /** begin at once (the final result's link asked for it) */
  start?: boolean
}) {
  const { t } = useI18n()
  const [running, setRunning] = useState(false)
  const [error, setError] = useState('')
  const [listOpen, setListOpen] = useState(true)
  const [passed, setPassed] = useState<Set<number>>(() => new Set())   // steps the server would not answer
  const stopped = useRef(false)
  const known = useRef(answers)
  known.current = answers
  useEffect(() => () => {
    stopped.current = true   // leaving the page ends the questions
  }, [])
  useEffect(() => {
    if (startAtOnce) void start()
  }, [])
  const done = steps.filter((step) => answers.has(step) || passed.has(step)).length

  const ask = async (step: number): Promise<boolean> => {
    for (;;) {
      try {
        onAnswer(step, await api.hint(table, token, step))
        return true
      } catch (e) {
        const code = e instanceof ApiError ? e.code : 'network'
        if (stopped.current) return false   // stopped (or the page left) while asking
        if (code === 'rate_limited') {
          await pause(ASK_AGAIN_MS)   // another position of this table (the player's own question) first
          continue
        }
        if (code === 'forbidden' || code === 'bad_request') {
          setPassed((before) => new Set(before).add(step))
          return true
        }
        setError(errorText(t, code))
        return false
      }
    }
  }
  const start = async () => {
    stopped.current = false
    setRunning(true)
    setError('')
    for (const step of steps) {
      if (stopped.current) break
      if (known.current.has(step) || passed.has(step)) continue
      if (!(await ask(step))) break
    }
    setRunning(false)
  }

  const { compared, agreed, apart } = compare(answers, steps)
  const finished = done === steps.length
  const summary = compared === 1 ? t('analysisSummaryOne', { same: agreed }) : t('analysisSummary', { same: agreed, n: compared })
  return (
    <section class="card analysis" id="analysis" aria-label={t('analysisTitle')}>
      <h3>{t('analysisTitle')}</h3>
      {!running && !finished && (
        <button type="button" id="analyse" onClick={() => void start()}>{done ? t('analysisGoOn') : t('analysisStart')}</button>
      )}
      {running && (
        <p class="analysis-progress">
          <progress value={done} max={steps.length} />
          <span id="analysis-progress">{t('analysisProgress', { done, total: steps.length })}</span>
          <button type="button" id="analysis-stop" onClick={() => { stopped.current = true }}>{t('analysisStop')}</button>
        </p>
      )}
      {compared > 0 && <p id="analysis-summary">{summary}</p>}
      {finished && compared === 0 && <p id="analysis-summary">{t('analysisNone')}</p>}
      {apart.length > 0 && (
        // folded once the player goes to one of them, so that the board follows the position's controls
        <details class="analysis-apart" open={listOpen}
          onToggle={(e) => setListOpen((e.currentTarget as HTMLDetailsElement).open)}>
          <summary>{t('analysisApart')}</summary>
          <ol class="analysis-list" id="analysis-list">
            {apart.map((d) => {
              const said = toldApart(catalog, seat, [d.played.move, d.chosen.move], detail)
              return (
              <li key={d.step}>
                <button type="button" data-step={d.step} onClick={() => {
                  setListOpen(false)
                  onGo(d.step)
                }}>
                  {t('beforeMove', { n: d.step + 1 })}
                </button>
                <span>{t('youPlayed', { move: withShare(t, catalog, said(d.played.move), d.played.share) })}</span>
                <span>{t('hintSays', { move: withShare(t, catalog, said(d.chosen.move), d.chosen.share) })}</span>
              </li>
              )
            })}
          </ol>
        </details>
      )}
      {error && <p class="notice error" role="alert">{error}</p>}
    </section>
  )
}
