/** Star Road's choices in the decision panel: what each costs and gives in one phrase, and the card it
 * is about drawn small; and the counters of the player panels (base HP, storage). */
import type { Json, JsonObject, Move } from '../../api'
import type { BoardProps, Counter } from '../types'
import { CardSvg, CharacterCard, Icon, ObjectCard } from './Cards'
import { abilityLines, character, design, mainValue, type Face } from './faces'
import { distance } from './Ring'

const list = (v: Json | undefined): JsonObject[] => (Array.isArray(v) ? v as JsonObject[] : [])

const seatOf = (view: JsonObject, seat: number): JsonObject | undefined => list(view.seats).find((s) => s.seat === seat)

const draftOf = (p: BoardProps): JsonObject | null => {
  const you = (p.view.you ?? null) as JsonObject | null
  return you ? (you.draft ?? null) as JsonObject | null : null
}

/** The seat whose production lines a line/level choice is on (see Board: cancel, pick). */
function linesOwner(move: Move, p: BoardProps): number | null {
  if (move.kind === 'cancel') {
    const attack = (p.view.attack ?? null) as JsonObject | null
    return attack ? attack.attacker as number : null
  }
  if (move.kind === 'pick') {
    const sub = draftOf(p)?.sub
    return typeof sub === 'number' && sub >= 0 ? sub : p.seat
  }
  return p.seat
}

/** The object a line/level choice names, with its design when the viewer may see it. */
function objectAt(move: Move, p: BoardProps): { o: JsonObject; face: Face | null } | null {
  if (typeof move.line !== 'number' || typeof move.level !== 'number') return null
  if (move.kind === 'place') {
    const no = draftOf(p)?.no
    return { o: { w: 0 }, face: design(p, no) }
  }
  const owner = linesOwner(move, p)
  const seat = owner === null ? undefined : seatOf(p.view, owner)
  const o = list(seat?.objects).find((x) => x.line === move.line && x.level === move.level)
  return o ? { o, face: design(p, o.no) } : null
}

function designWords(p: BoardProps, face: Face): string {
  const t = (k: string) => p.catalog.label(k)
  const parts = [`${t('cost')} ${String(face.cost)} [W]`]
  if (face.type === 'A') parts.push(`${t('attack')} ${String(face.a)}`, `${t('range')} ${String(face.r)}`)
  else if (face.type === 'P') parts.push(`${t('protection')} ${String(face.p)}`)
  else if (face.type === 'M') parts.push(`${t('mixed_value')} ${String(face.m)}`)
  else parts.push(...list(face.effects).map((e) => p.catalog.name(String(e.op))))
  return parts.join(' · ')
}

/** What a choice costs and gives, in one phrase. */
export function moveDetail(move: Move, p: BoardProps): string | null {
  const t = (k: string) => p.catalog.label(k)
  switch (move.kind) {
    case 'build': {
      const face = design(p, move.no)
      return face ? designWords(p, face) : null
    }
    case 'choose': {
      const face = character(p, move.card)
      return face ? abilityLines(p, face).slice(1).join(' · ') || null : null
    }
    case 'invest': {
      const me = p.seat === null ? undefined : seatOf(p.view, p.seat)
      return me ? `${t('storage')} ${String(me.storage)} → ${(me.storage as number) - (move.amount as number)} [W]` : null
    }
    case 'target':
    case 'order':
    case 'give': {
      const them = seatOf(p.view, move.seat as number)
      if (!them) return null
      const seats = list(p.view.seats)
      const d = p.seat !== null ? distance(seats, p.seat, move.seat as number, p.options.distance_counts_eliminated === true) : null
      return `${t('hp')} ${String(them.hp)}${d !== null && d > 0 ? ` · ${t('distance')} ${d}` : ''}`
    }
    default: {
      const at = objectAt(move, p)
      if (!at) return null
      if (!at.face) return `[W] ${String(at.o.w ?? 0)}`
      const value = mainValue(at.face)
      const main = at.face.type === 'A' ? `${t('attack')} ${value} · ${t('range')} ${String(at.face.r)}`
        : at.face.type === 'P' ? `${t('protection')} ${value}` : at.face.type === 'M' ? `${t('mixed_value')} ${value}`
          : list(at.face.effects).map((e) => p.catalog.name(String(e.op))).join(p.catalog.marks.names)
      return `${main} · [W] ${String(at.o.w ?? 0)}/${String(at.face.cost)}`
    }
  }
}

/** The card a choice is about, drawn small. */
export function MoveArt({ move, p }: { move: Move; p: BoardProps }) {
  if (move.kind === 'build') {
    const face = design(p, move.no)
    return face ? <CardSvg label={String(move.no)}><ObjectCard p={p} face={face} /></CardSvg> : null
  }
  if (move.kind === 'choose') {
    const face = character(p, move.card)
    return face ? <CardSvg label={String(move.card)}><CharacterCard p={p} face={face} /></CardSvg> : null
  }
  const at = objectAt(move, p)
  if (!at) return null
  return <CardSvg label={move.kind}><ObjectCard p={p} face={at.face} state={move.kind === 'place' ? undefined : at.o} /></CardSvg>
}

/** Base HP and storage [W] in each player's panel. */
export function seatCounters(view: JsonObject, seat: number, p: BoardProps): Counter[] {
  const s = seatOf(view, seat)
  if (!s) return []
  const icon = (kind: string) => <svg viewBox="0 0 20 20" width={16} height={16} aria-hidden="true"><Icon kind={kind} x={0} y={0} size={20} /></svg>
  // the word beside the cross: a phone has no hover to tell what the cross means
  if (s.alive === false) return [{ key: 'eliminated', value: `✝ ${p.catalog.label('eliminated')}`, label: p.catalog.label('eliminated') }]
  return [
    { key: 'hp', icon: icon('hp'), value: s.hp as number, label: p.catalog.label('hp') },
    { key: 'storage', icon: icon('w'), value: s.storage as number, label: p.catalog.label('storage') },
  ]
}
