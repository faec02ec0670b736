/** Trickerion's symbols, drawn here as small SVG groups centred on (x, y) with size `s`: the four
 * Trick categories, the twelve component types, Coins, Fame, Shards, Action Points, wages and the
 * faces of the six dice. */
import type { ComponentChildren } from 'preact'

export const CATEGORY_COLOURS: Record<string, string> = {
  escape: '#b4432f', spiritual: '#6f4fa8', mechanical: '#4a6b7d', optical: '#c28a12',
}
export const LOCATION_COLOURS: Record<string, string> = {
  downtown: '#6b4a2f', market_row: '#2f6b4a', workshop: '#7d5a1e', theater: '#8a2434', dark_alley: '#2c2838',
}
export const TIER_COLOURS: Record<string, string> = { basic: '#8a7a62', advanced: '#4f7ba8', superior: '#a8842f' }

interface At { x: number; y: number; s: number }

/** A category symbol: Escape a padlock, Spiritual a crescent moon, Mechanical a cog, Optical an eye. */
export function CategoryIcon({ category, x, y, s, ink = '#fff', disc = true }: At & { category: string; ink?: string; disc?: boolean }) {
  const r = s / 2
  const bg = CATEGORY_COLOURS[category] ?? '#777'
  const k = s / 20
  const body = (() => {
    switch (category) {
      case 'escape':
        return <g><path d={`M${x - 4 * k} ${y - 1 * k} v${-3 * k} a${4 * k} ${4 * k} 0 0 1 ${8 * k} 0 v${3 * k}`} fill="none" stroke={ink} stroke-width={1.8 * k} />
          <rect x={x - 6 * k} y={y - 1 * k} width={12 * k} height={8 * k} rx={1.5 * k} fill={ink} /></g>
      case 'spiritual':
        return <path d={`M${x + 2 * k} ${y - 7 * k} a${7 * k} ${7 * k} 0 1 0 ${5 * k} ${12 * k} a${5.5 * k} ${5.5 * k} 0 1 1 ${-5 * k} ${-12 * k} z`} fill={ink} />
      case 'mechanical': {
        const teeth = Array.from({ length: 8 }, (_, i) => {
          const a = (i * Math.PI) / 4
          return <rect x={x - 1.6 * k} y={y - 8 * k} width={3.2 * k} height={4 * k} fill={ink} transform={`rotate(${(a * 180) / Math.PI} ${x} ${y})`} />
        })
        return <g>{teeth}<circle cx={x} cy={y} r={5 * k} fill={ink} /><circle cx={x} cy={y} r={2 * k} fill={bg} /></g>
      }
      case 'optical':
        return <g><path d={`M${x - 8 * k} ${y} q${8 * k} ${-8 * k} ${16 * k} 0 q${-8 * k} ${8 * k} ${-16 * k} 0 z`} fill={ink} />
          <circle cx={x} cy={y} r={2.8 * k} fill={bg} /></g>
      default:
        return <text x={x} y={y + 3.5 * k} font-size={10 * k} text-anchor="middle" fill={ink} font-weight="bold">?</text>
    }
  })()
  return <g class="icon-category" data-icon={category}>{disc && <circle cx={x} cy={y} r={r} fill={bg} />}{body}</g>
}

/** A gold coin with an optional value. */
export function CoinIcon({ x, y, s, value }: At & { value?: number | string }) {
  return (
    <g class="icon-coin" data-icon="coins">
      <circle cx={x} cy={y} r={s / 2} fill="#e0b52c" stroke="#8a6a10" stroke-width={s / 14} />
      <circle cx={x} cy={y} r={s / 2 - s / 7} fill="none" stroke="#f6dc7a" stroke-width={s / 18} />
      {value !== undefined && <text x={x} y={y + s * 0.2} font-size={s * 0.55} text-anchor="middle" font-weight="bold" fill="#4a3806">{value}</text>}
    </g>
  )
}

const starPath = (x: number, y: number, r: number) => {
  let d = ''
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5
    const rr = i % 2 ? r * 0.45 : r
    d += `${i ? 'L' : 'M'}${(x + rr * Math.cos(a)).toFixed(2)} ${(y + rr * Math.sin(a)).toFixed(2)}`
  }
  return `${d}z`
}

