/** Trickerion's card templates, drawn from the public data with their printed details: Trick cards,
 * Performance cards (slots, Link circles, markers), Assignment cards (Permanent, Special, backs),
 * Magicians and Prophecies. The same template is used on the board, in tooltips and in the decision
 * panel; each returns an SVG group at (x, y) carrying data attributes a test can read. */
import type { ComponentChildren } from 'preact'
import { FitText, colourOf, fontFor } from '../svg'
import type { BoardProps } from '../types'
import { type Marker, type PlayerView, requirements, tdata } from './data'
import {
  ApIcon, CATEGORY_COLOURS, CategoryIcon, CharacterIcon, CoinIcon, ComponentIcon, FameIcon, LOCATION_COLOURS, MarkerIcon, ShardIcon,
} from './icons'
import { fillTemplate } from '../../template'

type P = Pick<BoardProps, 'data' | 'catalog' | 'options' | 'colours'>

/** A card's tooltip: the card drawn large above its full text, narrow enough to stay on screen. */
const TIP = { maxWidth: '260px' }

export const TRICK_W = 104
export const TRICK_H = 164
export const PERF_W = 150
export const PERF_H = 150
export const CARD_W = 72
export const CARD_H = 100

const word = (p: P, key: string) => p.catalog.term(key)
const fill = (template: string, values: Record<string, string | number>) => fillTemplate(template, values, '')

/** The outline a clickable or changed board element is highlighted by (the frame's CSS strokes
 * the first shape of a board element; a card drawn as a group gets this frame in front of it). */
export function Frame({ x, y, w, h, rx = 6 }: { x: number; y: number; w: number; h: number; rx?: number }) {
  return <rect class="spot-frame" x={x - 2} y={y - 2} width={w + 4} height={h + 4} rx={rx} fill="none" />
}

/** A Level-3 Trick's end-game bonus in words (Dark Alley, TR-16.3). */
export function endgameText(p: P, trick: string): string | null {
  const e = tdata(p).tricks[trick]?.endgame
  if (!e) return null
  const values: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(e)) values[k] = typeof v === 'string' ? p.catalog.name(v) : Number(v)
  if (typeof e.tier === 'string') values.tier = word(p, `tier_${e.tier}`)
  return fill(word(p, `endgame_${e.type}`), values)
}

/** A card's amounts (yields, bonus) as a row of numbers with icons. */
function Gains({ x, y, s, gains }: { x: number; y: number; s: number; gains: { fame: number; coins: number; shards: number } }) {
  const parts: ComponentChildren[] = []
  let at = x
  if (gains.fame) { parts.push(<FameIcon x={at + s / 2} y={y} s={s} value={gains.fame} />); at += s + 3 }
  if (gains.coins) { parts.push(<CoinIcon x={at + s / 2} y={y} s={s} value={gains.coins} />); at += s + 3 }
  for (let i = 0; i < gains.shards; i++) { parts.push(<ShardIcon x={at + s / 2} y={y} s={s} />); at += s * 0.8 + 2 }
  return <g>{parts}</g>
}

/** The width the Gains row takes. */
const gainsWidth = (s: number, g: { fame: number; coins: number; shards: number }) =>
  (g.fame ? s + 3 : 0) + (g.coins ? s + 3 : 0) + g.shards * (s * 0.8 + 2)

/** A Trick card: category and level, Fame threshold, components, prepare cost, markers, yields, Link
 * reward, and (Level 3) the end-game bonus. `prepared` draws the markers lying on it in `colour`. */
