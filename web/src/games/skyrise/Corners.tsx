/** The boxes in the free corners of Skyrise's map (above it on a phone): the auction's bids in order
 * with the highest bid, the patron value tiles, the keys still to take. */
import type { Json, JsonObject } from '../../api'
import { SeatToken } from '../../seatMarks'
import { countRender, memo } from '../choosable'
import { FitText, colourOf } from '../svg'
import type { BoardEnv } from '../types'
import { CELL_SIZE } from './geometry'
import { BidPiece, PatronTile, colon, pieceInfo, pieceName } from './pieces'

/** The width of the boxes in the map's corners (in map units). */
export const BOX_W = 3.8 * CELL_SIZE

/** How tall the auction's box is: a title, then a line per bid (and the high bid) while one runs. */
export function auctionHeight(a: JsonObject | null): number {
  const bids = (a && Array.isArray(a.bids) ? a.bids : []) as Json[][]
  return a ? 56 + Math.max(1, bids.length) * 26 : 30
}

/** The keys not yet taken by any of `players` (the keys' box is as tall as they are many). */
export function keysLeft(p: Pick<BoardEnv, 'data' | 'players'>, players: JsonObject[]): [string, JsonObject][] {
  const keys = Object.entries((p.data.keys ?? {}) as Record<string, JsonObject>)
    .filter(([, k]) => typeof k.min_players !== 'number' || p.players >= k.min_players)
  const held = new Set(players.flatMap((pl) => (Array.isArray(pl.keys) ? pl.keys : []) as string[]))
  return keys.filter(([id]) => !held.has(id))
}

/** The auction in the map's top-left corner (`a`, none between auctions): every bid in order, the
 * highest one marked. */
export const AuctionBox = memo(function AuctionBox({ p, a, era, x, y, w }: { p: BoardEnv; a: JsonObject | null; era: number; x: number; y: number; w: number }) {
  countRender('auction', undefined)
  const bids = (a && Array.isArray(a.bids) ? a.bids : []) as Json[][]
  const lines = bids.length ? bids : []
  const title = a ? `${p.catalog.label('auction')} ${a.number ?? ''} · ${p.catalog.label('era')} ${era}` : `${p.catalog.label('era')} ${era}`
  const h = auctionHeight(a)
  return (
    <g class="sk-auction" data-part="auction" transform={`translate(${x} ${y})`}>
      <rect width={w} height={h} rx={8} fill="#fffaf0" stroke="#c9b99c" opacity={0.95} />
      <FitText x={10} y={20} width={w - 20} size={15} text={title} anchor="start" font-weight="bold" />
      {a && !lines.length && typeof a.first_bidder === 'number' && (
        <g class="sk-opener" data-seat={a.first_bidder}>
          <SeatToken seat={a.first_bidder} colour={colourOf(p, a.first_bidder)} cx={16} cy={39} r={7} stroke="#333" strokeWidth={0.8} />
          <FitText x={30} y={44} width={w - 40} size={13} text={`${p.catalog.seat(a.first_bidder)} ${p.catalog.label('opens')}`} anchor="start" />
        </g>
      )}
      {lines.map((b, i) => {
        // a bid: its place in the order, the piece lying number up in its owner's colour, the owner
        const [seat, piece] = b
        const high = i === lines.length - 1
        const info = pieceInfo(p.data, String(piece))
        const y0 = 30 + i * 26
        return (
          <g class="sk-bid" data-bid={i} data-seat={String(seat)} data-at={String(b[3])} data-high={high ? 'yes' : 'no'}>
            <text x={12} y={y0 + 17} font-size={13} font-weight="bold">{i + 1}</text>
            <g transform={`translate(${48} ${y0 + 12}) scale(0.85)`}>
              <BidPiece info={info} colour={colourOf(p, seat as number)} high={high} seat={seat as number} />
            </g>
            <FitText x={76} y={y0 + 17} width={w - 84} size={13} text={p.catalog.seat(seat)} anchor="start" font-weight={high ? 'bold' : undefined} />
          </g>
        )
      })}
      {lines.length > 0 && (
        <FitText x={10} y={h - 8} width={w - 20} size={12} anchor="start" fill="#7a5b12"
          text={`${p.catalog.label('high_bid')}${colon(p)}${pieceName(p, String(lines[lines.length - 1][1]))}`} />
      )}
    </g>
  )
})

/** The patron value tiles, each letter's value where this seat may see it (`known`). */
export const PatronBox = memo(function PatronBox({ p, known, x, y, w }: { p: BoardEnv; known: Record<string, number>; x: number; y: number; w: number }) {
  countRender('patron-tiles', undefined)
  const letters = (Array.isArray(p.data.patron_letters) ? p.data.patron_letters : ['A', 'B', 'C', 'D']) as string[]
  const step = (w - 20) / letters.length
  return (
    <g class="sk-patrons" data-part="patron-tiles" transform={`translate(${x} ${y})`}>
      <rect width={w} height={78} rx={8} fill="#fffaf0" stroke="#c9b99c" opacity={0.95} />
      <FitText x={w / 2} y={18} width={w - 16} size={13} text={p.catalog.label('patron_tiles')} font-weight="bold" />
      {letters.map((L, i) => (
        <g transform={`translate(${10 + step * (i + 0.5)} 50)`}>
          <title>{`${p.catalog.name(`patron_${L.toLowerCase()}`)}${colon(p)}${known[L] ?? p.catalog.label('patron_hidden')}`}</title>
          <PatronTile letter={L} value={known[L]} />
        </g>
      ))}
    </g>
  )
})

/** The keys still to take (`left`: `keysLeft`). */
export const KeysBox = memo(function KeysBox({ p, left, x, y, w }: { p: BoardEnv; left: [string, JsonObject][]; x: number; y: number; w: number }) {
  countRender('keys', undefined)
  if (!left.length) return null
  return (
    <g class="sk-keys" data-part="keys" transform={`translate(${x} ${y})`}>
      {left.map(([id, k], i) => (
        <g transform={`translate(0 ${i * 34})`} data-key={id}>
          <title>{`${p.catalog.name(id)}${colon(p)}${p.catalog.label(`text_${id}`)}`}</title>
          <rect width={w} height={28} rx={6} fill="#f7eccd" stroke="#a8841c" />
          <KeyIcon x={16} y={14} />
          <FitText x={32} y={19} width={w - 40} size={12} anchor="start" text={`${p.catalog.name(id)} · ${k.points}`} />
        </g>
      ))}
    </g>
  )
})

export function KeyIcon({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`} fill="none" stroke="#7a5b12" stroke-width={2}>
      <circle cx={-5} cy={0} r={4} />
      <path d="M -1 0 L 9 0 M 6 0 L 6 4 M 9 0 L 9 3" />
    </g>
  )
}
