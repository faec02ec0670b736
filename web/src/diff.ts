/** Paths ("players/0/coins") whose value differs between two views: the last changes, highlighted. */
import type { Json } from './api'

export function changedPaths(before: Json | undefined, after: Json, path = '', out = new Set<string>()): Set<string> {
  if (before === undefined) return out
  // a view delta keeps what did not change by identity: nothing to walk there
  if (before === after) return out
  if (after !== null && before !== null && typeof after === 'object' && typeof before === 'object'
    && Array.isArray(after) === Array.isArray(before)) {
    const a = after as Record<string, Json>
    const b = before as Record<string, Json>
    let any = false
    for (const key of Object.keys(a)) {
      const p = path ? `${path}/${key}` : key
      const n = out.size
      if (!(key in b)) out.add(p)
      else changedPaths(b[key], a[key], p, out)
      if (out.size > n) any = true
    }
    if (any && path) out.add(path)
    return out
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.add(path)
  return out
}
