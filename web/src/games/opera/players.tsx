/** The players' places at the table: each player's score, budget, start-player and pass markers and
 * VP by category, and their screen (OP-3.5): your own ducats and supply pieces in front of it, the
 * others' hidden behind it (drawn as the screen, nothing counted: OP-15.1). Beside them what is
 * being resolved now: the sealed bids, or the role with its chooser, follower and the offers left. */
import type { JsonObject } from '../../api'
import { FitText, Panel, Spot, changedUnder, colourOf } from '../svg'
import type { BoardProps } from '../types'
import { PIECE_H, PIECE_W, Piece, pieceTip } from './look'
import { FIGURE_INK, type OperaData, type Player, decisionOf, inkOn, pieceKeys, say } from './model'
import { BudgetDisc, BudgetIcon, CoinIcon, PassMarker, Pawn, Screen, StarIcon } from './pieces'

const W = 360
const PER_ROW = 6

/** A sealed bid lying face down (OP-6.1): nobody sees its amount. */
function SealedBid({ x, y, colour }: { x: number; y: number; colour: string }) {
  return (
    <g class="sealed-bid" data-hidden="bid">
      <rect x={x} y={y} width={30} height={20} rx={3} fill="#5a2d3a" stroke={colour} stroke-width={1.5} />
      <path d={`M${x},${y} l15,11 l15,-11`} fill="none" stroke="#e2c98f" stroke-width={1} />
    </g>
  )
}

function Chips({ p, pl, y }: { p: BoardProps; pl: Player; y: number }) {
  const parts = Object.entries(pl.points).filter(([, n]) => n !== 0)
  return (
    <g class="points">
      {parts.map(([key, n], i) => {
        const x = 8 + (i % 3) * 116
        const cy = y + Math.floor(i / 3) * 22
        return (
          <g class="point-chip" data-category={key}>
            <rect x={x} y={cy} width={112} height={19} rx={9} fill="#f3e6c8" stroke="#c9b99c" />
            <FitText x={x + 8} y={cy + 14} width={78} size={11} anchor="start" text={p.catalog.category(key)} fill="#4a3a28" />
            <text x={x + 104} y={cy + 14} font-size={11} font-weight="bold" text-anchor="end">{n > 0 ? `+${n}` : String(n)}</text>
          </g>
        )
      })}
    </g>
  )
}

/** The supply pieces in front of your own screen: during a rearrangement a piece is picked up and
 * then put into a hall (see Board's `held`). */
function Supply({ p, d, pl, y, ladder, held, hold }: {
  p: BoardProps; d: OperaData; pl: Player; y: number; ladder: string[]; held: string | null; hold: (piece: string | null) => void
}) {
  const supply = pl.supply ?? []
  const gap = (W - 16 - PER_ROW * PIECE_W) / (PER_ROW - 1)
  const placeable = new Set(p.legal.filter((l) => l.move.kind === 'place').map((l) => String(l.move.piece)))
  const slides = pieceKeys(pl, d.cities.map((c) => c.id))
  return (
    <g class="supply" data-count={supply.length}>
      {supply.map((piece, i) => {
        const x = 8 + (i % PER_ROW) * (PIECE_W + gap)
        const py = y + Math.floor(i / PER_ROW) * (PIECE_H + 6)
        const key = `supply-${piece}`
        const can = placeable.has(piece)
        const local = can ? { ...p, onPick: () => hold(held === piece ? null : piece) } : p
        return (
          <Spot id={can ? key : null} p={local} clickable={can} label={p.catalog.name(piece)} tip={pieceTip(p, d, ladder, piece, pl.seat)}
            piece={slides.get(`supply/${i}`)}>
            <rect x={x - 2} y={py - 2} width={PIECE_W + 4} height={PIECE_H + 4} rx={6} fill="none"
              stroke={held === piece ? '#f0a800' : 'none'} stroke-width={3} data-supply={piece} />
            <Piece piece={piece} owner={pl.seat} x={x} y={py} p={p} ladder={ladder} />
          </Spot>
        )
      })}
    </g>
  )
}

