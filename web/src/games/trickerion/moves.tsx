/** How Trickerion's choices read in the decision panel and the player panels: the card or space a
 * move is about (drawn small), what it costs and gives, and the counters (Fame, Coins, Shards). */
import type { ComponentChildren } from 'preact'
import type { Json, JsonObject, Move } from '../../api'
import type { BoardProps, Counter } from '../types'
import { AssignmentCard, CARD_H, CARD_W, MagicianCard, PERF_H, PERF_W, PerformanceCard, TRICK_H, TRICK_W, TrickCard } from './cards'
import { hasData, playerOf, requirements, type StageCard, tdata } from './data'
import { CardBack } from './cards'
import { CoinIcon, ComponentIcon, DieFace, FameIcon, InlineIcon, ShardIcon } from './icons'
import { capital } from '../../catalog'
import { fillTemplate } from '../../template'

const fill = (template: string, values: Record<string, string | number>) => fillTemplate(template, values, '')

export function trickerionCounters(view: JsonObject, seat: number, p: BoardProps): Counter[] {
  const pl = playerOf(view, seat)
  if (!pl) return []
  return [
    { key: 'fame', icon: <InlineIcon><FameIcon x={10} y={10} s={18} /></InlineIcon>, value: pl.fame, label: capital(p.catalog.name('fame')) },
    { key: 'coins', icon: <InlineIcon><CoinIcon x={10} y={10} s={18} /></InlineIcon>, value: pl.coins, label: capital(p.catalog.name('coins')) },
    { key: 'shards', icon: <InlineIcon><ShardIcon x={10} y={10} s={18} /></InlineIcon>, value: pl.shards, label: capital(p.catalog.name('shards')) },
  ]
}

const ACTION_OF: Record<string, string> = {
  learn_trick: 'learn_trick', hire: 'hire_character', take_coins: 'take_coins', reroll_die: 'reroll_die', set_die: 'set_die',
  order: 'order', quick_order: 'quick_order', move_trick: 'move_trick', move_components: 'move_components',
  move_apprentice: 'move_apprentice', set_up_trick: 'set_up_trick', supercharge: 'set_up_trick', reschedule: 'reschedule',
}

/** A die by its name ("Residence die A"): moves name the six dice by their number (TR-9.1). */
export function valueName(field: string, value: Json, p: BoardProps): string | null {
  if (field !== 'die' || typeof value !== 'number' || !hasData(p)) return null
  const die = Object.keys(tdata(p).dice)[value]
  return die ? p.catalog.name(die) : null
}

/** What a choice costs and gives, in one phrase. */
export function moveDetail(move: Move, p: BoardProps): string | null {
  if (!hasData(p)) return null
  const d = tdata(p)
  const w = (key: string, values: Record<string, string | number> = {}) => fill(p.catalog.term(key), values)
  const parts: string[] = []
  // the die a move uses, by its name (moves name it by number)
  const die = valueName('die', move.die ?? null, p)
  if (die) parts.push(die)
  const action = ACTION_OF[move.kind]
  if (action && d.action_ap[action] !== undefined) parts.push(w('detail_ap', { n: d.action_ap[action] }))
  const me = playerOf(p.view, p.seat)
  switch (move.kind) {
    case 'prepare': {
      const t = d.tricks[String(move.trick)]
      if (t) parts.push(w('detail_ap', { n: t.prepare_ap }), w('detail_markers', { n: requirements(p, String(move.trick)).markers }))
      break
    }
    case 'learn_trick': case 'start_trick': case 'engineer_trick': {
      const t = d.tricks[String(move.trick)]
      if (t) parts.push(w('detail_threshold', { n: t.threshold }))
      if (move.engineer === true) parts.push(w('detail_engineer_slot'))   // the same Trick, kept apart
      break
    }
    case 'move_components': {
      if (typeof move.swap === 'string') parts.push(fill(p.catalog.term('detail_swap'), { component: p.catalog.name(move.swap) }))
      break
    }
    case 'buy': {
      const price = d.components[String(move.component)]?.price ?? 0
      const count = Number(move.count ?? 1)
      const bargains = Number(move.bargains ?? 0)
      parts.push(w('detail_ap', { n: count + bargains }), w('detail_coins', { n: Math.max(0, price * count - bargains) }))
      if (move.manager === true) parts.push(w('detail_manager_slot'))
      break
    }
    case 'quick_order': {
      const price = d.components[String(move.component)]?.price ?? 0
      parts.push(w('detail_coins', { n: price + d.quick_order_surcharge }))
      break
    }
    case 'take_coins': {
      const die = Object.keys(d.dice)[Number(move.die)]
      const face = die ? String(((p.view.dice ?? {}) as JsonObject)[die] ?? '') : ''
      if (/^\d+$/.test(face)) parts.push(w('detail_gain_coins', { n: face }))
      break
    }
    case 'advertise': {
      const order = ((p.view.initiative ?? []) as number[]).indexOf(p.seat ?? -1)
      const space = ((p.view.initiative_spaces ?? []) as number[])[order]
      if (space !== undefined) parts.push(w('detail_coins', { n: space }))
      parts.push(w('detail_gain_fame', { n: d.advertise_fame }))
      break
    }
    case 'enhance':
      parts.push(w('detail_shards', { n: d.enhance.shards }), w('detail_gain_ap', { n: d.enhance.ap }))
      break
    case 'place': {
      const slot = d.slots[String(move.slot)]
      const c = d.characters[String(move.character).startsWith('apprentice') ? 'apprentice' : String(move.character)]
      if (slot && c && !slot.performance) parts.push(w('detail_gain_ap', { n: c.base_ap + slot.ap_modifier }))
      break
    }
    case 'set_up_trick': case 'supercharge': {
      const links = Number(move.coin_links ?? 0)
      if (links) parts.push(w('links_in_coins', { n: links }))
      break
    }
    default:
      break
  }
  if (me && parts.length === 0) return null
  return parts.length ? parts.join(' · ') : null
}

