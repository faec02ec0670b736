/** Why the server refused something, in the page's language: the case it names (which option, which bound),
 * and an uploaded file's problems as a list by file, each with its line and entry (problems.ts). */
import type { ApiError } from '../api'
import type { Catalog } from '../catalog'
import { errorText, useI18n } from '../i18n'
import { problemsByFile, reasonText } from '../problems'

/** `title`, when given, says first what was refused (the tools page: "this file is not a valid chart"). */
export function Refusal({ error, catalog, id, title }: { error: ApiError; catalog: Catalog | null; id?: string; title?: string }) {
  const { t } = useI18n()
  const files = catalog ? problemsByFile(catalog, error.problems) : []
  const reason = catalog && !files.length ? reasonText(catalog, error) : null
  return (
    <div class="error refusal" role="alert" id={id}>
      {title && <p class="refusal-title">{title}</p>}
      {!files.length && <p>{reason ?? errorText(t, error.code)}</p>}
      {files.map((f) => (
        <div class="problems" data-file={f.file}>
          <p>{f.label}</p>
          <ul>{f.lines.map((line) => <li>{line}</li>)}</ul>
        </div>
      ))}
    </div>
  )
}