export function TrickCard({ p, trick, x, y, prepared = 0, colour, dim = false, engineer = false }: {
  p: P; trick: string; x: number; y: number; prepared?: number; colour?: string; dim?: boolean; engineer?: boolean
}) {
  const t = tdata(p).tricks[trick]
  if (!t) return null
  const req = requirements(p, trick)
  const c = CATEGORY_COLOURS[t.category]
  const name = p.catalog.name(trick)
  const comps = Object.entries(req.components)
  const end = endgameText(p, trick)
  return (
    <g class="trick-card card" data-card={trick} data-category={t.category} data-level={t.level} data-threshold={t.threshold}
      data-components={comps.map(([k, n]) => `${k}:${n}`).join(',')} data-prepare={t.prepare_ap} data-markers={req.markers}
      data-yields={`${t.yields.fame},${t.yields.coins},${t.yields.shards}`} data-endgame={t.endgame ? t.endgame.type : undefined}
      opacity={dim ? 0.55 : 1}>
      <rect x={x} y={y} width={TRICK_W} height={TRICK_H} rx={7} fill="#fbf3e1" stroke={engineer ? '#4a6b7d' : c} stroke-width={engineer ? 3 : 2} />
      <rect x={x + 3} y={y + 3} width={TRICK_W - 6} height={24} rx={5} fill={c} />
      <CategoryIcon category={t.category} x={x + 15} y={y + 15} s={18} ink="#fff" />
      <FitText x={x + 60} y={y + 19} width={TRICK_W - 34} size={11} text={name} fill="#fff" font-weight="bold" class="trick-title" wrap />
      {/* level pips and Fame threshold */}
      {Array.from({ length: t.level }, (_, i) => <circle cx={x + 10 + i * 9} cy={y + 36} r={3.2} fill={c} />)}
      <FameIcon x={x + TRICK_W - 14} y={y + 38} s={20} value={t.threshold} />
      {/* components required */}
      {comps.map(([comp, n], i) => {
        const cx = x + 5 + (i % 3) * 32
        const cy = y + 52 + Math.floor(i / 3) * 22
        return (
          <g>
            <ComponentIcon component={comp} tier={tdata(p).components[comp]?.tier ?? 'basic'} x={cx + 8} y={cy + 8} s={16} />
            <text x={cx + 17} y={cy + 12} font-size={10} font-weight="bold" fill="#2b2118">{`×${n}`}</text>
          </g>
        )
      })}
      {/* prepare cost and markers received */}
      <ApIcon x={x + 13} y={y + 105} s={17} value={t.prepare_ap} />
      {Array.from({ length: req.markers }, (_, i) => (
        <rect x={x + 26 + i * 11} y={y + 100} width={9} height={9} fill={i < prepared ? (colour ?? '#555') : '#fff'} stroke="#2b2118" stroke-width={0.8}
          class={i < prepared ? 'prepared-marker' : undefined} />
      ))}
      {prepared > req.markers && <text x={x + 28 + req.markers * 11} y={y + 109} font-size={9} fill="#2b2118">{`+${prepared - req.markers}`}</text>}
      <g transform={`translate(${x + TRICK_W - 12} ${y + 105})`}>
        <circle r={7.5} fill="#fff" stroke={c} stroke-width={1.5} />
        <text y={3.5} font-size={10} text-anchor="middle" font-weight="bold" fill={c}>{t.link_reward}</text>
      </g>
      {/* yields */}
      <line x1={x + 6} x2={x + TRICK_W - 6} y1={y + 117} y2={y + 117} stroke={c} stroke-width={0.8} />
      <Gains x={x + (TRICK_W - gainsWidth(16, t.yields)) / 2} y={y + 129} s={16} gains={t.yields} />
      {end && (
        <g class="endgame">
          <rect x={x + 3} y={y + 138} width={TRICK_W - 6} height={23} rx={3} fill="#2c2838" />
          <WrappedText x={x + TRICK_W / 2} y={y + 148} width={TRICK_W - 10} size={9} lines={2} text={end} fill="#f3d34a" />
        </g>
      )}
    </g>
  )
}

