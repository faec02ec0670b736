/** The Skyrise city as it lies on the table: the central island and the outer islands in their slots
 * (turned so that each port faces the centre), neighbourhoods as districts in their colours, lakes,
 * bridges, windmills and blimps where they are printed, the discs still on the board, structures
 * standing and bids lying number up with their order in the auction. In the free corners: the
 * auction's bids in order with the highest bid, the patron value tiles, the keys still to take. */
import type { Json, JsonObject } from '../../api'
import { FitText, Spot, changedUnder, colourOf } from '../svg'
import type { BoardProps } from '../types'
import { type BoardData, type MapLayout, type Point, cellCentre, mapLayout, placeNames, placement, toMap, wobble } from './geometry'
import { BidPiece, Blimp, Disc, HUES, PatronTile, Structure, Windmill, aside, colon, pieceInfo, pieceName } from './pieces'

const S = 60
const MARGIN = 0.8
/** The narrowest the whole map is drawn (its four slots): narrower, its numbers would be unreadable, so a
 * narrower screen scrolls it sideways, or draws only the islands in play at the same scale. */
export const FULL_MAP_MIN_WIDTH = 600

interface Cell { island: string; colour: string; windmill: boolean; disc: string | null; piece: JsonObject | null }

const px = (pt: Point): Point => [pt[0] * S, pt[1] * S]

/** A district's outline: the cell's corners and edge midpoints nudged by a shared wobble, drawn a
 * little inside the cell so that streets run between districts. */
function districtPath(c: Point): string {
  const pts: Point[] = []
  const ring: Point[] = [[-0.5, -0.5], [0, -0.5], [0.5, -0.5], [0.5, 0], [0.5, 0.5], [0, 0.5], [-0.5, 0.5], [-0.5, 0]]
  for (const [dx, dy] of ring) {
    const x = c[0] + dx
    const y = c[1] + dy
    const w = 0.09
    pts.push([x + wobble(x, y, 1) * w, y + wobble(x, y, 2) * w])
  }
  const inset = pts.map(([x, y]) => [c[0] + (x - c[0]) * 0.93, c[1] + (y - c[1]) * 0.93] as Point)
  const [first, ...rest] = inset.map(px)
  let d = `M ${first[0].toFixed(1)} ${first[1].toFixed(1)}`
  for (let i = 0; i < rest.length; i += 2) {
    const ctl = rest[i]
    const end = rest[i + 1] ?? first
    d += ` Q ${ctl[0].toFixed(1)} ${ctl[1].toFixed(1)} ${end[0].toFixed(1)} ${end[1].toFixed(1)}`
  }
  return `${d} Z`
}

/** A lake: a rounded blob filling its cell. */
function lakePath(c: Point): string {
  const n = 10
  const pts = Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2
    const r = 0.4 + wobble(c[0] + Math.cos(a), c[1] + Math.sin(a), 3) * 0.05
    return px([c[0] + Math.cos(a) * r, c[1] + Math.sin(a) * r])
  })
  return `M ${pts.map((q) => `${q[0].toFixed(1)} ${q[1].toFixed(1)}`).join(' L ')} Z`
}

function Bridge({ a, b, id, label }: { a: Point; b: Point; id: string; label: string }) {
  const dx = b[0] - a[0]
  const dy = b[1] - a[1]
  const len = Math.hypot(dx, dy)
  const from = px([a[0] + (dx / len) * 0.4, a[1] + (dy / len) * 0.4])
  const to = px([b[0] - (dx / len) * 0.4, b[1] - (dy / len) * 0.4])
  const angle = (Math.atan2(to[1] - from[1], to[0] - from[0]) * 180) / Math.PI
  const length = Math.hypot(to[0] - from[0], to[1] - from[1])
  return (
    <g class="sk-bridge" data-bridge={id} transform={`translate(${from[0].toFixed(1)} ${from[1].toFixed(1)}) rotate(${angle.toFixed(1)})`}>
      <title>{label}</title>
      <rect x={0} y={-6} width={length} height={12} fill="#a87a4c" stroke="#5e3f1f" stroke-width={1} />
      {Array.from({ length: Math.max(2, Math.floor(length / 8)) }, (_, i) => (
        <line x1={4 + i * 8} y1={-6} x2={4 + i * 8} y2={6} stroke="#5e3f1f" stroke-width={0.6} />
      ))}
    </g>
  )
}

function discTip(p: BoardProps, disc: string | null): string {
  return disc ? p.catalog.name(disc) : p.catalog.label('no_disc')
}

