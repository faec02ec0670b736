/** Deltas of views (the server's deltas.py): a client that says `deltas: true` in its hello may get
 * `view_delta` instead of a large `view`: `{set: [[path, value]...], drop: [path...]}` to apply to
 * the view it received last on the same socket. Only the objects and arrays along a changed path are
 * copied, so unchanged parts of the view keep their identity (and their components need not redraw). */
import type { Json, JsonObject } from './api'

type Key = string | number
type Container = { [key: string]: Json } | Json[]
export interface ViewDelta { set: [Key[], Json][]; drop: Key[][] }

export function applyViewDelta(view: JsonObject, delta: ViewDelta): JsonObject {
  const root: JsonObject = { ...view }
  const copied = new Set<Container>([root])
  const slot = (node: Container) => node as Record<Key, Json>
  const parentOf = (path: Key[]): Container => {
    let node: Container = root
    for (const key of path) {
      const child = slot(node)[key] as Container
      const copy: Container = copied.has(child) ? child : Array.isArray(child) ? [...child] : { ...child }
      copied.add(copy)
      slot(node)[key] = copy
      node = copy
    }
    return node
  }
  for (const [path, value] of delta.set) slot(parentOf(path.slice(0, -1)))[path[path.length - 1]] = value
  for (const path of delta.drop) delete slot(parentOf(path.slice(0, -1)))[path[path.length - 1]]
  return root
}
