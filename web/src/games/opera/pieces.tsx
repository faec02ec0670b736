/** Opera's pieces drawn as SVG: music pieces (a composer's colour and mark, a note, the value and
 * the composer's name, no portrait), the house-composer piece in its owner's colour, the neutral
 * figures, budget markers, pass markers, and the small icons for ducats, VP and budget. */
import { SeatBadge } from '../../seatMarks'
import { fontFor } from '../svg'

/** A colour and a mark per composer, so that pieces differ by shape as well as by colour. */
export const COMPOSER_INK: Record<string, string> = {
  bach: '#7b5a34', handel: '#4a6f99', mozart: '#a8507f', verdi: '#4f7f3f', wagner: '#7f2f2a', monteverdi: '#a9822a',
}
const MARKS = ['circle', 'square', 'triangle', 'diamond', 'hexagon', 'star']
const COMPOSER_ORDER = ['bach', 'handel', 'mozart', 'verdi', 'wagner', 'monteverdi']

function Mark({ shape, x, y, r, fill }: { shape: string; x: number; y: number; r: number; fill: string }) {
  switch (shape) {
    case 'square':
      return <rect x={x - r * 0.8} y={y - r * 0.8} width={r * 1.6} height={r * 1.6} fill={fill} />
    case 'triangle':
      return <path d={`M${x},${y - r} L${x + r},${y + r * 0.8} L${x - r},${y + r * 0.8} Z`} fill={fill} />
    case 'diamond':
      return <path d={`M${x},${y - r} L${x + r},${y} L${x},${y + r} L${x - r},${y} Z`} fill={fill} />
    case 'hexagon': {
      const pts = Array.from({ length: 6 }, (_, i) => `${x + r * Math.cos((Math.PI / 3) * i)},${y + r * Math.sin((Math.PI / 3) * i)}`)
      return <polygon points={pts.join(' ')} fill={fill} />
    }
    case 'star': {
      const pts = Array.from({ length: 10 }, (_, i) => {
        const rr = i % 2 ? r * 0.45 : r
        const a = -Math.PI / 2 + (Math.PI / 5) * i
        return `${x + rr * Math.cos(a)},${y + rr * Math.sin(a)}`
      })
      return <polygon points={pts.join(' ')} fill={fill} />
    }
    default:
      return <circle cx={x} cy={y} r={r * 0.85} fill={fill} />
  }
}