/** Fame: a star (with an optional number on it). */
export function FameIcon({ x, y, s, value }: At & { value?: number | string }) {
  return (
    <g class="icon-fame" data-icon="fame">
      <path d={starPath(x, y + s * 0.04, s / 2)} fill="#c0392b" stroke="#6e1a12" stroke-width={s / 20} />
      {value !== undefined && <text x={x} y={y + s * 0.2} font-size={s * 0.42} text-anchor="middle" font-weight="bold" fill="#fff">{value}</text>}
    </g>
  )
}

/** A Trickerion Shard: a blue crystal. */
export function ShardIcon({ x, y, s }: At) {
  const h = s / 2
  return (
    <g class="icon-shard" data-icon="shards">
      <path d={`M${x} ${y - h} L${x + h * 0.6} ${y - h * 0.2} L${x + h * 0.3} ${y + h} L${x - h * 0.3} ${y + h} L${x - h * 0.6} ${y - h * 0.2} z`} fill="#39a7c9" stroke="#13546a" stroke-width={s / 16} />
      <path d={`M${x} ${y - h} L${x} ${y + h} M${x - h * 0.6} ${y - h * 0.2} L${x + h * 0.6} ${y - h * 0.2}`} stroke="#bfe9f6" stroke-width={s / 22} />
    </g>
  )
}

/** The tokens Trickerion's catalogs write for amounts in text, drawn as on the boards. */
export const TEXT_ICONS = { Fame: <FameIcon x={10} y={10} s={19} />, Coin: <CoinIcon x={10} y={10} s={18} />, Shard: <ShardIcon x={10} y={10} s={19} /> }

/** Action Points: a lightning bolt in a disc (with an optional number). */
export function ApIcon({ x, y, s, value }: At & { value?: number | string }) {
  const k = s / 20
  return (
    <g class="icon-ap" data-icon="ap">
      <circle cx={x} cy={y} r={s / 2} fill="#2b2118" />
      {value === undefined
        ? <path d={`M${x + 1 * k} ${y - 8 * k} L${x - 5 * k} ${y + 1 * k} L${x - 0.5 * k} ${y + 1 * k} L${x - 2 * k} ${y + 8 * k} L${x + 5 * k} ${y - 1.5 * k} L${x + 0.5 * k} ${y - 1.5 * k} z`} fill="#f3d34a" />
        : <text x={x} y={y + s * 0.2} font-size={s * 0.58} text-anchor="middle" font-weight="bold" fill="#f3d34a">{value}</text>}
    </g>
  )
}

/** A wage: a coin with a downward arrow (paid at the end of the turn). */
export function WageIcon({ x, y, s, value }: At & { value: number }) {
  return (
    <g class="icon-wage" data-icon="wage">
      <CoinIcon x={x} y={y} s={s} value={value} />
      <path d={`M${x + s * 0.42} ${y + s * 0.1} l${s * 0.18} ${s * 0.28} l${s * 0.18} ${-s * 0.28} z`} fill="#8a2434" />
    </g>
  )
}

