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

/** `template` with its fields filled from `values`; a field without a value stays as written, or becomes
 * `missing` when that is given. */
export function fillTemplate(template: string, values: Values, missing?: string): string {
  return template.replace(FIELD, (whole, field: string, spec?: string, forms?: string) => {
    const value = values[field]
    if (value === undefined || value === null) return missing ?? whole
    if (spec === 'count') return counted(value, forms ?? '')
    return String(value)
  })
}
