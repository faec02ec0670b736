/** A refusal that names its case (`reason`, `params`) and an upload's `problems`, worded in the page's
 * language from the game's catalog (`ui.error_<reason>`, the place words `problem_*`) and parlor's own
 * error words (`errors`, shared with the terminal). Names the author wrote (fields, entries) stay as written.
 * The same wording as src/parlor/games/starroad/problems.py and parlor.cli.words. */
import type { ApiError, Problem } from './api'
import { capital, type Catalog } from './catalog'
import { fillTemplate } from './template'

/** A parameter in words: a list joined ("a, b or c" for `either`), a type by its word. */
function shown(key: string, value: unknown, words: Record<string, string>): string {
  if (Array.isArray(value)) {
    const items = value.map(String)
    if (key === 'either' && items.length > 1) {
      return fillTemplate(words.problem_or ?? '{rest}, {last}', { rest: items.slice(0, -1).join(', '), last: items[items.length - 1] })
    }
    return items.join(', ')
  }
  if (key === 'type') return words[`type_${String(value)}`] ?? words[`problem_type_${String(value)}`] ?? String(value)
  return String(value)
}

function filled(template: string, params: Record<string, unknown>, words: Record<string, string>): string {
  return fillTemplate(template, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, shown(k, v, words)])))
}

/** What is wrong, without its place; null when the catalog has no words for it. */
export function problemText(catalog: Catalog, problem: Problem): string | null {
  const template = catalog.data.ui[`error_${problem.reason}`]
  return template === undefined ? null : filled(template, problem.params, catalog.data.ui)
}

/** Where it is: "Line 12, object Laser, effect 1" (the entry by the name its author gave it). */
export function problemPlace(catalog: Catalog, problem: Problem): string {
  const ui = catalog.data.ui
  const parts: string[] = []
  if (problem.line !== null) parts.push(fillTemplate(ui.problem_line ?? '{line}', { line: problem.line }))
  if (problem.table) {
    const name = (catalog.lang === 'zh_TW' ? problem.name_zh : '') || problem.name || problem.key
    parts.push(fillTemplate(ui[`problem_${problem.table}`] ?? '{name}', { name }))
  }
  if (problem.effect) parts.push(fillTemplate(ui.problem_effect ?? '{n}', { n: problem.effect }))
  return capital(parts.join(ui.problem_separator ?? ', '))
}

/** The whole problem: its place, then what is wrong; null when the catalog cannot word it. */
export function problemLine(catalog: Catalog, problem: Problem): string | null {
  const text = problemText(catalog, problem)
  if (text === null) return null
  const place = problemPlace(catalog, problem)
  return place ? fillTemplate(catalog.data.ui.problem_placed ?? '{place}: {text}', { place, text }) : capital(text)
}

/** The error's own case in words (a game's reason first, then parlor's), or null; an HTTP error or a
 * refusal over the socket (api.ts ErrorMessage). */
export function reasonText(catalog: Catalog, err: Pick<ApiError, 'reason'> & { params?: ApiError['params'] }): string | null {
  if (!err.reason) return null
  const params: Record<string, unknown> = { ...err.params }
  // an option the game has is named by its label in the page's language (the server names its id)
  const option = typeof params.name === 'string' ? catalog.data.options[params.name] : undefined
  if (option) params.name = option.label
  let key = `error_${err.reason}`
  if (err.reason === 'option_range' && (params.min === null || params.max === null)) {
    key = params.min === null ? 'error_option_at_most' : 'error_option_at_least'
  }
  const words = { ...catalog.data.errors, ...catalog.data.ui }
  const template = words[key]
  return template === undefined ? null : capital(filled(template, params, words))
}

/** An upload's problems by the option its file came with, each worded (in the order the server sent). */
export function problemsByFile(catalog: Catalog, problems: Problem[]): { file: string; label: string; lines: string[] }[] {
  const groups = new Map<string, string[]>()
  for (const problem of problems) {
    const line = problemLine(catalog, problem)
    if (line === null) continue
    groups.set(problem.file, [...(groups.get(problem.file) ?? []), line])
  }
  return [...groups.entries()].map(([file, lines]) => ({
    file, lines,
    label: fillTemplate(catalog.data.ui.problems_in_file ?? '{file}', { file: catalog.data.options[file]?.label ?? file, count: lines.length }),
  }))
}
