/** Skyrise's pieces drawn in SVG: discs (neighbourhood colours, patron letters, wild, commission),
 * buildings (height by their size, number on the face; a bid lies number up, a structure stands),
 * wonder pieces, and the map's windmills and blimps. Each is drawn around (0, 0) so that callers
 * place it with a transform. */
import type { JsonObject } from '../../api'
import { SeatBadge } from '../../seatMarks'
import type { BoardEnv } from '../types'

/** The four neighbourhood colours: the district's fill and a darker ink for borders and marks. */
export const HUES: Record<string, { fill: string; ink: string }> = {
  yellow: { fill: '#f2d57a', ink: '#a8841c' },
  green: { fill: '#a9d39a', ink: '#4d8a3c' },
  white: { fill: '#f6f3ea', ink: '#8f887a' },
  brown: { fill: '#c9a27c', ink: '#7b5533' },
}

/** The printed colours of the four player sets (buildings.toml `display_colour`), darkened so that a
 * piece stands out on any district. */
const SET_INKS: Record<string, string> = { green: '#1f7a3a', blue: '#2660c4', red: '#c0392b', purple: '#7d3c98' }

export function setColours(data: JsonObject, players: number): string[] {
  const sets = (Array.isArray(data.sets) ? data.sets : []) as JsonObject[]
  return Array.from({ length: players }, (_, s) => SET_INKS[String(sets[s]?.colour ?? '')] ?? ['#1f7a3a', '#2660c4', '#c0392b', '#7d3c98'][s % 4])
}

export interface PieceInfo { number: number | null; height: string | null; wonder: boolean }

export function pieceInfo(data: JsonObject, id: string): PieceInfo {
  if (id === 'wonder') return { number: null, height: null, wonder: true }
  const b = ((data.buildings ?? {}) as Record<string, JsonObject>)[id]
  return { number: typeof b?.number === 'number' ? b.number : null, height: typeof b?.height === 'string' ? b.height : null, wonder: false }
}

/** A piece's name in words: "24, medium" or "Wonder". */
export function pieceName(p: Pick<BoardEnv, 'data' | 'catalog'>, id: string): string {
  const info = pieceInfo(p.data, id)
  if (info.wonder) return p.catalog.label('wonder_piece')
  return `${info.number ?? ''}${p.catalog.aside(p.catalog.label(`height_${info.height}`))}`
}

/** A label's colon as the page's language writes it: "圓片：贊助圓片 B", "Disc: Patron disc B". */
export function colon(p: Pick<BoardEnv, 'catalog'>): string {
  return p.catalog.marks.colon
}

const TALL: Record<string, number> = { short: 10, medium: 16, tall: 23 }

/** A standing structure: a block as tall as the building, the owner's colour, its number on the roof;
 * a wonder is a domed tower marked with a star. With `seat` (a piece away from its owner's name, on
 * the map) it carries its owner's shape while the colour-blind setting is on. */
export function Structure({ info, colour, seat }: { info: PieceInfo; colour: string; seat?: number }) {
  if (info.wonder) {
    return (
      <g class="sk-structure" data-height="wonder">
        <rect x={-9} y={-20} width={18} height={22} rx={2} fill={colour} stroke="#1d1d1d" stroke-width={0.9} />
        <path d="M -9 -20 Q 0 -33 9 -20 Z" fill={colour} stroke="#1d1d1d" stroke-width={0.9} />
        <path d="M 0 -15 l 2 4.2 4.6 0.6 -3.4 3.1 0.9 4.5 -4.1 -2.3 -4.1 2.3 0.9 -4.5 -3.4 -3.1 4.6 -0.6 Z" fill="#fff6c8" />
        {seat !== undefined && <SeatBadge seat={seat} colour={colour} cx={-10} cy={-21} r={5} />}
      </g>
    )
  }
  const h = TALL[info.height ?? 'short'] ?? 10
  return (
    <g class="sk-structure" data-height={info.height ?? ''}>
      <path d={`M -11 2 L -11 ${2 - h} L -5 ${-4 - h} L 13 ${-4 - h} L 13 -4 L 7 2 Z`} fill={colour} stroke="#1d1d1d" stroke-width={0.9} />
      <path d={`M -11 ${2 - h} L -5 ${-4 - h} L 13 ${-4 - h} L 7 ${2 - h} Z`} fill="#ffffff" opacity={0.35} />
      <path d={`M 7 2 L 7 ${2 - h} L 13 ${-4 - h} L 13 -4 Z`} fill="#000" opacity={0.22} />
      <text x={-2} y={-1.5} font-size={9} font-weight="bold" text-anchor="middle" fill="#fff">{info.number ?? ''}</text>
      {seat !== undefined && <SeatBadge seat={seat} colour={colour} cx={-11} cy={2 - h} r={5} />}
    </g>
  )
}

/** A bid: the building lying number side up (the number is what matters while the auction runs),
 * with its owner's shape at its corner while the colour-blind setting is on (`seat`). */
export function BidPiece({ info, colour, high, seat }: { info: PieceInfo; colour: string; high: boolean; seat?: number }) {
  const label = info.wonder ? '★' : String(info.number ?? '')
  const w = info.wonder ? 22 : 12 + label.length * 7
  const h = info.height === 'tall' ? 24 : info.height === 'medium' ? 21 : 18
  return (
    <g class="sk-bid-piece">
      {high && <rect x={-w / 2 - 4} y={-h / 2 - 4} width={w + 8} height={h + 8} rx={7} fill="none" stroke="#f0a800" stroke-width={3} />}
      <rect x={-w / 2} y={-h / 2} width={w} height={h} rx={4} fill={colour} stroke="#1d1d1d" stroke-width={1} />
      <text x={0} y={5} font-size={14} font-weight="bold" text-anchor="middle" fill="#fff">{label}</text>
      {seat !== undefined && <SeatBadge seat={seat} colour={colour} cx={-w / 2} cy={-h / 2} r={5} />}
    </g>
  )
}