/** The Performance card at a Theater position (1-based), if one lies there. */
const stageCard = (p: BoardProps, position: number): StageCard | null =>
  ((p.view.theater ?? []) as (StageCard | null)[]).find((s) => s?.position === position) ?? null

/** The card or space a choice is about, drawn small. */
export function TrickerionMoveArt({ move, p }: { move: Move; p: BoardProps }) {
  if (!hasData(p)) return null
  const d = tdata(p)
  // a picture over twice as wide as tall (the Magician's card) is marked "wide": on a phone its words
  // go under it instead of being squeezed into a column a character wide beside it
  const svg = (w: number, h: number, height: number, child: ComponentChildren) => (
    <svg class={w > 2 * h ? 'move-art-svg wide' : 'move-art-svg'} width={(w / h) * height} height={height} viewBox={`0 0 ${w} ${h}`} aria-hidden="true">{child}</svg>
  )
  const trick = typeof move.trick === 'string' ? move.trick : null
  if (trick && d.tricks[trick]) return svg(TRICK_W, TRICK_H, 64, <TrickCard p={p} trick={trick} x={0} y={0} />)
  if (move.kind === 'choose_magician' && typeof move.magician === 'string') {
    return svg(150, 62, 34, <MagicianCard p={p} magician={move.magician} x={0} y={0} darkAlley={typeof p.view.dark_alley === 'object' && p.view.dark_alley !== null} />)
  }
  const card = typeof move.card === 'string' ? move.card : typeof move.location === 'string' ? move.location : null
  if (card && (d.assignments.special[card] || d.locations.includes(card))) return svg(CARD_W, CARD_H, 48, <AssignmentCard p={p} card={card} x={0} y={0} />)
  if (typeof move.card === 'number') {
    const stage = stageCard(p, move.card)
    if (stage) return svg(PERF_W, PERF_H, 56, <PerformanceCard p={p} card={stage.card} x={0} y={0} markers={stage.markers} />)
  }
  const component = typeof move.component === 'string' ? move.component : null
  if (component && d.components[component]) return svg(30, 30, 28, <ComponentIcon component={component} tier={d.components[component].tier} x={15} y={15} s={28} />)
  if (typeof move.die === 'number') {
    const die = Object.keys(d.dice)[move.die]
    const face = die ? String(((p.view.dice ?? {}) as JsonObject)[die] ?? 'x') : 'x'
    return svg(30, 30, 28, <DieFace face={face} x={15} y={15} s={28} />)
  }
  if (move.kind === 'draw_special' && typeof move.deck === 'string') return svg(CARD_W, CARD_H, 44, <CardBack x={0} y={0} location={move.deck} />)
  return null
}