/** A Trick card's full text, for its tooltip. */
export function TrickTip({ p, trick, prepared, colour }: { p: P; trick: string; prepared?: number; colour?: string }) {
  const t = tdata(p).tricks[trick]
  if (!t) return <span>{p.catalog.name(trick)}</span>
  const req = requirements(p, trick)
  const end = endgameText(p, trick)
  return (
    <div class="card-tip" style={TIP}>
      <svg width={TRICK_W * 1.3} height={TRICK_H * 1.3} viewBox={`0 0 ${TRICK_W} ${TRICK_H}`}><TrickCard p={p} trick={trick} x={0} y={0} prepared={prepared} colour={colour} /></svg>
      <div>
        <strong>{p.catalog.name(trick)}</strong>
        <div>{`${p.catalog.name(t.category)} · ${word(p, 'level')} ${t.level} · ${word(p, 'fame_threshold')} ${t.threshold}`}</div>
        <div>{`${word(p, 'components_required')}${p.catalog.marks.colon}${Object.entries(req.components).map(([k, n]) => `${n} ${p.catalog.name(k)}`).join(p.catalog.marks.phrases)}`}</div>
        <div>{`${word(p, 'prepare_cost')}${p.catalog.marks.colon}${t.prepare_ap} ${word(p, 'ap')} · ${word(p, 'markers')}${p.catalog.marks.colon}${req.markers}`}</div>
        <div>{`${word(p, 'yields')}${p.catalog.marks.colon}${gainsText(p, t.yields)}`}</div>
        <div>{`${word(p, 'link_reward')}${p.catalog.marks.colon}${t.link_reward}`}</div>
        {end && <div>{`${word(p, 'endgame')}${p.catalog.marks.colon}${end}`}</div>}
      </div>
    </div>
  )
}

export function gainsText(p: P, g: { fame: number; coins: number; shards: number }): string {
  const parts = []
  for (const kind of ['fame', 'coins', 'shards'] as const) {
    if (g[kind]) parts.push(p.catalog.fill(p.catalog.label(`amount_${kind}`), { n: g[kind] }, null))
  }
  return parts.length ? parts.join(p.catalog.marks.phrases) : '—'
}

/** Where a slot "cXrY" of a Performance card lies, relative to the card. */
export const slotXY = (slot: string): [number, number] => {
  const m = /^c(\d)r(\d)$/.exec(slot)
  const col = m ? Number(m[1]) : 0
  const row = m ? Number(m[2]) : 0
  return [45 + col * 60, 42 + row * 36]
}

/** A Performance card: theater, slots (diamonds), Link circles (a Shard on the marked ones), the
 * bonus, and the markers lying on it in their owners' colours pointing their category's corner. */
