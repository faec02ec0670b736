/** Skyrise's cards as printed, from the public data and the catalogs' texts: wonder cards (value, name,
 * effect), panoramas, secret objectives and the keys; a hidden card is drawn as its back. The same
 * template serves the table, the tooltips and the decision panel. */
import type { JsonObject } from '../../api'
import { countRender, memo, useChoosable } from '../choosable'
import type { BoardEnv } from '../types'
import { HUES } from './pieces'

/** What drawing a card reads: the game's data, the page's words, and what picking the card does. */
type CardEnv = Pick<BoardEnv, 'data' | 'catalog' | 'onPick'>

export type CardKind = 'wonder' | 'panorama' | 'objective' | 'key'

/** Which kind of card an id names, from the public data. */
export function kindOf(data: JsonObject, id: string): CardKind | null {
  for (const kind of ['wonders', 'panoramas', 'objectives', 'keys'] as const) {
    const table = data[kind] as JsonObject | undefined
    if (table && id in table) return kind.slice(0, -1) as CardKind
  }
  return null
}

function corner(p: Pick<BoardEnv, 'data'>, kind: CardKind, id: string): string {
  const entry = ((p.data[`${kind}s`] ?? {}) as Record<string, JsonObject>)[id] ?? {}
  if (kind === 'wonder') return String(entry.value ?? '')
  if (kind === 'key' || kind === 'objective') return String(entry.points ?? '')
  return String(entry.points ?? '')
}

/** A card face. `small` draws it for the decision panel (name and corner number only); `hot`: a legal
 * move names it (clicking it picks it). */
export function Card({ id, p, small = false, state, hot = false }: { id: string; p: CardEnv; small?: boolean; state?: string; hot?: boolean }) {
  const kind = kindOf(p.data, id)
  if (kind === null) return null
  const title = kind === 'wonder' ? p.catalog.label('wonder_card') : kind === 'panorama' ? p.catalog.label('panorama')
    : kind === 'objective' ? p.catalog.label('secret_objective') : p.catalog.label('keys')
  const objective = kind === 'objective' ? String(((p.data.objectives ?? {}) as Record<string, JsonObject>)[id]?.colour ?? '') : ''
  return (
    <div class={`sk-card sk-card-${kind}${small ? ' small' : ''}${hot ? ' hot' : ''}`} data-card={id} data-kind={kind}
      style={objective ? { borderColor: HUES[objective]?.ink } : undefined}
      role={hot ? 'button' : undefined} tabIndex={hot ? 0 : undefined}
      onClick={hot ? () => p.onPick(id) : undefined}
      onKeyDown={hot ? (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); p.onPick(id) } } : undefined}>
      <div class="sk-card-head">
        <span class="sk-card-corner" style={objective ? { background: HUES[objective]?.fill } : undefined}>{corner(p, kind, id)}</span>
        <span class="sk-card-name">{p.catalog.name(id)}</span>
      </div>
      {!small && <div class="sk-card-kind">{title}{state ? ` · ${state}` : ''}</div>}
      {!small && <div class="sk-card-text">{p.catalog.label(`text_${id}`)}</div>}
    </div>
  )
}

/** A card on the table: clickable while a move names it (the board's store says so, ../choosable.tsx). */
export function TableCard({ id, p, state }: { id: string; p: CardEnv; state?: string }) {
  const { hot } = useChoosable(id, undefined)
  return <Card id={id} p={p} state={state} hot={hot} />
}

/** The two panorama cards in play. */
export const Panoramas = memo(function Panoramas({ p, ids }: { p: CardEnv; ids: string[] }) {
  countRender('panoramas', undefined)
  return (
    <div class="sk-cards-row" data-part="panoramas">
      {ids.map((id) => <TableCard id={id} p={p} />)}
    </div>
  )
})

/** A face-down card of `kind`: what others see of a hand or an unrevealed objective. */
export function CardBack({ kind, p, count }: { kind: CardKind; p: Pick<BoardEnv, 'catalog'>; count?: number }) {
  const title = kind === 'wonder' ? p.catalog.label('wonder_card') : p.catalog.label('secret_objective')
  return (
    <div class={`sk-card sk-card-back sk-back-${kind}`} data-card="back" data-kind={kind} title={p.catalog.label('hidden_card')}>
      <span class="sk-back-mark">{title}</span>
      {count !== undefined && count > 1 && <span class="sk-back-count">×{count}</span>}
    </div>
  )
}
