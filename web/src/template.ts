/** Filling a text template: `{field}` by its value, `{field:count:Coin|Coins}` by the number with its noun
 * in the right number (the first form for one, the second for any other amount), as the server's catalogs
 * do. One filler for the page's words, the catalogs' labels and the boards' texts. */

export type Values = Record<string, unknown>

const FIELD = /\{(\w+)(?::(\w+)(?::([^{}]*))?)?\}/g

/** `n` with the noun of `forms` ("Coin|Coins") in the right number; a value that is not a number (a
 * range such as "2–3") reads as many. */
export const counted = (n: unknown, forms: string): string => {
  const [one, other] = forms.split('|')
  return `${String(n)} ${Math.abs(Number(n)) === 1 ? one : other ?? one}`
}

const CJK = '\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef'
/** A space between two Chinese characters, which Chinese does not write (core/text.py's SPACE_BETWEEN_CHINESE). */
export const SPACE_BETWEEN_CHINESE = new RegExp(`(?<=[${CJK}]) +(?=[${CJK}])`, 'g')
/** One Chinese character (or Chinese punctuation). */
export const CHINESE_CHARACTER = new RegExp(`^[${CJK}]$`)
const CHINESE_TEXT = new RegExp(`[${CJK}]`)

/** `template` with its fields filled from `values`; a field without a value stays as written, or becomes
 * `missing` when that is given. A Chinese template spaces its fields apart ("由 {player} 選擇") because a
 * field may be a number or a Latin name; where a Chinese word filled it, the spaces go ("由電腦 2（隨機）選擇"). */
export function fillTemplate(template: string, values: Values, missing?: string): string {
  const filled = template.replace(FIELD, (whole, field: string, spec?: string, forms?: string) => {
    const value = values[field]
    if (value === undefined || value === null) return missing ?? whole
    if (spec === 'count') return counted(value, forms ?? '')
    return String(value)
  })
  return CHINESE_TEXT.test(template) ? filled.replace(SPACE_BETWEEN_CHINESE, '') : filled
}