export function PerformanceCard({ p, card, x, y, markers = [], players = [], slotContent }: {
  p: P; card: string; x: number; y: number; markers?: Marker[]; players?: PlayerView[]
  slotContent?: (slot: string, sx: number, sy: number) => ComponentChildren
}) {
  const c = tdata(p).performance_cards[card]
  if (!c) return null
  const bg = c.theater === 'magnus_pantheon' ? '#3b2f4a' : c.theater === 'grand_magorian' ? '#6b2430' : '#2f4a5a'
  const categoryOf = (m: Marker): string | null => {
    if (m.category) return m.category
    if (m.trick) return tdata(p).tricks[m.trick]?.category ?? null
    return null
  }
  const offSlot = markers.filter((m) => m.slot === 'off')
  return (
    <g class="performance-card card" data-card={card} data-theater={c.theater} data-slots={c.slots.join(',')}
      data-links={c.links.map((l) => `${l.a}-${l.b}${l.shard ? '*' : ''}`).join(',')}
      data-bonus={`${c.bonus.fame},${c.bonus.coins},${c.bonus.shards}`}>
      <rect x={x} y={y} width={PERF_W} height={PERF_H} rx={8} fill={bg} stroke="#c9a44a" stroke-width={2} />
      <FitText x={x + PERF_W / 2} y={y + 15} width={PERF_W - 12} size={10} text={p.catalog.name(c.theater)} fill="#f3e3b5" font-weight="bold" />
      {c.links.map((l) => {
        const [ax, ay] = slotXY(l.a)
        const [bx, by] = slotXY(l.b)
        const mx = x + (ax + bx) / 2
        const my = y + (ay + by) / 2
        return (
          <g class="link" data-link={`${l.a}-${l.b}`} data-shard={l.shard ? 'true' : 'false'}>
            <line x1={x + ax} y1={y + ay} x2={x + bx} y2={y + by} stroke="#c9a44a" stroke-width={2} />
            <circle cx={mx} cy={my} r={7} fill="#f3e3b5" stroke="#c9a44a" stroke-width={1.5} />
            {l.shard && <ShardIcon x={mx} y={my} s={10} />}
          </g>
        )
      })}
      {c.slots.map((s) => {
        const [sx, sy] = slotXY(s)
        const m = markers.find((mk) => mk.slot === s)
        return (
          <g class="perf-slot" data-slot={s}>
            <path d={`M${x + sx} ${y + sy - 14} L${x + sx + 14} ${y + sy} L${x + sx} ${y + sy + 14} L${x + sx - 14} ${y + sy} z`} fill="#efe4c8" stroke="#c9a44a" stroke-width={1.2} />
            {m && (
              <g class="trick-marker" data-seat={m.seat === null ? 'gray' : String(m.seat)} data-trick={m.trick} data-dir={m.dir}>
                <MarkerIcon x={x + sx} y={y + sy} s={26} colour={m.seat === null ? '#9a9a9a' : colourOf(p, m.seat)} category={categoryOf(m)} dir={m.dir} />
                {m.stack && <text x={x + sx + 12} y={y + sy - 8} font-size={9} font-weight="bold" fill="#fff">×2</text>}
              </g>
            )}
            {slotContent?.(s, x + sx, y + sy)}
          </g>
        )
      })}
      {offSlot.map((m, i) => (
        <g class="trick-marker" data-seat={String(m.seat)} data-trick={m.trick} data-dir="off">
          <MarkerIcon x={x + 16 + i * 18} y={y + PERF_H - 30} s={16} colour={colourOf(p, m.seat)} category={categoryOf(m)} />
        </g>
      ))}
      <Gains x={x + PERF_W - 8 - gainsWidth(15, c.bonus)} y={y + PERF_H - 11} s={15} gains={c.bonus} />
      {players.length === 0 && null}
    </g>
  )
}

/** A Performance card's text, for its tooltip. */
export function PerformanceTip({ p, card, markers = [] }: { p: P; card: string; markers?: Marker[] }) {
  const c = tdata(p).performance_cards[card]
  if (!c) return <span>{p.catalog.name(card)}</span>
  return (
    <div class="card-tip" style={TIP}>
      <svg width={PERF_W * 1.3} height={PERF_H * 1.3} viewBox={`0 0 ${PERF_W} ${PERF_H}`}><PerformanceCard p={p} card={card} x={0} y={0} markers={markers} /></svg>
      <div>
        <strong>{p.catalog.name(card)}</strong>
        <div>{`${word(p, 'trick_slots')}${p.catalog.marks.colon}${c.slots.length} · ${word(p, 'link_circles')}${p.catalog.marks.colon}${c.links.length} ${p.catalog.aside(`${word(p, 'shard_circles')}${p.catalog.marks.colon}${c.links.filter((l) => l.shard).length}`)}`}</div>
        <div>{`${word(p, 'performance_bonus')}${p.catalog.marks.colon}${gainsText(p, c.bonus)}`}</div>
        {markers.map((m) => (
          <div>{`${m.seat === null ? word(p, 'printed_marker') : p.catalog.seat(m.seat)}${p.catalog.marks.colon}${m.trick ? p.catalog.name(m.trick) : p.catalog.name(m.category ?? null)} · ${p.catalog.name(m.dir)}`}</div>
        ))}
      </div>
    </div>
  )
}

