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

/** The word of `forms` ("up|down") for a positive `n`, or for a negative one. */
export const signed = (n: unknown, forms: string): string => {
  const [up, down] = forms.split('|')
  return Number(n) > 0 ? up : down ?? up
}

/** A signed number's size with its noun: `{steps:size:place|places}` reads -2 as "2 places". */
export const sized = (n: unknown, forms: string): string =>
  forms ? counted(Math.abs(Number(n)), forms) : String(Math.abs(Number(n)))

/** A field filled by its format: `count`, `sign` and `size` as above, anything else as written. */
export function formatted(value: unknown, spec: string | undefined, forms: string | undefined): string | null {
  if (spec === 'count') return counted(value, forms ?? '')
  if (spec === 'sign') return signed(value, forms ?? '')
  if (spec === 'size') return sized(value, forms ?? '')
  return null
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
    return formatted(value, spec, forms) ?? String(value)
  })
  return CHINESE_TEXT.test(template) ? filled.replace(SPACE_BETWEEN_CHINESE, '') : filled
}
