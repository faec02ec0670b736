/** What lets a board redraw only the parts that changed.
 *
 * Which elements are clickable (the targets of the legal moves) changes with almost every state,
 * and every part of a board has some; passed down as props it would redraw every part every time.
 * So the targets live in a small store beside the board instead: each `Spot` reads whether it is
 * clickable from the store and is told when that answer changes, and the parts above it need not
 * redraw at all. The rest of what a part draws comes as props that keep their identity while their
 * content is the same (`useSettle`), so a part wrapped in `memo` skips the states that do not touch it. */
import { type Component, type ComponentChildren, createContext, type FunctionComponent, h } from 'preact'
import { useContext, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks'
import type { BoardEnv, BoardProps } from './types'

/** The clickable board elements now, and whether the seat decides at all (then an element that is
 * not clickable but fills a move field can be tried, and the frame says why not). */
export class Choosable {
  targets: ReadonlySet<string> = new Set()
  deciding = false
  private readonly listeners = new Set<() => void>()

  /** The new targets; true when they differ from the last ones (listeners are then told). */
  update(targets: ReadonlySet<string>, deciding: boolean): boolean {
    if (deciding === this.deciding && sameSet(targets, this.targets)) return false
    this.targets = targets
    this.deciding = deciding
    return true
  }

  tell(): void {
    for (const listener of this.listeners) listener()
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false
  for (const x of a) if (!b.has(x)) return false
  return true
}

/** Outside any board (a card drawn in the decision panel): nothing is clickable. */
const NOTHING = new Choosable()
const ChoosableContext = createContext<Choosable>(NOTHING)

/** Draws `children` (a game's board) with the store of its clickable elements. The store is updated
 * before the board draws (parts drawn now read the new targets), and the spots of parts that skipped
 * this state are told after it is drawn. */
export function ChoosableBoard({ targets, legal, children }: Pick<BoardProps, 'targets' | 'legal'> & { children: ComponentChildren }) {
  const [store] = useState(() => new Choosable())
  const changed = store.update(targets, legal.length > 0)
  useLayoutEffect(() => {
    if (changed) store.tell()
  })
  return <ChoosableContext.Provider value={store}>{children}</ChoosableContext.Provider>
}

/** Whether the element `id` is clickable now (`hot`), or may be tried (`tryable`: some legal move has
 * the field it would fill); the calling component redraws when either answer changes. `own`, when
 * given, is the answer to `hot` that the calling part found itself (it is no move's target, so the
 * store cannot know it; the part redraws when it changes, as it passes it in). */
export function useChoosable(id: string | null, field: string | undefined, own?: boolean): { hot: boolean; tryable: boolean } {
  const store = useContext(ChoosableContext)
  const read = () => {
    const hot = id !== null && (own ?? store.targets.has(id))
    return { hot, tryable: !hot && id !== null && field !== undefined && store.deciding }
  }
  const now = read()
  const drawn = useRef(now)
  drawn.current = now
  const [, redraw] = useReducer((n: number) => n + 1, 0)
  useEffect(() => store.subscribe(() => {
    const next = read()
    if (next.hot !== drawn.current.hot || next.tryable !== drawn.current.tryable) redraw(0)
  }), [store, id, field, own])
  return now
}

/** `settle(name, value)`: `value`, or the value last given under `name` when it was the same (by its
 * JSON, or by `key` when given): a prop derived anew each state keeps its identity while it does not
 * change, so the `memo` of the part it goes to holds. */
export function useSettle(): <T>(name: string, value: T, key?: string) => T {
  const held = useRef(new Map<string, { key: string; value: unknown }>())
  return <T,>(name: string, value: T, key: string = JSON.stringify(value)): T => {
    const last = held.current.get(name)
    if (last && last.key === key) return last.value as T
    held.current.set(name, { key, value })
    return value
  }
}

const NONE: ReadonlySet<string> = new Set()

/** The paths of `changed` under any of `prefixes` (the part's own "last change" highlights). */
export function changedWithin(changed: ReadonlySet<string>, prefixes: string[]): ReadonlySet<string> {
  let out: Set<string> | null = null
  for (const path of changed) {
    if (prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) (out ??= new Set()).add(path)
  }
  return out ?? NONE
}

/** Test-only: with `window.__parlorRenders` set to an object, each board part counts its redraws in
 * it (tests/e2e/test_board_render.py checks that a state redraws only the parts it changes); `which`
 * tells apart the parts of one kind (a player's board by seat, a district by its id). */
export function countRender(part: string, which: number | string | undefined): void {
  const counts = (window as unknown as { __parlorRenders?: Record<string, number> }).__parlorRenders
  if (!counts) return
  const key = which === undefined ? part : `${part}:${which}`
  counts[key] = (counts[key] ?? 0) + 1
}

/** A function that keeps its identity across draws and always calls the latest `fn`: a callback
 * handed to memoized parts (`send`, `why`) would otherwise be new each state and redraw them all. */
export function useSteady<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn)
  latest.current = fn
  const [steady] = useState(() => (...args: A) => latest.current(...args))
  return steady
}

/** The board's `BoardEnv`: one object while none of its fields changes (the frame keeps them steady). */
export function useBoardEnv(p: BoardProps): BoardEnv {
  const { game, seat, players, options, catalog, data, colours, t, lang, onPick, send, why, mode } = p
  return useMemo(() => ({ game, seat, players, options, catalog, data, colours, t, lang, onPick, send, why, mode }),
    [game, seat, players, options, catalog, data, colours, t, lang, onPick, send, why, mode])
}

// Every part draws afresh once in so many states. A part that skips state after state keeps Preact's
// references into the tree of the state it last drew in (its element's parent), and through it that
// state's whole view: an 8-player Star Road page held about 1.2 GB more every hundred moves and its
// tab crashed within a game. Drawing every part anew lets the old trees go (heap after collection near
// 30 MB over 90 moves, where it grew 39, 88, 203 MB; tests/e2e/test_memory.py).
const FRESH_EVERY = 25
let freshness = 0

/** Once every `FRESH_EVERY` states shown (`index`, the table's or the replay's), every memoized part
 * draws again at the next state. Not while a test counts the parts' redraws (`countRender`). */
export function useFreshParts(index: number): void {
  const shown = useRef(0)
  useEffect(() => {
    shown.current += 1
    const counting = (window as { __parlorRenders?: unknown }).__parlorRenders !== undefined
    if (shown.current % FRESH_EVERY === 0 && !counting) freshness += 1
  }, [index])
}

/** `part`, drawn again only when one of its props is no longer the same object or value, or when the
 * page asks every part to draw afresh (`useFreshParts`). (preact/compat's `memo` would do, but
 * importing compat hooks every element the page creates, a cost on every state.) */
export function memo<P extends object>(part: FunctionComponent<P>): FunctionComponent<P> {
  function Memoized(this: Component<P> & { drawnIn?: number }, props: P) {
    this.drawnIn = freshness
    this.shouldComponentUpdate = (next: P) => this.drawnIn !== freshness || !sameProps(this.props, next)
    return h(part, props)
  }
  Memoized.displayName = `Memo(${part.displayName ?? part.name})`
  return Memoized
}

function sameProps<P extends object>(a: P, b: P): boolean {
  const before = a as Record<string, unknown>
  const after = b as Record<string, unknown>
  for (const key in before) if (!(key in after)) return false
  for (const key in after) if (before[key] !== after[key]) return false
  return true
}