export function PlayerArea({ p, d, pl, ladder, held, hold }: {
  p: BoardProps; d: OperaData; pl: Player; ladder: string[]; held: string | null; hold: (piece: string | null) => void
}) {
  const colour = colourOf(p, pl.seat)
  const own = pl.seat === p.seat
  const bidding = (p.view.bidding ?? null) as JsonObject | null
  const committed = (bidding && Array.isArray(bidding.committed) ? bidding.committed : []) as number[]
  const deciding = (bidding && Array.isArray(bidding.deciding) ? bidding.deciding : []) as number[]
  const yours = own && bidding && bidding.yours && typeof bidding.yours === 'object' ? (bidding.yours as JsonObject).amount : null
  const chips = Object.values(pl.points).filter((n) => n !== 0).length
  const chipsH = Math.ceil(chips / 3) * 22
  const screenY = 62 + chipsH + 6
  const supply = pl.supply ?? []
  const supplyRows = Math.max(1, Math.ceil(supply.length / PER_ROW))
  const screenH = own ? 28 + supplyRows * (PIECE_H + 6) : 64
  const k = p.view.players && Array.isArray(p.view.players) ? (p.view.players as JsonObject[]).findIndex((x) => x.seat === pl.seat) : pl.seat
  return (
    <Panel w={W} h={screenY + screenH + 6} title={p.catalog.seat(pl.seat)} colour={colour} part="player" seat={pl.seat}
      changed={changedUnder(p, `players/${k}`)}>
      <g transform="translate(0 0)">
        <StarIcon x={16} y={42} r={8} />
        <text x={28} y={47} font-size={14} font-weight="bold" data-score={pl.score}>{pl.score}</text>
        <title>{say(p, 'score_of', { n: pl.score })}</title>
      </g>
      <g>
        <title>{say(p, 'budget_row', { n: pl.row })}</title>
        <BudgetIcon x={76} y={42} r={8} />
        <text x={88} y={47} font-size={14}>{pl.row}</text>
      </g>
      {pl.seating === 1 && (
        <g class="start-player">
          <path d="M120,34 v18 M120,34 l12,4 l-12,4" stroke="#2b2118" stroke-width={1.5} fill="#c0392b" />
          <FitText x={136} y={47} width={90} size={11} anchor="start" text={p.catalog.label('start_player')} />
        </g>
      )}
      {pl.passed && (
        <g class="passed">
          <PassMarker cx={240} cy={42} r={8} />
          <FitText x={252} y={47} width={W - 262} size={11} anchor="start" text={p.catalog.label('passed')} />
        </g>
      )}
      {deciding.includes(pl.seat) && (
        committed.includes(pl.seat)
          ? (
            <g class="bid-state" data-state="sealed">
              <SealedBid x={W - 44} y={8} colour={colour} />
              {yours !== null && yours !== undefined && <text x={W - 50} y={23} font-size={12} text-anchor="end">{say(p, 'your_bid', { n: String(yours) })}</text>}
              <title>{p.catalog.label('sealed_bid')}</title>
            </g>
          )
          : (
            <g class="bid-state" data-state="deciding">
              <FitText x={W - 10} y={22} width={140} size={11} anchor="end" text={p.catalog.label('bidding_now')} fill="#6b5a44" />
            </g>
          )
      )}
      <Chips p={p} pl={pl} y={56} />
      {own ? (
        <g class="own-screen">
          <rect x={4} y={screenY} width={W - 8} height={screenH} rx={6} fill="#f7f0e2" stroke={colour} stroke-dasharray="4 3" />
          <FitText x={12} y={screenY + 17} width={W - 130} size={11} anchor="start" text={p.catalog.label('before_your_screen')} fill="#6b5a44" />
          <g class="money" data-money={pl.money ?? undefined}>
            <title>{p.catalog.label('money')}</title>
            <CoinIcon x={W - 22 - String(pl.money ?? '').length * 8.5} y={screenY + 13} r={8} />
            <text x={W - 12} y={screenY + 18} font-size={14} font-weight="bold" text-anchor="end">{pl.money ?? ''}</text>
          </g>
          {supply.length === 0 && <FitText x={12} y={screenY + 44} width={W - 24} size={11} anchor="start" text={p.catalog.label('no_pieces')} fill="#8a7a62" />}
          <Supply p={p} d={d} pl={pl} y={screenY + 24} ladder={ladder} held={held} hold={hold} />
        </g>
      ) : (
        <g class="screen" data-hidden="supply">
          <Screen x={10} y={screenY + 4} w={120} h={54} colour={colour} />
          <FitText x={140} y={screenY + 28} width={W - 150} size={11} anchor="start" text={p.catalog.label('behind_screen')} fill="#4a3a28" />
          <FitText x={140} y={screenY + 44} width={W - 150} size={10} anchor="start" text={p.catalog.label('behind_screen_what')} fill="#8a7a62" />
        </g>
      )}
    </Panel>
  )
}