/** A component type: its tier's colour, and a symbol of the material. */
export function ComponentIcon({ component, tier, x, y, s }: At & { component: string; tier: string }) {
  const k = s / 20
  const ink = '#fff'
  const shape = (() => {
    switch (component) {
      case 'wood': return <g><rect x={x - 7 * k} y={y - 3 * k} width={14 * k} height={6 * k} rx={3 * k} fill="#c8924f" stroke={ink} stroke-width={k} /><circle cx={x + 5 * k} cy={y} r={2 * k} fill="none" stroke="#5a3a14" stroke-width={0.8 * k} /></g>
      case 'glass': return <path d={`M${x - 5 * k} ${y - 7 * k} h${10 * k} l${-2 * k} ${14 * k} h${-6 * k} z`} fill="#cfeef5" stroke={ink} stroke-width={k} />
      case 'metal': return <path d={`M${x - 8 * k} ${y + 4 * k} l${3 * k} ${-8 * k} h${10 * k} l${3 * k} ${8 * k} z`} fill="#b8bcc2" stroke={ink} stroke-width={k} />
      case 'fabric': return <path d={`M${x - 7 * k} ${y - 6 * k} q${7 * k} ${4 * k} ${14 * k} 0 v${12 * k} q${-7 * k} ${-4 * k} ${-14 * k} 0 z`} fill="#c0504d" stroke={ink} stroke-width={k} />
      case 'rope': return <g fill="none" stroke="#e8d29a" stroke-width={2 * k}><circle cx={x} cy={y} r={6 * k} /><circle cx={x} cy={y} r={3 * k} /></g>
      case 'petroleum': return <path d={`M${x} ${y - 8 * k} q${7 * k} ${9 * k} 0 ${15 * k} q${-7 * k} ${-6 * k} 0 ${-15 * k} z`} fill="#222" stroke={ink} stroke-width={k} />
      case 'saw': return <g><rect x={x - 8 * k} y={y - 3 * k} width={13 * k} height={5 * k} fill="#cfd3d8" stroke={ink} stroke-width={0.8 * k} /><path d={`M${x - 8 * k} ${y + 2 * k} ${Array.from({ length: 6 }, () => `l${1.1 * k} ${2 * k} l${1.1 * k} ${-2 * k}`).join(' ')}`} fill="none" stroke={ink} stroke-width={0.8 * k} /><rect x={x + 5 * k} y={y - 4 * k} width={4 * k} height={7 * k} rx={k} fill="#8a5a2a" /></g>
      case 'animal': return <g fill={ink}><ellipse cx={x} cy={y + 2 * k} rx={5 * k} ry={4.5 * k} /><ellipse cx={x - 3 * k} cy={y - 6 * k} rx={1.8 * k} ry={4 * k} /><ellipse cx={x + 3 * k} cy={y - 6 * k} rx={1.8 * k} ry={4 * k} /></g>
      case 'padlock': return <g><path d={`M${x - 4 * k} ${y - 1 * k} v${-3 * k} a${4 * k} ${4 * k} 0 0 1 ${8 * k} 0 v${3 * k}`} fill="none" stroke={ink} stroke-width={1.6 * k} /><rect x={x - 6 * k} y={y - 1 * k} width={12 * k} height={8 * k} rx={1.5 * k} fill="#8a8f96" stroke={ink} stroke-width={0.8 * k} /></g>
      case 'mirror': return <g><ellipse cx={x} cy={y - 1 * k} rx={5 * k} ry={7 * k} fill="#dff3fb" stroke={ink} stroke-width={1.4 * k} /><rect x={x - 1 * k} y={y + 6 * k} width={2 * k} height={3 * k} fill={ink} /></g>
      case 'disguise': return <path d={`M${x - 8 * k} ${y - 3 * k} q${8 * k} ${-4 * k} ${16 * k} 0 q${-1 * k} ${8 * k} ${-6 * k} ${6 * k} q${-2 * k} ${-3 * k} ${-4 * k} 0 q${-5 * k} ${2 * k} ${-6 * k} ${-6 * k} z`} fill="#222" stroke={ink} stroke-width={k} />
      case 'cog': return <CategoryIcon category="mechanical" x={x} y={y} s={s * 0.8} disc={false} />
      default: return null
    }
  })()
  return (
    <g class="icon-component" data-icon={component}>
      <rect x={x - s / 2} y={y - s / 2} width={s} height={s} rx={s / 5} fill={TIER_COLOURS[tier] ?? '#777'} />
      {shape}
    </g>
  )
}

/** A character symbol: a silhouette, with a letter-free badge per type (a star for the Magician, a
 * gear for the Engineer, a coin for the Manager, a wand for the Assistant). */
export function CharacterIcon({ character, x, y, s, fill = '#2b2118', ink = '#fff' }: At & { character: string; fill?: string; ink?: string }) {
  const k = s / 20
  const type = character.startsWith('apprentice') ? 'apprentice' : character
  return (
    <g class="icon-character" data-icon={type}>
      <circle cx={x} cy={y - 4 * k} r={4 * k} fill={fill} stroke={ink} stroke-width={0.8 * k} />
      <path d={`M${x - 7 * k} ${y + 9 * k} q0 ${-10 * k} ${7 * k} ${-10 * k} q${7 * k} 0 ${7 * k} ${10 * k} z`} fill={fill} stroke={ink} stroke-width={0.8 * k} />
      {type === 'magician' && <path d={`M${x - 4 * k} ${y - 7.5 * k} h${8 * k} l${-1.5 * k} ${-4 * k} h${-5 * k} z`} fill={ink} />}
      {type === 'engineer' && <CategoryIcon category="mechanical" x={x} y={y + 4 * k} s={7 * k} ink={ink} disc={false} />}
      {type === 'manager' && <circle cx={x} cy={y + 4 * k} r={2.5 * k} fill="#e0b52c" />}
      {type === 'assistant' && <path d={`M${x - 3 * k} ${y + 7 * k} l${6 * k} ${-6 * k}`} stroke={ink} stroke-width={1.4 * k} />}
    </g>
  )
}