/** An Assignment card: a Permanent one (its Location) or a Special one (name, Location, +1 AP). */
export function AssignmentCard({ p, card, x, y, w = CARD_W, h = CARD_H, mini = false }: {
  p: P; card: string; x: number; y: number; w?: number; h?: number; mini?: boolean
}) {
  const special = tdata(p).assignments.special[card]
  const location = special ? special.location : card
  const bg = LOCATION_COLOURS[location] ?? '#555'
  const k = w / CARD_W
  return (
    <g class="assignment-card card" data-card={card} data-kind={special ? 'special' : 'permanent'} data-location={location}>
      <rect x={x} y={y} width={w} height={h} rx={6 * k} fill={bg} stroke="#c9a44a" stroke-width={1.5} />
      <rect x={x + 4 * k} y={y + 4 * k} width={w - 8 * k} height={h - 8 * k} rx={4 * k} fill="none" stroke="#c9a44a" stroke-width={0.6} />
      <LocationIcon location={location} x={x + w / 2} y={y + (special && !mini ? 30 : 44) * k} s={(mini ? 40 : 26) * k} />
      {!mini && <text x={x + w / 2} y={y + (special ? 58 : 78) * k} font-size={fontFor(p.catalog.name(location), w - 10, 10 * k, 6)} text-anchor="middle" fill="#f3e3b5">{p.catalog.name(location)}</text>}
      {special && (
        <g>
          {!mini && <WrappedText x={x + w / 2} y={y + 71 * k} width={w - 8 * k} size={9 * k} lines={2} text={p.catalog.name(card)} fill="#fff" />}
          <g transform={`translate(${x + w - 13 * k} ${y + 13 * k})`}>
            <circle r={9 * k} fill="#f3d34a" />
            <text y={3 * k} font-size={8 * k} text-anchor="middle" font-weight="bold" fill="#2b2118">+1</text>
          </g>
        </g>
      )}
    </g>
  )
}

/** A face-down card: its back (a hidden Assignment card, a deck). */
export function CardBack({ x, y, w = CARD_W, h = CARD_H, label, location }: { x: number; y: number; w?: number; h?: number; label?: string; location?: string }) {
  return (
    <g class="card-back" data-back={location ?? 'assignment'}>
      <rect x={x} y={y} width={w} height={h} rx={6} fill={location ? LOCATION_COLOURS[location] ?? '#3a2a4a' : '#3a2a4a'} stroke="#c9a44a" stroke-width={1.5} />
      <path d={`M${x + w / 2} ${y + 10} L${x + w - 10} ${y + h / 2} L${x + w / 2} ${y + h - 10} L${x + 10} ${y + h / 2} z`} fill="none" stroke="#c9a44a" stroke-width={1.2} />
      <circle cx={x + w / 2} cy={y + h / 2} r={Math.min(w, h) / 7} fill="#c9a44a" />
      {label && <text x={x + w / 2} y={y + h / 2 + 4} font-size={11} text-anchor="middle" font-weight="bold" fill="#2b2118">{label}</text>}
    </g>
  )
}

/** A Location's symbol on Assignment cards and signs. */
export function LocationIcon({ location, x, y, s }: { location: string; x: number; y: number; s: number }) {
  const k = s / 20
  const ink = '#f3e3b5'
  switch (location) {
    case 'downtown': return <g><rect x={x - 7 * k} y={y - 4 * k} width={14 * k} height={12 * k} fill={ink} /><path d={`M${x - 9 * k} ${y - 4 * k} L${x} ${y - 10 * k} L${x + 9 * k} ${y - 4 * k} z`} fill={ink} /><rect x={x - 2 * k} y={y + 2 * k} width={4 * k} height={6 * k} fill="#6b4a2f" /></g>
    case 'market_row': return <g><path d={`M${x - 9 * k} ${y - 3 * k} h${18 * k} l${-2 * k} ${-5 * k} h${-14 * k} z`} fill={ink} /><rect x={x - 8 * k} y={y - 3 * k} width={16 * k} height={11 * k} fill="none" stroke={ink} stroke-width={1.5 * k} /></g>
    case 'workshop': return <g><rect x={x - 1.5 * k} y={y - 2 * k} width={3 * k} height={11 * k} fill={ink} transform={`rotate(-35 ${x} ${y})`} /><rect x={x - 6 * k} y={y - 9 * k} width={12 * k} height={5 * k} rx={1 * k} fill={ink} transform={`rotate(-35 ${x} ${y})`} /></g>
    case 'theater': return <g><path d={`M${x - 9 * k} ${y - 8 * k} q${9 * k} ${5 * k} ${18 * k} 0 v${9 * k} q${-9 * k} ${11 * k} ${-18 * k} 0 z`} fill={ink} /><circle cx={x - 3.5 * k} cy={y - 2 * k} r={1.6 * k} fill="#8a2434" /><circle cx={x + 3.5 * k} cy={y - 2 * k} r={1.6 * k} fill="#8a2434" /><path d={`M${x - 4 * k} ${y + 3 * k} q${4 * k} ${4 * k} ${8 * k} 0`} stroke="#8a2434" stroke-width={1.2 * k} fill="none" /></g>
    case 'dark_alley': return <g><path d={`M${x - 6 * k} ${y + 8 * k} v${-10 * k} a${6 * k} ${6 * k} 0 0 1 ${12 * k} 0 v${10 * k} z`} fill={ink} /><circle cx={x - 2 * k} cy={y - 2 * k} r={1.3 * k} fill="#2c2838" /><circle cx={x + 2 * k} cy={y - 2 * k} r={1.3 * k} fill="#2c2838" /></g>
    default: return null
  }
}