/** What is being resolved now: the sealed bids of the budget phase, or the role being carried out
 * (its chooser, the player following it, uses so far, the players still to be offered). */
export function Now({ p, d }: { p: BoardProps; d: OperaData }) {
  const dec = decisionOf(p.view)
  if (!dec.step || dec.step === 'over') return null
  const role = dec.role ? d.roles.find((r) => r.id === dec.role) : undefined
  const lines: { text: string; seat?: number }[] = []
  if (dec.step === 'bid') lines.push({ text: p.catalog.label('budget_phase') })
  if (dec.step === 'turn' && dec.actors.length) {
    lines.push({ text: say(p, 'action_phase', { player: p.catalog.seat(dec.actors[0]) }), seat: dec.actors[0] })
  }
  // the role being carried out (the view keeps the last one through the budget phase and turns)
  if (role && dec.chooser !== null && !['bid', 'turn'].includes(dec.step)) {
    lines.push({ text: say(p, 'role_by', { role: p.catalog.name(role.id), player: p.catalog.seat(dec.chooser) }), seat: dec.chooser })
    if (dec.following && dec.actors.length) lines.push({ text: say(p, 'follows_now', { player: p.catalog.seat(dec.actors[0]) }), seat: dec.actors[0] })
    if (role.max_uses > 0 && ['buy', 'build', 'sell', 'rearrange'].includes(dec.step)) {
      lines.push({ text: say(p, `uses_${role.id}`, { n: dec.uses, max: role.max_uses }) })
    }
    if (dec.step === 'esperto_scoring') {
      const at = ((p.view.figures ?? {}) as Record<string, string>).esperto
      if (at && at !== 'start') lines.push({ text: say(p, 'esperto_scoring_in', { city: p.catalog.name(at) }) })
    }
  }
  const offers = dec.offersLeft
  const h = 34 + lines.length * 18 + (offers.length ? 34 : 0) + 6
  return (
    <Panel w={W} h={h} title={p.catalog.label('now')} part="now" changed={changedUnder(p, 'decision')}>
      {role && !['bid', 'turn'].includes(dec.step) && (
        <g class="now-role" data-role={role.id}>
          {role.kind === 'character' && <Pawn x={W - 22} y={24} size={22} fill={FIGURE_INK[role.id] ?? '#555'} />}
        </g>
      )}
      {lines.map((line, i) => (
        <FitText x={12} y={46 + i * 18} width={W - 50} size={12} anchor="start" text={line.text}
          fill={line.seat !== undefined ? colourOf(p, line.seat) : '#2b2118'} font-weight={line.seat !== undefined ? 'bold' : undefined} />
      ))}
      {offers.length > 0 && (
        <g class="offers" data-count={offers.length}>
          <FitText x={12} y={h - 16} width={110} size={11} anchor="start" text={p.catalog.label('offers_left')} fill="#6b5a44" />
          {offers.map((seat, i) => {
            const colour = colourOf(p, seat)
            return (
              <g data-seat={seat}>
                <BudgetDisc cx={130 + i * 74} cy={h - 20} r={7} colour={colour} ink={inkOn(colour)} passed={false} />
                <FitText x={140 + i * 74} y={h - 16} width={60} size={10} anchor="start" text={p.catalog.seat(seat)} fill={colour} />
              </g>
            )
          })}
        </g>
      )}
    </Panel>
  )
}
