/** The Skyrise city as it lies on the table: the central island and the outer islands in their slots
 * (turned so that each port faces the centre), neighbourhoods as districts in their colours, lakes,
 * bridges, windmills and blimps where they are printed, the discs still on the board, structures
 * standing and bids lying number up with their order in the auction. In the free corners: the
 * auction's bids in order with the highest bid, the patron value tiles, the keys still to take. */
import { useMemo } from 'preact/hooks'
import type { Json, JsonObject } from '../../api'
import type { Catalog } from '../../catalog'
import { countRender, memo } from '../choosable'
import { FitText, Spot, colourOf } from '../svg'
import type { BoardEnv } from '../types'
import { AuctionBox, BOX_W, KeysBox, PatronBox } from './Corners'
import { type BoardData, CELL_SIZE, type MapLayout, type Point, cellCentre, mapLayout, placeNames, placement, toMap, wobble } from './geometry'
import { BidPiece, Blimp, Disc, HUES, Structure, Windmill, colon, pieceInfo, pieceName } from './pieces'

const S = CELL_SIZE
const MARGIN = 0.8
/** The narrowest the whole map is drawn (its four slots): narrower, its numbers would be unreadable, so a
 * narrower screen scrolls it sideways, or draws only the islands in play at the same scale. */
export const FULL_MAP_MIN_WIDTH = 600

export interface Cell { island: string; colour: string; windmill: boolean; disc: string | null; piece: JsonObject | null }

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

function discTip(p: BoardEnv, disc: string | null): string {
  return disc ? p.catalog.name(disc) : p.catalog.label('no_disc')
}

/** A district's tooltip: its name, colour, windmill and disc, and the piece on it with its owner (a
 * wonder piece with the card its owner kept, `kept`, once public: SK-13). */
function CellTip({ p, id, cell, name, bidIndex, kept }: { p: BoardEnv; id: string; cell: Cell; name: string; bidIndex: number; kept: string | null }) {
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
          {`${colon(p)}${pieceName(p, String(piece.piece))}${kept !== null ? p.catalog.aside(p.catalog.name(kept)) : ''} · ${piece.built ? p.catalog.label('built') : `${p.catalog.label('bid')} ${bidIndex + 1}`}`}
        </div>
      )}
    </div>
  )
}

/** One neighbourhood as a district in its colour, with its windmill, disc, the piece on it (a structure
 * standing, or a bid lying number up with its place in the auction, `bidIndex`; `high` the highest bid)
 * and the Hammer (`hammer`). Clickable while a move names it. */
const District = memo(function District({ p, id, cell, c, name, bidIndex, high, hammer, kept, changed }: {
  p: BoardEnv; id: string; cell: Cell; c: Point; name: string; bidIndex: number; high: boolean; hammer: boolean; kept: string | null; changed: boolean
}) {
  countRender('district', id)
  const [cx, cy] = px(c)
  const hue = HUES[cell.colour] ?? HUES.white
  const piece = cell.piece
  const owner = piece && typeof piece.seat === 'number' ? piece.seat : null
  const info = piece ? pieceInfo(p.data, String(piece.piece)) : null
  return (
    <Spot id={id} p={p} label={name} field="at" changed={changed}
      tip={<CellTip p={p} id={id} cell={cell} name={name} bidIndex={bidIndex} kept={kept} />}>
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
            ? <Structure info={info} colour={colourOf(p, owner)} seat={owner ?? undefined} />
            : <BidPiece info={info} colour={colourOf(p, owner)} high={high} seat={owner ?? undefined} />}
        </g>
      )}
      {hammer && (
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
})

/** Where the islands lie on this table and what the map shows of them: each island's cells, the lakes
 * and blimps on the islands in play, every neighbourhood's name. Derived from the layout alone. */
interface Islands {
  lay: MapLayout
  names: Record<string, string>
  inPlay: { island: string; slot: string | null }[]
  cellsOf: Record<string, Point[]>
  lakes: [string, BoardData['lakes'][string]][]
  blimps: [string, BoardData['blimps'][string]][]
}

function islandsOf(layout: Json | undefined, board: BoardData, catalog: Catalog): Islands {
  const view = { layout: layout ?? null }
  const lay = mapLayout(view, board)
  const inPlay = placement(view)
  const cellsOf: Record<string, Point[]> = {}
  for (const { island } of inPlay) {
    cellsOf[island] = [
      ...Object.keys(lay.centre).filter((k) => board.neighborhoods[k].island === island).map((k) => lay.centre[k]),
      ...Object.values(board.lakes).filter((l) => l.island === island).map((l) => cellCentre(l.cell, lay.turns[island])),
    ]
  }
  return {
    lay, inPlay, cellsOf, names: placeNames(view, board, catalog),
    lakes: Object.entries(board.lakes).filter(([, l]) => l.island in lay.turns),
    blimps: Object.entries(board.blimps).filter(([, b]) => b.island in lay.turns),
  }
}

/** The islands' ground (each cell widened, outlined first, then filled, so the coast is one line), the
 * lakes and the bridges. */