/** Text wrapped on word (or, for CJK, character) boundaries into at most `lines` lines, shrunk
 * until it fits: never clipped. */
export function WrappedText({ x, y, width, size, lines, text, fill: ink = '#2b2118', anchor = 'middle' }: {
  x: number; y: number; width: number; size: number; lines: number; text: string; fill?: string; anchor?: 'start' | 'middle'
}) {
  for (let s = size; s >= 5; s -= 0.5) {
    const rows = wrap(text, width, s)
    if (rows.length <= lines || s <= 5) {
      return <text x={x} y={y} font-size={s} text-anchor={anchor} fill={ink}>{rows.map((r, i) => <tspan x={x} dy={i ? s * 1.15 : 0}>{r}</tspan>)}</text>
    }
  }
  return null
}

function wrap(text: string, width: number, size: number): string[] {
  const cjk = /[\u2e80-\uffff]/.test(text)
  const units = cjk ? [...text] : text.split(/\s+/)
  const rows: string[] = []
  let row = ''
  for (const u of units) {
    const next = row ? (cjk ? row + u : `${row} ${u}`) : u
    if (row && fontFor(next, width, size, 0) < size) {
      rows.push(row)
      row = u
    } else row = next
  }
  if (row) rows.push(row)
  return rows
}

/** An Assignment card's text, for its tooltip. */
export function AssignmentTip({ p, card }: { p: P; card: string }) {
  const special = tdata(p).assignments.special[card]
  return (
    <div class="card-tip" style={TIP}>
      <svg width={CARD_W * 1.6} height={CARD_H * 1.6} viewBox={`0 0 ${CARD_W} ${CARD_H}`}><AssignmentCard p={p} card={card} x={0} y={0} /></svg>
      <div>
        <strong>{special ? p.catalog.name(card) : `${word(p, 'permanent_card')}${p.catalog.marks.colon}${p.catalog.name(card)}`}</strong>
        {special && <div>{`${word(p, 'special_card')} · ${p.catalog.name(special.location)}`}</div>}
        {special && <div>{word(p, `text_${card}`)}</div>}
        {special && <div>{word(p, 'special_or_ap')}</div>}
        {!special && <div>{fill(word(p, 'permanent_text'), { location: p.catalog.name(card) })}</div>}
      </div>
    </div>
  )
}

