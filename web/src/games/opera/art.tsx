/** Opera in the frame around the board: the counters of the player panels, what a choice in the
 * decision panel costs and gives (from the data and the ladder now), and the piece, role tile or
 * building part a choice is about, drawn small beside it. */
import type { JsonObject, Move } from '../../api'
import { FitText, colourOf } from '../svg'
import type { BoardProps, Counter } from '../types'
import { Piece } from './look'
import {
  FIGURE_INK, type House, type OperaData, espertoValue, incomeOf, ladderOf, operaData, playersOf, say, valueOf,
} from './model'
import { BudgetIcon, CoinIcon, Pawn, StarIcon } from './pieces'

const icon = (child: preact.ComponentChildren) => (
  <svg viewBox="-8 -8 16 16" width="15" height="15" aria-hidden="true" style={{ verticalAlign: '-2px' }}>{child}</svg>
)

/** Budget row, roles chosen this round and (your own only: OP-15.1) ducats. */
export function counters(view: JsonObject, seat: number, p: BoardProps): Counter[] {
  const pl = playersOf(view).find((x) => x.seat === seat)
  const d = operaData(p.data)
  if (!pl) return []
  const out: Counter[] = [
    { key: 'budget', icon: icon(<BudgetIcon x={0} y={0} r={7} />), value: pl.row, label: p.catalog.label('budget') },
    { key: 'roles', value: `${pl.rolesChosen}/${d?.max_roles ?? 3}`, label: p.catalog.label('roles_chosen'),
      icon: icon(<rect x={-5} y={-7} width={10} height={14} rx={2} fill={colourOf(p, seat)} stroke="#6b5a44" />) },
  ]
  if (pl.money !== null) out.push({ key: 'money', icon: icon(<CoinIcon x={0} y={0} r={7} />), value: pl.money, label: p.catalog.label('money') })
  return out
}

/** The part a build move would take: the player's own house's part, or the next free main building. */
function buildCost(d: OperaData, p: BoardProps, move: Move): { ducats: number; vp: number } | null {
  const part = d.parts.find((x) => x.city === move.city && x.kind === move.part && x.min_players <= p.players)
  return part ? { ducats: part.cost_ducats, vp: part.vp } : null
}

/** What a choice costs and gives, in one phrase. */
export function moveDetail(move: Move, p: BoardProps): string | null {
  const d = operaData(p.data)
  if (!d) return null
  const ladder = ladderOf(p.view)
  const me = playersOf(p.view).find((x) => x.seat === p.seat)
  switch (move.kind) {
    case 'bid': {
      const amount = Number(move.amount)
      if (!me) return null
      return say(p, 'detail_bid', { n: amount, from: me.row, to: Math.min(d.budget.rows, me.row + amount) })
    }
    case 'role': {
      const role = d.roles.find((r) => r.id === move.role)
      return role ? say(p, 'detail_role', { n: role.cost }) : null
    }
    case 'buy':
      return say(p, 'detail_buy', { n: d.fame[valueOf(ladder, String(move.composer)) - 1]?.purchase_price ?? 0 })
    case 'build': {
      const cost = buildCost(d, p, move)
      return cost ? say(p, 'detail_build', { ducats: cost.ducats, vp: cost.vp }) : null
    }
    case 'sell': {
      const fame = d.fame[valueOf(ladder, String(move.composer)) - 1]
      if (!fame) return null
      return move.reward === 'vp' ? say(p, 'detail_gain_vp', { n: fame.signora_vp }) : say(p, 'detail_gain_ducats', { n: fame.signora_ducats })
    }
    case 'fame': {
      const from = valueOf(ladder, String(move.composer))
      const to = Math.max(1, Math.min(ladder.length, from + Number(move.steps)))
      return say(p, 'detail_fame', { from, to })
    }
    case 'destination': {
      const role = String(((p.view.decision ?? {}) as JsonObject).role ?? '')
      if (role !== 'esperto' || !me) return null
      const house = me.houses.get(String(move.city))
      return house ? say(p, 'detail_gain_vp', { n: espertoValue(house, ladder) }) : null
    }
    case 'score': {
      const at = ((p.view.figures ?? {}) as Record<string, string>).esperto
      const house = me?.houses.get(at)
      return house ? say(p, 'detail_gain_vp', { n: espertoValue(house, ladder) }) : null
    }
    case 'place':
    case 'store': {
      const house = me?.houses.get(String(move.city))
      if (!house) return null
      const maestro = ((p.view.figures ?? {}) as Record<string, string>).maestro === move.city
      const after: House = { house: house.house, halls: new Map(house.halls) }
      after.halls.set(Number(move.hall), move.kind === 'place' ? String(move.piece) : null)
      return say(p, 'detail_income', { from: incomeOf(d, house, maestro), to: incomeOf(d, after, maestro) })
    }
    case 'follow': {
      const role = d.roles.find((r) => r.id === ((p.view.decision ?? {}) as JsonObject).role)
      return role ? say(p, 'role_follow', { n: role.follow_cost_per_use }) : null
    }
    default:
      return null
  }
}