/** A disc as it lies face up: neighbourhood discs in their colour, patron discs with their letter,
 * the wild disc in the four colours, the commission disc with a quill. */
export function Disc({ disc, r = 9 }: { disc: string; r?: number }) {
  if (disc.startsWith('neighborhood_')) {
    const hue = HUES[disc.slice('neighborhood_'.length)]
    return (
      <g class="sk-disc" data-disc={disc}>
        <circle r={r} fill={hue?.fill ?? '#ddd'} stroke={hue?.ink ?? '#555'} stroke-width={2} />
        <circle r={r * 0.45} fill="none" stroke={hue?.ink ?? '#555'} stroke-width={1} />
      </g>
    )
  }
  if (disc.startsWith('patron_')) {
    return (
      <g class="sk-disc" data-disc={disc}>
        <circle r={r} fill="#3d2f5c" stroke="#c9b06b" stroke-width={1.5} />
        <text y={r * 0.4} font-size={r * 1.15} font-weight="bold" text-anchor="middle" fill="#f3e3a6">{disc.slice(-1).toUpperCase()}</text>
      </g>
    )
  }
  if (disc === 'wild') {
    const hues = ['yellow', 'green', 'white', 'brown']
    return (
      <g class="sk-disc" data-disc={disc}>
        {hues.map((h, i) => {
          const a0 = (i * Math.PI) / 2
          const a1 = a0 + Math.PI / 2
          return <path d={`M 0 0 L ${r * Math.cos(a0)} ${r * Math.sin(a0)} A ${r} ${r} 0 0 1 ${r * Math.cos(a1)} ${r * Math.sin(a1)} Z`} fill={HUES[h].fill} />
        })}
        <circle r={r} fill="none" stroke="#333" stroke-width={1.2} />
      </g>
    )
  }
  return (
    <g class="sk-disc" data-disc={disc}>
      <circle r={r} fill="#d9b44a" stroke="#7a5b12" stroke-width={1.5} />
      <path d={`M ${-r * 0.45} ${r * 0.5} L ${r * 0.45} ${-r * 0.55} M ${-r * 0.45} ${r * 0.5} l ${r * 0.25} ${-r * 0.05}`} stroke="#4a360a" stroke-width={1.6} fill="none" />
    </g>
  )
}

/** A patron value tile: its letter and value when the seat may see it, else its back. */
export function PatronTile({ letter, value }: { letter: string; value: number | undefined }) {
  return (
    <g class="sk-patron-tile" data-patron={letter} data-known={value !== undefined ? 'yes' : 'no'}>
      <rect x={-15} y={-18} width={30} height={36} rx={4} fill={value !== undefined ? '#f7eccd' : '#3d2f5c'} stroke="#8a7558" />
      <text y={-5} font-size={11} font-weight="bold" text-anchor="middle" fill={value !== undefined ? '#3d2f5c' : '#f3e3a6'}>{letter}</text>
      {value !== undefined
        ? <text y={12} font-size={13} font-weight="bold" text-anchor="middle" fill="#3d2f5c">{value}</text>
        : <path d="M -7 7 L 0 13 L 7 7 L 0 1 Z" fill="#c9b06b" />}
    </g>
  )
}

export function Windmill() {
  return (
    <g class="sk-windmill" stroke="#5a4632" stroke-width={1}>
      <path d="M -3 8 L -1.5 -1 L 1.5 -1 L 3 8 Z" fill="#efe6d2" />
      {[0, 90, 180, 270].map((a) => <path d="M 0 -1 L 1.6 -10 L -1.6 -10 Z" fill="#fffaf0" transform={`rotate(${a + 20} 0 -1)`} />)}
      <circle cy={-1} r={1.2} fill="#5a4632" />
    </g>
  )
}

export function Blimp() {
  return (
    <g class="sk-blimp">
      <ellipse rx={13} ry={5.5} fill="#d8dde6" stroke="#59606e" stroke-width={1} />
      <path d="M 10 -2 L 16 -6 L 16 6 L 10 2 Z" fill="#b8bfcc" stroke="#59606e" stroke-width={0.8} />
      <rect x={-4} y={5} width={8} height={3} rx={1} fill="#59606e" />
    </g>
  )
}

/** Prestige as the table scores it: a player's scoring disc of the prestige track, cream with a gold
 * star (the wonder's star, the keys' gold), in a 20 x 20 box. */
export function PrestigeIcon() {
  return (
    <g class="sk-prestige">
      <circle cx={10} cy={10} r={8.6} fill="#f7eccd" stroke="#8a7558" stroke-width={1.5} />
      <path d="M 10.00 4.40 L 11.53 8.30 L 15.71 8.55 L 12.47 11.20 L 13.53 15.25 L 10.00 13.00 L 6.47 15.25 L 7.53 11.20 L 4.29 8.55 L 8.47 8.30 Z"
        fill="#d9b44a" stroke="#7a5b12" stroke-width={0.9} stroke-linejoin="round" />
    </g>
  )
}

/** The tokens Skyrise's catalogs write for amounts in text: `[Prestige]` drawn as the scoring disc. */
export const TEXT_ICONS = { Prestige: <PrestigeIcon /> }
