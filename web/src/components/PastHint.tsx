/** The hard bot's view of a decision: a hint's words (shared with the table's own hint), and in a review
 * or a replay a button that asks it about one of the player's past decisions, with the move they played
 * there set beside its choice. */
import { useEffect, useState } from 'preact/hooks'
import { api, type Hint, type Move, ApiError } from '../api'
import type { Catalog } from '../catalog'
import { errorText, type I18n, useI18n } from '../i18n'

const percent = (share: number): number => Math.round(share * 100)

/** What tells a move from another of the same words (the game's detail of a choice: Trickerion's die), or null. */
export type MoveDetail = (move: Move) => string | null

/** How a hint says its moves: in the catalog's words, and where two of `moves` read alike (Trickerion's
 * "Reroll a die" with two dice), each with what tells it apart ("Reroll a die: Residence die A"). */
export function toldApart(catalog: Catalog, seat: number, moves: Move[], detail?: MoveDetail): (move: Move) => string {
  const plain = (move: Move): string => catalog.move(move, seat)
  if (!detail) return plain
  const readers = new Map<string, Set<string>>()
  for (const move of moves) readers.set(plain(move), (readers.get(plain(move)) ?? new Set()).add(JSON.stringify(move)))
  return (move) => {
    const words = plain(move)
    const apart = (readers.get(words)?.size ?? 0) > 1 ? detail(move) : null
    return apart ? words + catalog.marks.colon + apart : words
  }
}

/** "Pass (12% of its search)": a move's words with its share of the bot's search. */
export const withShare = (t: I18n['t'], catalog: Catalog, words: string, share: number): string =>
  words + catalog.aside(t('hintShare', { share: percent(share) }))

export const sameMove = (a: Move | null, b: Move | null): boolean =>
  a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b)

const named = (hint: Hint): Move[] => [hint.move, ...hint.weighed.map((w) => w.move), ...(hint.played ? [hint.played.move] : [])]

/** A hint in words: the hard bot's choice with its share of the search, then on a line of its own the other
 * choices that stood out in the search ("Pass 28%"), or that none did. */
export function hintWords(t: I18n['t'], catalog: Catalog, hint: Hint, seat: number, detail?: MoveDetail): string {
  return hintLines(t, catalog, hint, toldApart(catalog, seat, named(hint), detail)).join('\n')
}

function hintLines(t: I18n['t'], catalog: Catalog, hint: Hint, said: (move: Move) => string, besides: Move | null = null): string[] {
  const [own, ...weighed] = hint.weighed
  const says = t('hintSays', { move: own ? withShare(t, catalog, said(hint.move), own.share) : said(hint.move) })
  if (hint.spread) return [says, t('hintSpread', { n: hint.spread })]
  const others = weighed.filter((w) => !sameMove(w.move, besides))   // not the move said already
  if (!others.length) return [says]
  const choices = others.map((w) => `${said(w.move)} ${percent(w.share)}%`)
  return [says, t('hintWeighed', { choices: choices.join(catalog.marks.names) })]
}

/** A past decision's answer in words, a line each (`pastLines`). */
export function pastWords(t: I18n['t'], catalog: Catalog, hint: Hint, seat: number, detail?: MoveDetail): string {
  return pastLines(t, catalog, hint, toldApart(catalog, seat, named(hint), detail)).join('\n')
}

/** A past decision's answer: the move the player made with its share of the search, then the bot's choice
 * (or that it agrees) and the other choices that stood out, the player's not said twice. */
function pastLines(t: I18n['t'], catalog: Catalog, hint: Hint, said: (move: Move) => string): string[] {
  const played = hint.played
  if (!played) return hintLines(t, catalog, hint, said)
  const lines = hintLines(t, catalog, hint, said, played.move)
  const made = t('youPlayed', { move: withShare(t, catalog, said(played.move), played.share) })
  return sameMove(played.move, hint.move) ? [made, t('hintAgrees'), ...lines.slice(1)] : [made, ...lines]
}

/** At a past position where `seat` decided: ask the hard bot what it would have played there; its answer
 * follows the move the player made ("You played: Pass (12% of its search)"). Asked again at each step. */
export function PastHint({ table, token, step, seat, catalog, known, onAnswer, detail }: {
  table: string; token: string; step: number; seat: number; catalog: Catalog
  detail?: MoveDetail
  /** the answer here already had (the game's analysis asked it): shown without asking */
  known?: Hint
  onAnswer?: (step: number, hint: Hint) => void
}) {
  const { t } = useI18n()
  const [answer, setAnswer] = useState<{ step: number; hint: Hint } | null>(null)
  const [asking, setAsking] = useState(false)
  const [error, setError] = useState('')
  useEffect(() => {
    setAsking(false)
    setError('')
  }, [step])
  const ask = () => {
    setAsking(true)
    setError('')
    api.hint(table, token, step).then((hint) => {
      setAnswer({ step: hint.index, hint })
      onAnswer?.(hint.index, hint)
      setAsking(false)
    }, (e: ApiError) => {
      setError(errorText(t, e.code))
      setAsking(false)
    })
  }
  const shown = known ?? (answer !== null && answer.step === step ? answer.hint : null)
  return (
    <div class="past-hint" id="past-hint">
      {!shown && (
        <button type="button" id="ask-past-hint" onClick={ask} disabled={asking}>
          {asking ? t('thinking') : t('askBotHere')}
        </button>
      )}
      {shown && (
        <p class="notice hint" role="status">{pastWords(t, catalog, shown, seat, detail)}</p>
      )}
      {error && <p class="notice error" role="alert">{error}</p>}
    </div>
  )
}