/** The piece, role tile, building part or city a choice is about. */
export function MoveArt({ move, p }: { move: Move; p: BoardProps }) {
  const d = operaData(p.data)
  if (!d) return null
  const ladder = ladderOf(p.view)
  const piece = typeof move.composer === 'string' ? move.composer : typeof move.piece === 'string' ? move.piece : null
  if (piece && ['buy', 'sell', 'fame', 'place'].includes(move.kind)) {
    return (
      <svg viewBox="0 0 52 44" role="img" aria-label={p.catalog.name(piece)} data-art={move.kind}>
        <Piece piece={piece} owner={p.seat} x={0} y={0} p={p} ladder={ladder} />
      </svg>
    )
  }
  if (move.kind === 'role' && typeof move.role === 'string') {
    const role = d.roles.find((r) => r.id === move.role)
    if (!role) return null
    return (
      <svg viewBox="0 0 64 44" role="img" aria-label={p.catalog.name(role.id)} data-art="role">
        <rect x={1} y={1} width={62} height={42} rx={5} fill={role.kind === 'character' ? '#efe6f3' : '#f6ecd6'} stroke="#6b5a44" />
        <FitText x={32} y={15} width={56} size={11} text={p.catalog.name(role.id)} font-weight="bold" />
        <BudgetIcon x={12} y={30} r={6} />
        <text x={21} y={35} font-size={12} font-weight="bold">{role.cost}</text>
        {role.kind === 'character' && <Pawn x={50} y={33} size={18} fill={FIGURE_INK[role.id] ?? '#555'} />}
      </svg>
    )
  }
  if (move.kind === 'build') {
    const part = d.parts.find((x) => x.city === move.city && x.kind === move.part)
    if (!part) return null
    const w = part.halls * 16 + 6
    return (
      <svg viewBox={`0 0 ${Math.max(w, 40)} 44`} role="img" aria-label={p.catalog.name(String(move.part))} data-art="build">
        <rect x={1} y={8} width={w - 2} height={26} rx={3} fill="#e9dcc3" stroke="#8a7558" />
        {part.hall_numbers.map((n, i) => (
          <g>
            <rect x={4 + i * 16} y={12} width={13} height={18} rx={2} fill="#fffdf5" stroke="#8a7558" stroke-width={0.6} />
            <text x={10.5 + i * 16} y={25} font-size={9} text-anchor="middle">{n}</text>
          </g>
        ))}
        <CoinIcon x={8} y={40} r={3.5} />
        <text x={13} y={43} font-size={7}>{part.cost_ducats}</text>
        <StarIcon x={26} y={40} r={3.5} />
        <text x={31} y={43} font-size={7}>{part.vp}</text>
      </svg>
    )
  }
  if (move.kind === 'destination') {
    const role = String(((p.view.decision ?? {}) as JsonObject).role ?? '')
    if (!(role in FIGURE_INK)) return null
    return (
      <svg viewBox="0 0 30 44" role="img" aria-label={p.catalog.name(role)} data-art="destination">
        <Pawn x={15} y={28} size={34} fill={FIGURE_INK[role]} />
      </svg>
    )
  }
  if (move.kind === 'bid') {
    return (
      <svg viewBox="0 0 44 44" role="img" aria-label={String(move.amount)} data-art="bid">
        <CoinIcon x={22} y={22} r={18} />
        <text x={22} y={28} font-size={16} font-weight="bold" text-anchor="middle" fill="#5a4208">{String(move.amount)}</text>
      </svg>
    )
  }
  return null
}