/** A Magician card: portrait frame, favourite category and (Dark Alley) the ability. */
export function MagicianCard({ p, magician, x, y, w = 150, h = 62, darkAlley, colour }: {
  p: P; magician: string; x: number; y: number; w?: number; h?: number; darkAlley: boolean; colour?: string
}) {
  const m = tdata(p).magicians[magician]
  if (!m) return null
  return (
    <g class="magician-card card" data-card={magician} data-favorite={m.favorite} data-ability={darkAlley ? m.ability : undefined}>
      <rect x={x} y={y} width={w} height={h} rx={7} fill={darkAlley ? '#2c2838' : '#3a2a1a'} stroke={colour ?? '#c9a44a'} stroke-width={2} />
      <CharacterIcon character="magician" x={x + 20} y={y + h / 2} s={28} fill={colour ?? '#c9a44a'} ink="#f3e3b5" />
      <FitText x={x + 38} y={y + 19} width={w - 76} size={12} text={p.catalog.name(magician)} anchor="start" fill="#f3e3b5" font-weight="bold" class="magician-name" wrap />
      <CategoryIcon category={m.favorite} x={x + w - 14} y={y + 14} s={20} />
      {darkAlley && (
        <g>
          <FitText x={x + 38} y={y + 38} width={w - 44} size={10} text={p.catalog.name(m.ability)} anchor="start" fill="#f3d34a" />
          {m.ability_ap > 0 && <ApIcon x={x + w - 14} y={y + h - 14} s={16} value={m.ability_ap} />}
          {m.shard_cost > 0 && <ShardIcon x={x + w - 14} y={y + h - 14} s={14} />}
        </g>
      )}
    </g>
  )
}

export function MagicianTip({ p, magician, darkAlley }: { p: P; magician: string; darkAlley: boolean }) {
  const m = tdata(p).magicians[magician]
  if (!m) return <span>{p.catalog.name(magician)}</span>
  return (
    <div class="card-tip" style={TIP}>
      <svg width={225} height={93} viewBox="0 0 150 62"><MagicianCard p={p} magician={magician} x={0} y={0} darkAlley={darkAlley} /></svg>
      <div>
        <strong>{p.catalog.name(magician)}</strong>
        <div>{`${word(p, 'favorite_category')}${p.catalog.marks.colon}${p.catalog.name(m.favorite)}`}</div>
        {darkAlley && <div>{`${p.catalog.name(m.ability)}${p.catalog.marks.colon}${word(p, `text_${m.ability}`)}`}</div>}
      </div>
    </div>
  )
}

/** A Prophecy tile (Dark Alley). */
export function ProphecyCard({ p, prophecy, x, y, w = 96, h = 56, active = false }: { p: P; prophecy: string; x: number; y: number; w?: number; h?: number; active?: boolean }) {
  const d = tdata(p).prophecies[prophecy]
  return (
    <g class="prophecy-card card" data-card={prophecy} data-active={active ? 'true' : 'false'}>
      <rect x={x} y={y} width={w} height={h} rx={w / 2 > h ? 10 : 6} fill={active ? '#4a2f5a' : '#3a3046'} stroke={active ? '#f3d34a' : '#9a86b0'} stroke-width={active ? 2.5 : 1.2} />
      <circle cx={x + 14} cy={y + 14} r={8} fill="none" stroke="#f3d34a" stroke-width={1.2} />
      <circle cx={x + 14} cy={y + 14} r={3} fill="#f3d34a" />
      {d?.category && <CategoryIcon category={d.category} x={x + w - 13} y={y + 13} s={16} />}
      <WrappedText x={x + w / 2} y={y + h / 2 + 6} width={w - 10} size={10} lines={2} text={p.catalog.name(prophecy)} fill="#f3e3b5" />
    </g>
  )
}

export function ProphecyTip({ p, prophecy }: { p: P; prophecy: string }) {
  return (
    <div class="card-tip" style={TIP}>
      <svg width={144} height={84} viewBox="0 0 96 56"><ProphecyCard p={p} prophecy={prophecy} x={0} y={0} /></svg>
      <div><strong>{p.catalog.name(prophecy)}</strong><div>{word(p, `text_${prophecy}`)}</div></div>
    </div>
  )
}

/** The six Theater marker directions' category corner, as text for a wizard button. */
export const markerColour = (p: P, seat: number | null) => (seat === null ? '#9a9a9a' : colourOf(p, seat))