/** An eighth note, the music pieces' common emblem. */
export function Note({ x, y, size, fill }: { x: number; y: number; size: number; fill: string }) {
  const s = size / 20
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`} fill={fill}>
      <ellipse cx={-3} cy={6} rx={5} ry={3.6} transform="rotate(-20 -3 6)" />
      <rect x={1.2} y={-10} width={1.8} height={16} />
      <path d="M3,-10 C8,-7 10,-3 7,2 C8,-2 6,-5 3,-6 Z" />
    </g>
  )
}

/** A music piece (OP-2.7): the composer's colour and mark, a note, the value now (its composer's
 * fame position, OP-3.2) and the composer's name, fitted to the tile, never cut. */
export function MusicPiece({ x, y, w, h, composer, name, value, faded = false }: {
  x: number; y: number; w: number; h: number; composer: string; name: string; value: number; faded?: boolean
}) {
  const fill = COMPOSER_INK[composer] ?? '#777'
  const mark = MARKS[COMPOSER_ORDER.indexOf(composer)] ?? 'circle'
  const r = Math.min(w, h) / 7
  return (
    <g class="music-piece" data-piece-kind="music" data-composer={composer} opacity={faded ? 0.55 : 1}>
      <rect x={x} y={y} width={w} height={h} rx={5} fill={fill} stroke="#2b2118" stroke-width={0.8} />
      <rect x={x + 2} y={y + 2} width={w - 4} height={h - 4} rx={4} fill="none" stroke="#ffffff66" stroke-width={0.8} />
      <Mark shape={mark} x={x + r + 4} y={y + r + 4} r={r} fill="#ffffffcc" />
      <Note x={x + w / 2} y={y + h * 0.38} size={h * 0.42} fill="#fff" />
      <circle cx={x + w - r - 4} cy={y + r + 4} r={r + 2} fill="#fffdf5" stroke="#2b2118" stroke-width={0.5} />
      <text x={x + w - r - 4} y={y + r + 4 + (r + 2) * 0.45} font-size={(r + 2) * 1.3} font-weight="bold" text-anchor="middle" fill="#2b2118">{value}</text>
      <text x={x + w / 2} y={y + h - 5} font-size={fontFor(name, w - 4, Math.min(11, h / 4), 8)} text-anchor="middle" fill="#fff" font-weight="bold">{name}</text>
    </g>
  )
}

/** A player's house-composer piece (OP-2.7): the owner's colour, a house, value 0. */
export function HousePiece({ x, y, w, h, colour, ink, label }: {
  x: number; y: number; w: number; h: number; colour: string; ink: string; label: string
}) {
  const cx = x + w / 2
  const top = y + h * 0.14
  const s = h * 0.4
  const r = Math.min(w, h) / 7
  return (
    <g class="house-piece" data-piece-kind="house">
      <rect x={x} y={y} width={w} height={h} rx={5} fill={colour} stroke="#2b2118" stroke-width={0.8} />
      <path d={`M${cx - s * 0.55},${top + s * 0.45} L${cx},${top} L${cx + s * 0.55},${top + s * 0.45} L${cx + s * 0.4},${top + s * 0.45}
        L${cx + s * 0.4},${top + s} L${cx - s * 0.4},${top + s} L${cx - s * 0.4},${top + s * 0.45} Z`} fill={ink} opacity={0.9} />
      <circle cx={x + w - r - 4} cy={y + r + 4} r={r + 2} fill="#fffdf5" stroke="#2b2118" stroke-width={0.5} />
      <text x={x + w - r - 4} y={y + r + 4 + (r + 2) * 0.45} font-size={(r + 2) * 1.3} font-weight="bold" text-anchor="middle" fill="#2b2118">0</text>
      <text x={cx} y={y + h - 5} font-size={fontFor(label, w - 4, Math.min(11, h / 4), 8)} text-anchor="middle" fill={ink} font-weight="bold">{label}</text>
    </g>
  )
}

/** An empty hall (or one not built yet: dashed), with its hall number. */
export function HallSpace({ x, y, w, h, number, built }: { x: number; y: number; w: number; h: number; number: number; built: boolean }) {
  return (
    <g class="hall-space" pointer-events={built ? undefined : 'none'}>
      <rect x={x} y={y} width={w} height={h} rx={5} fill={built ? '#fffdf5' : 'none'} stroke={built ? '#8a7558' : '#b8a888'}
        stroke-width={built ? 1 : 0.8} stroke-dasharray={built ? undefined : '3 2'} />
      <text x={x + w / 2} y={y + h / 2 + 5} font-size={14} text-anchor="middle" fill={built ? '#8a7558' : '#c4b79c'}>{number}</text>
    </g>
  )
}

/** A neutral figure (OP-2.10): a pawn in the figure's colour. */
export function Pawn({ x, y, size, fill }: { x: number; y: number; size: number; fill: string }) {
  const s = size / 24
  return (
    <g class="pawn" transform={`translate(${x} ${y}) scale(${s})`}>
      <circle cx={0} cy={-14} r={5.5} fill={fill} stroke="#fff" stroke-width={1} />
      <path d="M-8,10 Q-8,-6 0,-8 Q8,-6 8,10 Z" fill={fill} stroke="#fff" stroke-width={1} />
    </g>
  )
}

/** A budget marker (OP-2.2): a disc in the player's colour with a cross printed on it; `label` is
 * written on it (the turn order), a black pass marker lies on it once the player passed; where no name
 * stands beside it (`seat` given: the budget table), the colour-blind setting's shape marks its owner. */
export function BudgetDisc({ cx, cy, r, colour, ink, label, passed, seat }: {
  cx: number; cy: number; r: number; colour: string; ink: string; label?: string; passed: boolean; seat?: number
}) {
  return (
    <g class="budget-disc">
      <circle cx={cx} cy={cy} r={r} fill={colour} stroke="#2b2118" stroke-width={1} />
      {label !== undefined && <text x={cx} y={cy + r * 0.4} font-size={r * 1.1} font-weight="bold" text-anchor="middle" fill={ink}>{label}</text>}
      {passed && <PassMarker cx={cx + r * 0.75} cy={cy - r * 0.75} r={r * 0.55} />}
      {seat !== undefined && <SeatBadge seat={seat} colour={colour} cx={cx - r * 0.8} cy={cy - r * 0.8} r={r * 0.6} />}
    </g>
  )
}

export function PassMarker({ cx, cy, r }: { cx: number; cy: number; r: number }) {
  return (
    <g class="pass-marker">
      <circle cx={cx} cy={cy} r={r} fill="#111" stroke="#fff" stroke-width={0.8} />
      <path d={`M${cx - r * 0.45},${cy - r * 0.45} L${cx + r * 0.45},${cy + r * 0.45} M${cx + r * 0.45},${cy - r * 0.45} L${cx - r * 0.45},${cy + r * 0.45}`}
        stroke="#fff" stroke-width={r * 0.3} />
    </g>
  )
}

export function CoinIcon({ x, y, r = 6 }: { x: number; y: number; r?: number }) {
  return (
    <g class="icon-coin">
      <circle cx={x} cy={y} r={r} fill="#e2b94b" stroke="#8c6a16" stroke-width={1} />
      <circle cx={x} cy={y} r={r * 0.6} fill="none" stroke="#8c6a16" stroke-width={0.7} />
    </g>
  )
}

/** The tokens Opera's catalogs write for amounts in text: `[Ducat]` drawn as its coin. */
export const TEXT_ICONS = { Ducat: <CoinIcon x={10} y={10} r={8.5} /> }

export function StarIcon({ x, y, r = 6 }: { x: number; y: number; r?: number }) {
  const pts = Array.from({ length: 10 }, (_, i) => {
    const rr = i % 2 ? r * 0.45 : r
    const a = -Math.PI / 2 + (Math.PI / 5) * i
    return `${x + rr * Math.cos(a)},${y + rr * Math.sin(a)}`
  })
  return <polygon class="icon-vp" points={pts.join(' ')} fill="#c0392b" stroke="#6e1d14" stroke-width={0.6} />
}

/** The budget icon: a marker disc with its cross. */
export function BudgetIcon({ x, y, r = 6 }: { x: number; y: number; r?: number }) {
  return (
    <g class="icon-budget">
      <circle cx={x} cy={y} r={r} fill="#6b5a44" stroke="#2b2118" stroke-width={0.8} />
      <path d={`M${x - r * 0.55},${y - r * 0.55} L${x + r * 0.55},${y + r * 0.55} M${x + r * 0.55},${y - r * 0.55} L${x - r * 0.55},${y + r * 0.55}`}
        stroke="#fffdf5" stroke-width={1.4} />
    </g>
  )
}

/** A folding screen (OP-2.10): what stands in front of another player's supply and money. */
export function Screen({ x, y, w, h, colour }: { x: number; y: number; w: number; h: number; colour: string }) {
  const leaf = w / 3
  return (
    <g class="screen-art">
      {[0, 1, 2].map((i) => (
        <path d={`M${x + i * leaf},${y + (i === 1 ? 0 : 6)} L${x + (i + 1) * leaf},${y + (i === 1 ? 0 : 6)}
          L${x + (i + 1) * leaf},${y + h - (i === 1 ? 0 : 6)} L${x + i * leaf},${y + h - (i === 1 ? 0 : 6)} Z`}
          fill={i === 1 ? '#5a2d3a' : '#6e3a48'} stroke={colour} stroke-width={2} />
      ))}
      {[0, 1, 2].map((i) => <Note x={x + i * leaf + leaf / 2} y={y + h / 2 - 2} size={h * 0.42} fill="#e2c98f" />)}
    </g>
  )
}
