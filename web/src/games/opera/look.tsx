/** What the Opera board parts share: a piece by its id (music or house-composer piece), and the
 * tooltip of a composer's piece with its value, price and Signora reward in the page's language. */
import { colourOf } from '../svg'
import type { BoardProps } from '../types'
import { HousePiece, MusicPiece } from './pieces'
import { inkOn, say, valueOf, type OperaData } from './model'

export const PIECE_W = 52
export const PIECE_H = 44

/** A piece by its view id: a composer's music piece, or `house` (the house-composer piece of
 * `owner`). */
export function Piece({ piece, owner, x, y, w = PIECE_W, h = PIECE_H, p, ladder }: {
  piece: string; owner: number | null; x: number; y: number; w?: number; h?: number; p: BoardProps; ladder: string[]
}) {
  if (piece === 'house') {
    const colour = colourOf(p, owner)
    return <HousePiece x={x} y={y} w={w} h={h} colour={colour} ink={inkOn(colour)} label={p.catalog.label('house_short')} />
  }
  return <MusicPiece x={x} y={y} w={w} h={h} composer={piece} name={p.catalog.name(piece)} value={valueOf(ladder, piece)} />
}

/** The full text of a piece: whose it is, its value now and what it is worth (OP-3.2, OP-9.1.3,
 * OP-9.3.3). */
export function pieceTip(p: BoardProps, d: OperaData | null, ladder: string[], piece: string, owner: number | null) {
  if (piece === 'house') {
    return (
      <div class="op-tip">
        <strong>{p.catalog.name('house')}</strong>
        {owner !== null && <div>{p.catalog.seat(owner)}</div>}
        <div>{say(p, 'house_piece_rule')}</div>
      </div>
    )
  }
  const value = valueOf(ladder, piece)
  const fame = d?.fame[value - 1]
  return (
    <div class="op-tip">
      <strong>{p.catalog.name(piece)}</strong>
      <div>{say(p, 'piece_value', { value })}</div>
      {fame && <div>{say(p, 'piece_price', { ducats: fame.purchase_price })}</div>}
      {fame && <div>{say(p, 'piece_signora', { ducats: fame.signora_ducats, vp: fame.signora_vp })}</div>}
    </div>
  )
}
