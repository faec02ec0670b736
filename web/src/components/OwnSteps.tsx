/** A seat's own decisions, one after another, in a replay or a review: buttons to the position before the
 * seat's previous and next move in the record ("◀ Ada's previous move", "Ada's next move ▶"). */
import { useI18n } from '../i18n'

export function OwnSteps({ prefix, movers, seat, name, step, go }: {
  /** the ids' prefix: `replay` gives replay-own-prev and replay-own-next */
  prefix: string
  /** who made each move of the record, in order */
  movers: number[]
  seat: number
  name: string
  step: number
  go: (step: number) => void
}) {
  const { t } = useI18n()
  const own = movers.flatMap((mover, index) => (mover === seat ? [index] : []))
  const before = own.filter((index) => index < step).pop() ?? null
  const after = own.find((index) => index > step) ?? null
  return (
    <span class="replay-own">
      <button type="button" id={`${prefix}-own-prev`} disabled={before === null}
        onClick={() => before !== null && go(before)}>{t('ownPrevious', { name })}</button>
      <button type="button" id={`${prefix}-own-next`} disabled={after === null}
        onClick={() => after !== null && go(after)}>{t('ownNext', { name })}</button>
    </span>
  )
}
