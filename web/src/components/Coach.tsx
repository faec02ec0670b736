/** Learning by playing against bots: after each of the player's own decisions that had a choice, what the hard
 * bot would have played there, beside the move they made (the hint of that past position, asked once their
 * move is in, so it can tell nothing about a decision still to make). Off unless the player asks for it in
 * the settings; only at a table where every other seat is a bot (the server refuses it elsewhere). */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api, type Hint } from '../api'
import type { Catalog } from '../catalog'
import { useI18n } from '../i18n'
import { type MoveDetail, pastWords } from './PastHint'

export interface Coach {
  /** the answer about the player's last decision, until their next move or an undo */
  answer: { index: number; hint: Hint } | null
  /** to be called as the player sends a move from the position `at`, which offered `choices` moves */
  decide: (at: number, choices: number) => void
  /** the player has read it: put it away until their next decision */
  dismiss: () => void
}

export function useCoach(table: string, token: string | null, on: boolean, index: number, epoch: number): Coach {
  const decided = useRef<number | null>(null)
  const decisions = useRef(0)   // counts the player's moves: an answer that comes after a later one is dropped
  const [answer, setAnswer] = useState<Coach['answer']>(null)
  const decide = (at: number, choices: number) => {
    decisions.current += 1
    setAnswer(null)
    decided.current = on && choices > 1 ? at : null   // a forced move teaches nothing
  }
  useEffect(() => {
    const at = decided.current
    if (at === null || token === null || index <= at) return
    decided.current = null
    const asked = decisions.current
    // a refusal (another past position being thought on, a seat given away) just leaves this one unsaid
    api.hint(table, token, at).then((hint) => {
      if (asked === decisions.current) setAnswer({ index: at, hint })
    }, () => undefined)
  }, [index])
  useEffect(() => {
    decided.current = null
    decisions.current += 1
    setAnswer(null)   // moves taken back: the answer was about one of them
  }, [epoch])
  return { answer, decide, dismiss: () => setAnswer(null) }
}

export function CoachNote({ hint, seat, catalog, detail, onClose }: {
  hint: Hint; seat: number; catalog: Catalog; detail?: MoveDetail; onClose: () => void
}) {
  const { t } = useI18n()
  return (
    <div class="notice hint coach" id="coach" role="status">
      {/* put away on a phone, where it stands above the choices */}
      <button type="button" class="close" id="coach-close" aria-label={t('close')} title={t('close')} onClick={onClose}>×</button>
      <span class="coach-words"><strong>{t('coachTitle')}</strong>{'\n'}{pastWords(t, catalog, hint, seat, detail)}</span>
    </div>
  )
}
