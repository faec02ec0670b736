/** Star Road's cards and icons, one template each, used everywhere (lines, chart, stack, own area,
 * decision panel, tooltips): an object card from its design-chart entry (or its back, showing only what
 * is public), a character card with its ability, a faction card (face down unless the viewer may see it).
 * Cards are drawn in their own 100 x 136 units and placed with `x`, `y` and `scale`. */
import type { ComponentChildren } from 'preact'
import type { JsonObject } from '../../api'
import { Named } from '../../components/Log'
import { FitText, fontFor } from '../svg'
import { FACTION_INK, TYPE_INK, abilityLines, designLines, faceName, keywords, mainValue, type Face, type FaceReader, type Keyword } from './faces'

export const CARD_W = 100
export const CARD_H = 136

/** Icons drawn in a 20 x 20 box at (x, y). */
export function Icon({ kind, x, y, size = 14, fill = '#2b2118' }: { kind: string; x: number; y: number; size?: number; fill?: string }) {
  const s = size / 20
  const t = `translate(${x} ${y}) scale(${s})`
  switch (kind) {
    case 'hp':
      return <path transform={t} d="M10 18 L2.5 10.5 A4.6 4.6 0 0 1 10 4.5 A4.6 4.6 0 0 1 17.5 10.5 Z" fill="#b23a48" />
    case 'w':
      return (
        <g transform={t}>
          <path d="M10 2 L18 6 L18 14 L10 18 L2 14 L2 6 Z" fill="#d9c9a3" stroke="#6b5a44" stroke-width={1.4} />
          <path d="M2 6 L10 10 L18 6 M10 10 L10 18" fill="none" stroke="#6b5a44" stroke-width={1.2} />
        </g>
      )
    case 'A':
      return <path transform={t} d="M15.5 2 L18 4.5 L8 14.5 L9.5 16 L8 17.5 L6.5 16 L3.5 19 L1 16.5 L4 13.5 L2.5 12 L4 10.5 L5.5 12 Z" fill={fill} />
    case 'P':
      return <path transform={t} d="M10 1.5 L17.5 4.5 L17 10 C16.5 14 13.5 16.8 10 18.5 C6.5 16.8 3.5 14 3 10 L2.5 4.5 Z" fill={fill} />
    case 'M':
      return (
        <g transform={t}>
          <path d="M10 1.5 L17.5 4.5 L17 10 C16.5 14 13.5 16.8 10 18.5 C6.5 16.8 3.5 14 3 10 L2.5 4.5 Z" fill={fill} />
          <path d="M6 13 L14 5" stroke="#fff" stroke-width={2} />
        </g>
      )
    case '?':
      return <path transform={t} d="M10 1 L12.6 7.2 L19 7.6 L14 11.8 L15.6 18.4 L10 14.8 L4.4 18.4 L6 11.8 L1 7.6 L7.4 7.2 Z" fill={fill} />
    case 'range':
      return (
        <g transform={t} fill="none" stroke={fill} stroke-width={1.8}>
          <circle cx={10} cy={10} r={8} />
          <circle cx={10} cy={10} r={4} />
          <circle cx={10} cy={10} r={1} fill={fill} />
        </g>
      )
    case 'captain':
      return <path transform={t} d="M10 1 L12.6 7.2 L19 7.6 L14 11.8 L15.6 18.4 L10 14.8 L4.4 18.4 L6 11.8 L1 7.6 L7.4 7.2 Z" fill="#ffd54a" stroke="#5a4300" stroke-width={1} />
    default:
      return null
  }
}

/** The tokens Star Road's catalogs write in text, drawn as on the table: `[W]` is a resource marker. */
export const TEXT_ICONS = { W: <Icon kind="w" x={0} y={0} size={20} /> }

/** A line of a tooltip in words, each [W] in it drawn as the resource marker. */
export function TipLine({ p, text }: { p: FaceReader; text: string }) {
  return <div><Named parts={p.catalog.icons(text)} colours={p.colours} /></div>
}