/** A wonder piece's card, once its owner has kept one (public from the end of era 1, SK-13). */
function wonderCard(p: BoardProps, owner: number | null, piece: string): string {
  if (piece !== 'wonder' || owner === null) return ''
  const players = (Array.isArray(p.view.players) ? p.view.players : []) as JsonObject[]
  const kept = players.find((pl) => pl.seat === owner)?.kept_wonder
  return typeof kept === 'string' ? aside(p, p.catalog.name(kept)) : ''
}

function CellTip({ p, id, cell, name, bidIndex }: { p: BoardProps; id: string; cell: Cell; name: string; bidIndex: number }) {
  const piece = cell.piece
  const owner = piece && typeof piece.seat === 'number' ? piece.seat : null
  return (
    <div class="sk-tip" data-tip-for={id}>
      <strong>{name}</strong>
      <div>{p.catalog.name(cell.colour)}{cell.windmill ? ` · ${p.catalog.label('windmill')}` : ''}</div>
      <div>{p.catalog.label('disc')}{colon(p)}{discTip(p, cell.disc)}</div>
      {piece && (
        <div>
          <span style={{ color: colourOf(p, owner) }}>{p.catalog.seat(owner)}</span>
          {`${colon(p)}${pieceName(p, String(piece.piece))}${wonderCard(p, owner, String(piece.piece))} · ${piece.built ? p.catalog.label('built') : `${p.catalog.label('bid')} ${bidIndex + 1}`}`}
        </div>
      )}
    </div>
  )
}

/** The width of the boxes in the map's corners (in map units). */
export const BOX_W = 3.8 * S

/** How tall the auction's box is: a title, then a line per bid (and the high bid) while one runs. */
export function auctionHeight(p: BoardProps): number {
  const a = p.view.auction as JsonObject | null | undefined
  const bids = (a && Array.isArray(a.bids) ? a.bids : []) as Json[][]
  return a ? 56 + Math.max(1, bids.length) * 26 : 30
}

/** The keys not yet taken (the keys' box is as tall as they are many). */
export function keysLeft(p: BoardProps): [string, JsonObject][] {
  const keys = Object.entries((p.data.keys ?? {}) as Record<string, JsonObject>)
    .filter(([, k]) => typeof k.min_players !== 'number' || p.players >= k.min_players)
  const players = (Array.isArray(p.view.players) ? p.view.players : []) as JsonObject[]
  const held = new Set(players.flatMap((pl) => (Array.isArray(pl.keys) ? pl.keys : []) as string[]))
  return keys.filter(([id]) => !held.has(id))
}