/** One face of a die: a category, a character, a coin value, "any" or the X. */
export function DieFace({ face, x, y, s }: At & { face: string | null }) {
  const inner = s * 0.66
  let body: ComponentChildren
  if (face === null) body = null  // not rolled yet (setup, TR-4.1): a blank die, its outline dashed
  else if (face === 'x') body = <path d={`M${x - s * 0.25} ${y - s * 0.25} L${x + s * 0.25} ${y + s * 0.25} M${x + s * 0.25} ${y - s * 0.25} L${x - s * 0.25} ${y + s * 0.25}`} stroke="#8a2434" stroke-width={s * 0.1} stroke-linecap="round" />
  else if (face === 'any') body = <g>{['escape', 'spiritual', 'mechanical', 'optical'].map((c, i) => <CategoryIcon category={c} x={x + (i % 2 ? 1 : -1) * s * 0.19} y={y + (i < 2 ? -1 : 1) * s * 0.19} s={s * 0.36} />)}</g>
  else if (/^\d+$/.test(face)) body = <CoinIcon x={x} y={y} s={inner} value={face} />
  else if (face in CATEGORY_COLOURS) body = <CategoryIcon category={face} x={x} y={y} s={inner} />
  else body = <CharacterIcon character={face} x={x} y={y + s * 0.04} s={inner} />
  return (
    <g class="die-face" data-face={face ?? 'unrolled'}>
      <rect x={x - s / 2} y={y - s / 2} width={s} height={s} rx={s / 6} fill="#fbf7ee" stroke="#2b2118" stroke-width={s / 24}
        stroke-dasharray={face === null ? `${s / 10} ${s / 14}` : undefined} />
      {body}
    </g>
  )
}

/** A Trick marker: a diamond in the owner's colour with the category symbol; a notch shows the
 * corner of its own category (where it points: N, E, S, W). */
export function MarkerIcon({ x, y, s, colour, category, dir }: At & { colour: string; category: string | null; dir?: string | null }) {
  const h = s / 2
  const angle = { N: 0, E: 90, S: 180, W: 270 }[dir ?? 'N'] ?? 0
  return (
    <g class="icon-marker">
      <path d={`M${x} ${y - h} L${x + h} ${y} L${x} ${y + h} L${x - h} ${y} z`} fill={colour} stroke="#1b140e" stroke-width={s / 20} />
      {dir && <path d={`M${x} ${y - h} L${x + h * 0.32} ${y - h * 0.56} L${x - h * 0.32} ${y - h * 0.56} z`} fill={category ? CATEGORY_COLOURS[category] : '#fff'} stroke="#fff" stroke-width={s / 30} transform={`rotate(${angle} ${x} ${y})`} />}
      {category && <CategoryIcon category={category} x={x} y={y} s={s * 0.46} />}
    </g>
  )
}

/** Icon and number in a row (e.g. "2 ★"): the value first, then the icon. */
export function Amount({ kind, value, x, y, s }: At & { kind: 'fame' | 'coins' | 'shards' | 'ap'; value: number | string }) {
  const icon = kind === 'fame' ? <FameIcon x={x + s * 0.9} y={y} s={s} /> : kind === 'coins' ? <CoinIcon x={x + s * 0.9} y={y} s={s} />
    : kind === 'shards' ? <ShardIcon x={x + s * 0.9} y={y} s={s} /> : <ApIcon x={x + s * 0.9} y={y} s={s} />
  return (
    <g class="amount" data-amount={kind}>
      <text x={x} y={y + s * 0.32} font-size={s * 0.85} text-anchor="middle" font-weight="bold" fill="#2b2118">{value}</text>
      {icon}
    </g>
  )
}

/** An icon as an inline HTML element (counters, decision panel): a tiny SVG around one symbol. */
export function InlineIcon({ children, size = 16 }: { children: ComponentChildren; size?: number }) {
  return <svg width={size} height={size} viewBox="0 0 20 20" class="inline-icon" aria-hidden="true">{children}</svg>
}