/** Words broken into lines that fit `width` at `size` (CJK text breaks anywhere). */
export function wrap(text: string, width: number, size: number): string[] {
  const lines: string[] = []
  let line = ''
  const tokens = text.match(/[\u2e80-\uffff]|[^\s\u2e80-\uffff]+|\s+/g) ?? []
  for (const token of tokens) {
    const next = line + token
    if (line && fontFor(next.trim(), width, size, 1) < size) {
      lines.push(line.trim())
      line = token.trim() ? token : ''
    } else line = next
  }
  if (line.trim()) lines.push(line.trim())
  return lines
}

/** Lines of text in a box: wrapped, never cut. */
export function TextBlock({ x, y, width, size, lines, fill = '#2b2118', gap = 1.2 }: {
  x: number; y: number; width: number; size: number; lines: string[]; fill?: string; gap?: number
}) {
  const rows = lines.flatMap((l) => wrap(l, width, size))
  return (
    <text x={x} y={y} font-size={size} fill={fill}>
      {rows.map((r, i) => <tspan x={x} dy={i === 0 ? 0 : size * gap}>{r}</tspan>)}
    </text>
  )
}

/** Markers lying on an object: completion markers (pink), delay markers (black), [W] on it. */
function Markers({ state, y }: { state: JsonObject; y: number }) {
  const marks = (state.marks as number) ?? 0
  const delay = (state.delay as number) ?? 0
  return (
    <g class="markers">
      {Array.from({ length: marks }, (_, i) => <circle cx={10 + i * 10} cy={y} r={4} fill="#f48fb1" stroke="#ad1457" data-marker="completion" />)}
      {Array.from({ length: delay }, (_, i) => <circle cx={90 - i * 10} cy={y} r={4} fill="#222" stroke="#000" data-marker="delay" />)}
    </g>
  )
}

/** A keyword as a chip: its sign and its number, drawn as the table shows it (the storage's resource
 * markers in a bracket, recycling arrows, the pink completion markers of a use limit, the black delay
 * marker), its name in words on hover; the spec's notation ("3{W}", "2(UL)") means nothing to a player. */