/** The auction in the map's top-left corner: every bid in order, the highest one marked. */
export function AuctionBox({ p, x, y, w }: { p: BoardProps; x: number; y: number; w: number }) {
  const a = p.view.auction as JsonObject | null | undefined
  const era = typeof p.view.era === 'number' ? p.view.era : 1
  const bids = (a && Array.isArray(a.bids) ? a.bids : []) as Json[][]
  const lines = bids.length ? bids : []
  const title = a ? `${p.catalog.label('auction')} ${a.number ?? ''} · ${p.catalog.label('era')} ${era}` : `${p.catalog.label('era')} ${era}`
  const h = auctionHeight(p)
  return (
    <g class="sk-auction" data-part="auction" transform={`translate(${x} ${y})`}>
      <rect width={w} height={h} rx={8} fill="#fffaf0" stroke="#c9b99c" opacity={0.95} />
      <FitText x={10} y={20} width={w - 20} size={15} text={title} anchor="start" font-weight="bold" />
      {a && !lines.length && typeof a.first_bidder === 'number' && (
        <g class="sk-opener" data-seat={a.first_bidder}>
          <circle cx={16} cy={39} r={7} fill={colourOf(p, a.first_bidder)} stroke="#333" stroke-width={0.8} />
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
              <BidPiece info={info} colour={colourOf(p, seat as number)} high={high} />
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
}

export function PatronBox({ p, x, y, w }: { p: BoardProps; x: number; y: number; w: number }) {
  const letters = (Array.isArray(p.data.patron_letters) ? p.data.patron_letters : ['A', 'B', 'C', 'D']) as string[]
  const known = (p.view.patron_values ?? {}) as Record<string, number>
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
}

export function KeysBox({ p, x, y, w }: { p: BoardProps; x: number; y: number; w: number }) {
  const left = keysLeft(p)
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
}

export function KeyIcon({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`} fill="none" stroke="#7a5b12" stroke-width={2}>
      <circle cx={-5} cy={0} r={4} />
      <path d="M -1 0 L 9 0 M 6 0 L 6 4 M 9 0 L 9 3" />
    </g>
  )
}

/** The map; `corners` false leaves the auction, patron and key boxes out (a phone shows them above
 * the map, where its sideways scroll cannot hide them) and draws only the islands in play; `room` is
 * the width the page gives the map. */
export function SkyriseMap({ p, board, corners = true, room = Infinity }: { p: BoardProps; board: BoardData; corners?: boolean; room?: number }) {
  const cells = (p.view.board ?? {}) as unknown as Record<string, Cell>
  const lay: MapLayout = mapLayout(p.view, board)
  const names = placeNames(p.view, board, p.catalog)
  const inPlay = placement(p.view)
  // the full extent of the four slots, so that the corners between islands are always free for the
  // boxes; without them (a phone) only the islands in play, at the scale the full map would have
  const all = { ...p.view, layout: Object.keys(board.slots).map((slot, i) => [slot, Object.keys(board.islands).filter((k) => k !== 'central')[i]]) }
  const full = mapLayout(all as JsonObject, board)
  const extent = corners ? full : lay
  const min: Point = [extent.min[0] - MARGIN, extent.min[1] - MARGIN]
  const max: Point = [extent.max[0] + MARGIN, extent.max[1] + MARGIN]
  const [vx, vy] = px(min)
  const [vw, vh] = px([max[0] - min[0], max[1] - min[1]])
  // the islands as large as on the whole map at its narrowest; the sea around them gives way where
  // that spares a sideways scroll
  const scale = FULL_MAP_MIN_WIDTH / ((full.max[0] - full.min[0] + 2 * MARGIN) * S)
  const islandsWidth = Math.round((extent.max[0] - extent.min[0]) * S * scale)
  const minWidth = islandsWidth <= room ? islandsWidth : Math.round(vw * scale)
  const auction = p.view.auction as JsonObject | null | undefined
  const bids = (auction && Array.isArray(auction.bids) ? auction.bids : []) as Json[][]
  const bidAt = new Map(bids.map((b, i) => [String(b[3]), i]))
  const islandCells = (island: string): Point[] => [
    ...Object.keys(lay.centre).filter((k) => board.neighborhoods[k].island === island).map((k) => lay.centre[k]),
    ...Object.values(board.lakes).filter((l) => l.island === island).map((l) => cellCentre(l.cell, lay.turns[island])),
  ]
  const lakes = Object.entries(board.lakes).filter(([, l]) => l.island in lay.turns)
  const blimps = Object.entries(board.blimps).filter(([, b]) => b.island in lay.turns)
  const bridges = Object.entries((p.view.bridges ?? {}) as Record<string, string[]>)
  const corner = (cx: number, cy: number): Point => px([cx, cy])
  const boxW = BOX_W
  return (
    <svg class="board-svg sk-map" viewBox={`${vx} ${vy} ${vw} ${vh}`} style={{ minWidth: `${minWidth}px` }} role="img" aria-label={p.catalog.label('board')} data-part="map">
      <defs>
        <radialGradient id="sk-sky" cx="50%" cy="50%" r="70%">
          <stop offset="0%" stop-color="#dcecf6" />
          <stop offset="100%" stop-color="#b9d6ea" />
        </radialGradient>
      </defs>
      <rect x={vx} y={vy} width={vw} height={vh} fill="url(#sk-sky)" />
      {/* the islands' ground: each cell widened, outlined first, then filled, so the coast is one line */}
      {inPlay.map(({ island }) => (
        <g class="sk-island" data-island={island}>
          {islandCells(island).map((c) => {
            const [x, y] = px([c[0] - 0.62, c[1] - 0.62])
            return <rect x={x} y={y} width={S * 1.24} height={S * 1.24} rx={S * 0.35} fill="#8c7a5b" />
          })}
          {islandCells(island).map((c) => {
            const [x, y] = px([c[0] - 0.58, c[1] - 0.58])
            return <rect x={x} y={y} width={S * 1.16} height={S * 1.16} rx={S * 0.32} fill="#e8dcbc" />
          })}
        </g>
      ))}
      {lakes.map(([id, l]) => (
        <path class="sk-lake" data-lake={id} d={lakePath(cellCentre(l.cell, lay.turns[l.island]))} fill="#7fb6dc" stroke="#4f86ad" stroke-width={1.2}>
          <title>{p.catalog.label('lake')}</title>
        </path>
      ))}
      {bridges.map(([id, [a, b]]) => lay.centre[a] && lay.centre[b] && (
        <Bridge id={id} a={lay.centre[a]} b={lay.centre[b]} label={`${p.catalog.label('bridge')}${colon(p)}${names[a] ?? ''} – ${names[b] ?? ''}`} />
      ))}
      {Object.entries(cells).map(([id, cell]) => {
        const c = lay.centre[id]
        if (!c) return null
        const [cx, cy] = px(c)
        const hue = HUES[cell.colour] ?? HUES.white
        const piece = cell.piece
        const owner = piece && typeof piece.seat === 'number' ? piece.seat : null
        const bidIndex = bidAt.get(id) ?? -1
        const info = piece ? pieceInfo(p.data, String(piece.piece)) : null
        return (
          <Spot id={id} p={p} label={names[id] ?? ''} field="at" changed={changedUnder(p, `board/${id}`)}
            tip={<CellTip p={p} id={id} cell={cell} name={names[id] ?? ''} bidIndex={bidIndex} />}>
            <path d={districtPath(c)} fill={hue.fill} stroke={hue.ink} stroke-width={1.6} class="sk-district"
              data-neighbourhood={id} data-colour={cell.colour} data-disc={cell.disc ?? ''}
              data-piece-here={piece ? String(piece.piece) : ''} data-built={piece ? (piece.built ? 'yes' : 'no') : ''} />
            {cell.windmill && <g transform={`translate(${cx - 17} ${cy - 13})`}><Windmill /></g>}
            {cell.disc && <g transform={`translate(${cx - 15} ${cy + 15})`}><Disc disc={cell.disc} r={8} /></g>}
            {piece && info && (
              <g class="sk-piece" data-piece={`${owner}:${String(piece.piece)}`} data-owner={String(owner)}
                data-number={info.number ?? 'wonder'} data-height={info.height ?? 'wonder'} data-state={piece.built ? 'built' : 'bid'}
                transform={`translate(${cx + 8} ${cy + 6})`}>
                {piece.built
                  ? <Structure info={info} colour={colourOf(p, owner)} />
                  : <BidPiece info={info} colour={colourOf(p, owner)} high={bidIndex === bids.length - 1} />}
              </g>
            )}
            {p.view.hammer === id && (
              // SK-7.5: the built Hammer keeps other players' tall buildings off its neighbours
              <g class="sk-hammer" transform={`translate(${cx + 18} ${cy - 18}) rotate(-30)`}>
                <rect x={-1.5} y={-2} width={3} height={14} fill="#6b4b2a" />
                <rect x={-7} y={-7} width={14} height={6} rx={1} fill="#59606e" stroke="#222" stroke-width={0.6} />
              </g>
            )}
            {piece && !piece.built && bidIndex >= 0 && (
              <g class="sk-bid-order" transform={`translate(${cx + 20} ${cy - 16})`}>
                <circle r={8} fill="#fffaf0" stroke="#333" stroke-width={0.8} />
                <text y={4} font-size={11} font-weight="bold" text-anchor="middle">{bidIndex + 1}</text>
              </g>
            )}
          </Spot>
        )
      })}
      {blimps.map(([id, b]) => {
        const pt = b.island === 'central' ? b.corner : toMap(b.corner, lay.turns[b.island])
        const [x, y] = px(pt)
        return (
          <g class="sk-blimp-at" data-blimp={id} transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`} pointer-events="none">
            <Blimp />
          </g>
        )
      })}
      {inPlay.filter(({ island }) => island !== 'central').map(({ island }) => {
        // the island's name on its coast away from the centre: above it, or below the southern one
        const pts = islandCells(island)
        const xs = pts.map((q) => q[0])
        const ys = pts.map((q) => q[1])
        const mx = (Math.min(...xs) + Math.max(...xs)) / 2
        const south = Math.min(...ys) > 1
        const [x, y] = px([mx, south ? Math.max(...ys) + 0.95 : Math.min(...ys) - 0.72])
        return <FitText x={x} y={y + 6} width={S * 3} size={17} text={p.catalog.label(`place_${island}`)} font-weight="bold" fill="#33495c" class="sk-island-name" />
      })}
      {corners && <AuctionBox p={p} x={corner(min[0] + 0.15, min[1] + 0.15)[0]} y={corner(min[0] + 0.15, min[1] + 0.15)[1]} w={boxW} />}
      {corners && <PatronBox p={p} x={corner(max[0] - 0.15, 0)[0] - boxW} y={corner(0, min[1] + 0.15)[1]} w={boxW} />}
      {corners && <KeysBox p={p} x={corner(min[0] + 0.15, 0)[0]} y={corner(0, max[1] - 0.15)[1] - 68} w={boxW} />}
    </svg>
  )
}
