/** Skyrise's looks on the table page (see ../types.ts: GameUI). */
import type { Json, JsonObject, Move } from '../../api'
import type { BoardProps, Counter, GameUI } from '../types'
import { SkyriseBoard } from './Board'
import { Card, kindOf } from './Cards'
import { boardData, placeNames } from './geometry'
import { Disc, Structure, TEXT_ICONS, pieceInfo, pieceName, setColours } from './pieces'

const playerOf = (view: JsonObject, seat: number): JsonObject | null => {
  const players = (Array.isArray(view.players) ? view.players : []) as JsonObject[]
  return players.find((pl) => pl.seat === seat) ?? null
}

const sum = (o: unknown): number => Object.values((o ?? {}) as Record<string, number>).reduce((a, b) => a + (typeof b === 'number' ? b : 0), 0)

function counters(view: JsonObject, seat: number, p: BoardProps): Counter[] {
  const pl = playerOf(view, seat)
  if (!pl) return []
  const left = (Array.isArray(pl.available) ? pl.available.length : 0) + (Array.isArray(pl.reserve) ? pl.reserve.length : 0)
    + (Array.isArray(pl.bids) ? pl.bids.length : 0)
  return [
    { key: 'pieces', value: left, label: p.catalog.label('available'),
      icon: <svg viewBox="-14 -30 28 34" width="14" height="17"><Structure info={{ number: null, height: 'medium', wonder: false }} colour={p.colours[seat] ?? '#777'} /></svg> },
    { key: 'discs', value: sum(pl.tracks) + sum(pl.excess), label: p.catalog.label('tracks'),
      icon: <svg viewBox="-11 -11 22 22" width="14" height="14"><Disc disc="neighborhood_yellow" r={10} /></svg> },
    { key: 'patrons', value: sum(pl.patrons), label: p.catalog.label('patrons'),
      icon: <svg viewBox="-11 -11 22 22" width="14" height="14"><Disc disc="patron_a" r={10} /></svg> },
  ]
}

/** The neighbourhood a move names, and the disc lying there (what winning it would collect). */
function moveDetail(move: Move, p: BoardProps): string | null {
  const parts: string[] = []
  const piece = typeof move.piece === 'string' ? move.piece : typeof move.building === 'string' ? move.building : null
  if (piece && pieceInfo(p.data, piece).number !== null) parts.push(p.catalog.label('md_bid').replace('{number}', String(pieceInfo(p.data, piece).number)))
  if (move.kind === 'wonder_bid' || move.kind === 'hammer_answer' || piece === 'wonder') parts.push(p.catalog.label('md_ends'))
  if (typeof move.at === 'string') {
    const cell = ((p.view.board ?? {}) as Record<string, JsonObject>)[move.at]
    const disc = cell && typeof cell.disc === 'string' ? p.catalog.name(cell.disc) : p.catalog.label('no_disc')
    parts.push(p.catalog.label('md_disc').replace('{disc}', disc))
  }
  if (move.kind === 'keep_wonder' && typeof move.card === 'string') {
    const value = ((p.data.wonders ?? {}) as Record<string, JsonObject>)[move.card]?.value
    if (value !== undefined) parts.push(`${p.catalog.label('value')} ${value}`)
  }
  return parts.length ? parts.join(' · ') : null
}

/** The piece a bid uses, or the card a choice keeps, drawn small beside the choice. */
function MoveArt({ move, p }: { move: Move; p: BoardProps }) {
  if (move.kind === 'keep_wonder' && typeof move.card === 'string' && kindOf(p.data, move.card)) return <Card id={move.card} p={p} small hot={p.targets.has(move.card)} />
  const piece = typeof move.piece === 'string' ? move.piece : typeof move.building === 'string' ? move.building
    : move.kind === 'wonder_bid' || move.kind === 'hammer_answer' ? 'wonder' : null
  return piece === null ? null : <PieceArt piece={piece} p={p} />
}

/** A building (or the wonder) as the player's own cube, small, as a choice shows it. */
function PieceArt({ piece, p }: { piece: string; p: BoardProps }) {
  if (p.seat === null) return null
  return (
    <svg class="sk-piece-art" viewBox="-14 -34 30 38" width="22" height="28" role="img" aria-label={pieceName(p, piece)}>
      <Structure info={pieceInfo(p.data, piece)} colour={p.colours[p.seat] ?? '#777'} />
    </svg>
  )
}

/** The piece step of opening or raising ("Choose a piece"): each building drawn as its cube. */
function ValueArt({ field, value, p }: { field: string; value: Json; p: BoardProps }) {
  return (field === 'piece' || field === 'building') && typeof value === 'string' ? <PieceArt piece={value} p={p} /> : null
}

export const skyrise: GameUI = {
  Board: SkyriseBoard,
  colours: (players, _view, data) => setColours(data, players),
  scores: (view) => ((Array.isArray(view.players) ? view.players : []) as JsonObject[])
    .map((pl) => ({ seat: Number(pl.seat), score: typeof pl.prestige === 'number' ? pl.prestige : 0,
      parts: pl.points && typeof pl.points === 'object' ? (pl.points as Record<string, number>) : undefined })),
  counters,
  moveDetail,
  MoveArt,
  ValueArt,
  // prestige in log lines drawn as the scoring disc of the prestige track
  icons: TEXT_ICONS,
  places: (view, data, catalog) => {
    const board = boardData(data)
    return board ? placeNames(view, board, catalog) : {}
  },
}