function KeywordChip({ p, keyword, x, y }: { p: FaceReader; keyword: Keyword; x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`} data-keyword={keyword.kind}>
      <title>{`${p.catalog.label(keyword.kind)} ${keyword.n}`}</title>
      <rect width={29} height={16} rx={3} fill="#efe6d2" stroke="#b9a681" />
      <KeywordSign kind={keyword.kind} />
      <text x={23} y={12} font-size={11} font-weight="bold" text-anchor="middle">{keyword.n}</text>
    </g>
  )
}

/** A keyword's sign in a 14 x 14 box at (2, 1). */
export function KeywordSign({ kind }: { kind: Keyword['kind'] }) {
  switch (kind) {
    case 'w_req': // resource markers kept in store: the marker inside a bracket
      return (
        <g>
          <path d="M3 3 L3 14 L15 14 L15 3" fill="none" stroke="#6b5a44" stroke-width={1.3} />
          <Icon kind="w" x={5} y={5} size={8} />
        </g>
      )
    case 'recycle': // two arrows chasing each other
      return (
        <g fill="none" stroke="#2e6b3a" stroke-width={1.5}>
          <path d="M4 8 A5 5 0 0 1 13 5.5" />
          <path d="M14 9 A5 5 0 0 1 5 11.5" />
          <path d="M13.5 2.5 L13.2 5.8 L10 5.4" />
          <path d="M4.5 14.5 L4.8 11.2 L8 11.6" />
        </g>
      )
    case 'use_limit': // the pink completion markers it takes
      return <circle cx={9} cy={8.5} r={4.5} fill="#f48fb1" stroke="#ad1457" />
    case 'delay': // the black delay marker, an hourglass on it
      return (
        <g>
          <circle cx={9} cy={8.5} r={5.5} fill="#222" />
          <path d="M6.8 5.5 L11.2 5.5 L6.8 11.5 L11.2 11.5 Z" fill="none" stroke="#fff" stroke-width={1} />
        </g>
      )
  }
}

/** The [W] on an object against what it costs: "3/4" with the resource icon. */
function Progress({ w, cost, y }: { w: number; cost: number | null; y: number }) {
  return (
    <g>
      <Icon kind="w" x={6} y={y - 12} size={15} />
      <text x={24} y={y} font-size={13} font-weight="bold">{cost === null ? String(w) : `${w}/${cost}`}</text>
    </g>
  )
}

/** An object card: the design's printed face (name, type and value, range, keywords, cost) and, on a
 * production line, what lies on it. `face` null: the back of a face-down object of another player. */
export function ObjectCard({ p, face, state, x = 0, y = 0, scale = 1, no }: {
  p: FaceReader; face: Face | null; state?: JsonObject; x?: number; y?: number; scale?: number; no?: string | null
}) {
  const tf = `translate(${x} ${y}) scale(${scale})`
  if (!face) {
    return (
      <g transform={tf} data-card="back" class="sr-card sr-back">
        <rect width={CARD_W} height={CARD_H} rx={7} fill="#3d3656" stroke="#1f1b2e" stroke-width={2} />
        <rect x={7} y={7} width={CARD_W - 14} height={CARD_H - 14} rx={5} fill="none" stroke="#8f86b3" stroke-dasharray="3 3" />
        <Icon kind="?" x={36} y={36} size={28} fill="#8f86b3" />
        {state && (
          <g>
            <rect x={6} y={CARD_H - 44} width={CARD_W - 12} height={22} rx={4} fill="#fbf7ee" />
            <Progress w={(state.w as number) ?? 0} cost={null} y={CARD_H - 28} />
            {state.complete === true && <text x={92} y={CARD_H - 28} font-size={13} text-anchor="end" fill="#2b6a2b">✓</text>}
            <g transform={`translate(0 ${CARD_H - 10})`}><Markers state={state} y={0} /></g>
          </g>
        )}
      </g>
    )
  }
  const type = String(face.type)
  const ink = TYPE_INK[type] ?? '#555'
  const name = faceName(p, face, no ?? face.no)
  const value = mainValue(face)
  const keys = keywords(face)
  const effects = Array.isArray(face.effects) ? face.effects as JsonObject[] : []
  const w = state ? (state.w as number) ?? 0 : null
  const complete = state?.complete === true
  return (
    <g transform={tf} data-card={String(face.no)} class="sr-card">
      <rect width={CARD_W} height={CARD_H} rx={7} fill={complete ? '#f3fbef' : '#fffaf0'} stroke={ink} stroke-width={2} />
      <rect width={CARD_W} height={26} rx={7} fill={ink} />
      <rect y={18} width={CARD_W} height={8} fill={ink} />
      <FitText x={50} y={18} width={92} size={13} text={name} fill="#fff" font-weight="bold" />
      <Icon kind={type} x={6} y={32} size={26} fill={ink} />
      {type !== '?' && <text x={34} y={54} font-size={value >= 10 ? 19 : 24} font-weight="bold" fill={ink}>{value}</text>}
      {type === 'A' && (
        <g>
          <Icon kind="range" x={62} y={34} size={16} fill={ink} />
          <text x={80} y={48} font-size={15} font-weight="bold" fill={ink}>{String(face.r)}</text>
          {(face.targets as number) > 1 && <text x={66} y={66} font-size={12} fill={ink}>{`×${String(face.targets)}`}</text>}
        </g>
      )}
      {type === '?' && effects.length > 0 && (
        <TextBlock x={36} y={42} width={60} size={11} lines={[effects.map((e) => p.catalog.name(String(e.op))).join(p.catalog.marks.names)]} fill={ink} />
      )}
      {keys.map((k, i) => <KeywordChip p={p} keyword={k} x={5 + i * 31} y={74} />)}
      <Progress w={w ?? (face.cost as number)} cost={w === null ? null : face.cost as number} y={110} />
      {state?.armed === true && <text x={94} y={110} font-size={13} text-anchor="end" fill="#a2271c">⚑</text>}
      {complete && <text x={94} y={110} font-size={14} text-anchor="end" fill="#2b6a2b">{state?.armed === true ? '' : '✓'}</text>}
      {state && <g transform={`translate(0 ${CARD_H - 10})`}><Markers state={state} y={0} /></g>}
    </g>
  )
}

/** The full text of a design, for tooltips: the card drawn large and every printed line in words. */
export function ObjectTip({ p, face, state, extra = [] }: { p: FaceReader; face: Face | null; state?: JsonObject; extra?: string[] }) {
  const lines = face ? designLines(p, face) : [p.catalog.label('hidden_object')]
  if (state) {
    lines.push(`[W] ${String(state.w ?? 0)}${face ? ` / ${String(face.cost)}` : ''}`)
    if ((state.marks as number) > 0) lines.push(`${p.catalog.label('marks')} ${String(state.marks)}`)
    if ((state.delay as number) > 0) lines.push(`${p.catalog.label('delay')} ${String(state.delay)}`)
    if (state.armed === true) lines.push(p.catalog.label('armed'))
    if (state.complete !== true) lines.push(p.catalog.label('in_production'))
  }
  return (
    <div class="sr-tip">
      <svg viewBox={`0 0 ${CARD_W} ${CARD_H}`} width={CARD_W} height={CARD_H} style={{ float: 'left', marginRight: '0.5rem' }}>
        <ObjectCard p={p} face={face} state={state} />
      </svg>
      {face && <strong>{faceName(p, face, face.no)}</strong>}
      {[...extra, ...lines].map((l) => <TipLine p={p} text={l} />)}
    </div>
  )
}

/** A character card: name and ability (when it works, then what it does); `face` null: its back;
 * `mini`: the card as seen across the table (frame and name band, its words in the tooltip). */
export function CharacterCard({ p, face, x = 0, y = 0, scale = 1, dim = false, off = false, mini = false }: {
  p: FaceReader; face: Face | null; x?: number; y?: number; scale?: number; dim?: boolean; off?: boolean; mini?: boolean
}) {
  const tf = `translate(${x} ${y}) scale(${scale})`
  if (!face) {
    return (
      <g transform={tf} data-card="back" class="sr-card sr-character sr-back">
        <rect width={CARD_W} height={CARD_H} rx={7} fill="#4a4060" stroke="#221c33" stroke-width={2} />
        <circle cx={50} cy={58} r={22} fill="none" stroke="#a99ccc" stroke-width={3} />
        <circle cx={50} cy={50} r={8} fill="#a99ccc" />
        <path d="M36 76 C40 64 60 64 64 76 Z" fill="#a99ccc" />
      </g>
    )
  }
  const name = faceName(p, face, face.key)
  // an SVG card's wrapped text names a resource by its word (the tooltip draws the icon)
  const [when, ...does] = abilityLines(p, face).map((line) => p.catalog.worded(line))
  // the largest size at which the whole ability fits the card (never cut)
  const rowsAt = (s: number) => [wrap(when, 88, s), does.flatMap((l) => wrap(l, 88, s))]
  const size = [10, 9, 8.5, 8, 7.5, 7].find((s) => {
    const [a, b] = rowsAt(s)
    return (a.length + b.length) * s * 1.2 + 4 <= CARD_H - 38
  }) ?? 7
  const [whenRows, doesRows] = rowsAt(size)
  return (
    <g transform={tf} data-card={String(face.key)} class="sr-card sr-character" opacity={dim ? 0.6 : 1}>
      <rect width={CARD_W} height={CARD_H} rx={7} fill="#f6f1ff" stroke="#4e4472" stroke-width={2} />
      <rect width={CARD_W} height={26} rx={7} fill="#4e4472" />
      <rect y={18} width={CARD_W} height={8} fill="#4e4472" />
      {mini ? (
        <g fill="#4e4472">
          <circle cx={50} cy={62} r={16} />
          <path d="M24 118 C28 88 72 88 76 118 Z" />
        </g>
      ) : (
        <g>
          <FitText x={50} y={18} width={92} size={13} text={name} fill="#fff" font-weight="bold" />
          <text x={6} y={40} font-size={size} fill="#6a5f96" font-style="italic">
            {whenRows.map((r, i) => <tspan x={6} dy={i === 0 ? 0 : size * 1.2}>{r}</tspan>)}
          </text>
          <text x={6} y={44 + whenRows.length * size * 1.2} font-size={size} fill="#2b2118">
            {doesRows.map((r, i) => <tspan x={6} dy={i === 0 ? 0 : size * 1.2}>{r}</tspan>)}
          </text>
        </g>
      )}
      {off && <line x1={6} y1={CARD_H - 8} x2={CARD_W - 6} y2={30} stroke="#a2271c" stroke-width={2} opacity={0.6} />}
    </g>
  )
}

export function CharacterTip({ p, face, extra = [] }: { p: FaceReader; face: Face | null; extra?: string[] }) {
  return (
    <div class="sr-tip">
      <svg viewBox={`0 0 ${CARD_W} ${CARD_H}`} width={CARD_W} height={CARD_H} style={{ float: 'left', marginRight: '0.5rem' }}>
        <CharacterCard p={p} face={face} />
      </svg>
      <strong>{face ? faceName(p, face, face.key) : p.catalog.label('hidden_character')}</strong>
      {[...extra, ...(face ? abilityLines(p, face) : [])].map((l) => <TipLine p={p} text={l} />)}
    </div>
  )
}

/** A faction card (SR-3): its colour and name once the viewer may see it, else its back. */
export function FactionCard({ p, code, x = 0, y = 0, scale = 1, mini = false }: {
  p: FaceReader; code: string | null; x?: number; y?: number; scale?: number; mini?: boolean
}) {
  const tf = `translate(${x} ${y}) scale(${scale})`
  if (!code) {
    return (
      <g transform={tf} data-faction="hidden" class="sr-card sr-faction sr-back">
        <rect width={60} height={84} rx={6} fill="#5b5b5b" stroke="#2e2e2e" stroke-width={2} />
        <path d="M30 18 L46 42 L30 66 L14 42 Z" fill="none" stroke="#b8b8b8" stroke-width={3} />
      </g>
    )
  }
  const card = p.data.factions && typeof p.data.factions === 'object' ? (p.data.factions as Record<string, Face>)[code] : undefined
  const colour = card ? String(card.colour) : code.replace('*', '')
  const captain = card ? card.captain === true : code.endsWith('*')
  return (
    <g transform={tf} data-faction={code} class="sr-card sr-faction">
      <rect width={60} height={84} rx={6} fill={FACTION_INK[colour] ?? '#777'} stroke="#222" stroke-width={2} />
      {captain && <Icon kind="captain" x={mini ? 10 : 16} y={mini ? 22 : 8} size={mini ? 40 : 28} />}
      {!mini && <FitText x={30} y={62} width={54} size={13} text={p.catalog.name(colour)} fill="#fff" font-weight="bold" />}
      {!mini && captain && <FitText x={30} y={76} width={54} size={10} text={p.catalog.label('captain')} fill="#fff" />}
    </g>
  )
}

/** A small stand-alone SVG holding one card (decision panel, own area). */
export function CardSvg({ children, w = CARD_W, h = CARD_H, label }: { children: ComponentChildren; w?: number; h?: number; label: string }) {
  return (
    <svg viewBox={`-2 -2 ${w + 4} ${h + 4}`} role="img" aria-label={label} class="sr-card-svg">{children}</svg>
  )
}