const Ground = memo(function Ground({ p, islands, bridges }: { p: BoardEnv; islands: Islands; bridges: Json | undefined }) {
  const { lay, names } = islands
  return (
    <>
      {islands.inPlay.map(({ island }) => (
        <g class="sk-island" data-island={island}>
          {islands.cellsOf[island].map((c) => {
            const [x, y] = px([c[0] - 0.62, c[1] - 0.62])
            return <rect x={x} y={y} width={S * 1.24} height={S * 1.24} rx={S * 0.35} fill="#8c7a5b" />
          })}
          {islands.cellsOf[island].map((c) => {
            const [x, y] = px([c[0] - 0.58, c[1] - 0.58])
            return <rect x={x} y={y} width={S * 1.16} height={S * 1.16} rx={S * 0.32} fill="#e8dcbc" />
          })}
        </g>
      ))}
      {islands.lakes.map(([id, l]) => (
        <path class="sk-lake" data-lake={id} d={lakePath(cellCentre(l.cell, lay.turns[l.island]))} fill="#7fb6dc" stroke="#4f86ad" stroke-width={1.2}>
          <title>{p.catalog.label('lake')}</title>
        </path>
      ))}
      {Object.entries((bridges ?? {}) as Record<string, string[]>).map(([id, [a, b]]) => lay.centre[a] && lay.centre[b] && (
        <Bridge id={id} a={lay.centre[a]} b={lay.centre[b]} label={`${p.catalog.label('bridge')}${colon(p)}${names[a] ?? ''} – ${names[b] ?? ''}`} />
      ))}
    </>
  )
})

/** The blimps where they are printed, and each outer island's name on its coast away from the centre:
 * above it, or below the southern one. */
const Landmarks = memo(function Landmarks({ p, islands }: { p: BoardEnv; islands: Islands }) {
  const { lay } = islands
  return (
    <>
      {islands.blimps.map(([id, b]) => {
        const pt = b.island === 'central' ? b.corner : toMap(b.corner, lay.turns[b.island])
        const [x, y] = px(pt)
        return (
          <g class="sk-blimp-at" data-blimp={id} transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`} pointer-events="none">
            <Blimp />
          </g>
        )
      })}
      {islands.inPlay.filter(({ island }) => island !== 'central').map(({ island }) => {
        const pts = islands.cellsOf[island]
        const xs = pts.map((q) => q[0])
        const ys = pts.map((q) => q[1])
        const mx = (Math.min(...xs) + Math.max(...xs)) / 2
        const south = Math.min(...ys) > 1
        const [x, y] = px([mx, south ? Math.max(...ys) + 0.95 : Math.min(...ys) - 0.72])
        return <FitText x={x} y={y + 6} width={S * 3} size={17} text={p.catalog.label(`place_${island}`)} font-weight="bold" fill="#33495c" class="sk-island-name" />
      })}
    </>
  )
})

/** What the map draws of the view: the islands' `layout`, the neighbourhoods' `cells`, the `bridges`, the
 * Hammer's neighbourhood, the `auction` (its bids' order), each seat's kept wonder card (`kept`), the
 * neighbourhoods changed with the last state (`marked`); for the corner boxes the `era`, the patron
 * values this seat may see (`known`) and the keys still to take (`keys`). */
export interface MapView {
  layout: Json | undefined
  cells: Record<string, Cell>
  bridges: Json | undefined
  hammer: Json | undefined
  auction: JsonObject | null
  kept: Record<string, string>
  marked: string[]
  era: number
  known: Record<string, number>
  keys: [string, JsonObject][]
}

/** The map; `corners` false leaves the auction, patron and key boxes out (a phone shows them above
 * the map, where its sideways scroll cannot hide them) and draws only the islands in play; `room` is
 * the width the page gives the map. */
export const SkyriseMap = memo(function SkyriseMap({ p, board, corners = true, room = Infinity, layout, cells, bridges, hammer, auction, kept, marked, era, known, keys }: {
  p: BoardEnv; board: BoardData; corners?: boolean; room?: number } & MapView) {
  countRender('map', undefined)
  const islands = useMemo(() => islandsOf(layout, board, p.catalog), [layout, board, p.catalog])
  const { lay, names } = islands
  // the full extent of the four slots, so that the corners between islands are always free for the
  // boxes; without them (a phone) only the islands in play, at the scale the full map would have
  const full = useMemo(() => mapLayout({ layout: Object.keys(board.slots).map((slot, i) => [slot, Object.keys(board.islands).filter((k) => k !== 'central')[i]]) }, board), [board])
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
  const bids = (auction && Array.isArray(auction.bids) ? auction.bids : []) as Json[][]
  const bidAt = new Map(bids.map((b, i) => [String(b[3]), i]))
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
      <Ground p={p} islands={islands} bridges={bridges} />
      {Object.entries(cells).map(([id, cell]) => {
        const c = lay.centre[id]
        if (!c) return null
        const bidIndex = bidAt.get(id) ?? -1
        const piece = cell.piece
        const owner = piece && typeof piece.seat === 'number' ? piece.seat : null
        const wonder = piece && String(piece.piece) === 'wonder' && owner !== null ? kept[String(owner)] ?? null : null
        return <District p={p} id={id} cell={cell} c={c} name={names[id] ?? ''} bidIndex={bidIndex} high={bidIndex === bids.length - 1}
          hammer={hammer === id} kept={wonder} changed={marked.includes(id)} />
      })}
      <Landmarks p={p} islands={islands} />
      {corners && <AuctionBox p={p} a={auction} era={era} x={corner(min[0] + 0.15, min[1] + 0.15)[0]} y={corner(min[0] + 0.15, min[1] + 0.15)[1]} w={boxW} />}
      {corners && <PatronBox p={p} known={known} x={corner(max[0] - 0.15, 0)[0] - boxW} y={corner(0, min[1] + 0.15)[1]} w={boxW} />}
      {corners && <KeysBox p={p} left={keys} x={corner(min[0] + 0.15, 0)[0]} y={corner(0, max[1] - 0.15)[1] - 68} w={boxW} />}
    </svg>
  )
})
