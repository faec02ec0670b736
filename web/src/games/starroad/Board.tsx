/** Star Road on the table: the characters seated around it (base HP, storage [W], faction card face
 * down until revealed, captain, character card, distance from you), the attack in progress drawn as
 * arrows and cards, the response stack as the cards and players involved, each player's production
 * lines by level with objects drawn as design-chart cards (others' face-down objects as backs with what
 * is public), ground structures, the design chart to produce from, and the objects that left play. */
import type { ComponentChildren } from 'preact'
import type { Json, JsonObject } from '../../api'
import { FitText, Panel, Spot, changedUnder, colourOf, pickId } from '../svg'
import type { BoardProps } from '../types'
import { CARD_H, CARD_W, CharacterCard, CharacterTip, FactionCard, Icon, KeywordSign, ObjectCard, ObjectTip, TipLine } from './Cards'
import { KEYWORDS, character, design, designs, faceName, structure, effectText, type Face } from './faces'

const list = (v: Json | undefined): JsonObject[] => (Array.isArray(v) ? v as JsonObject[] : [])
const nums = (v: Json | undefined): number[] => (Array.isArray(v) ? v as number[] : [])

/** SR-11.1: distance between two seats counted in living characters (or every seat, by option). */
export function distance(seats: JsonObject[], a: number, b: number, countEliminated: boolean): number {
  const ring = seats.filter((s) => countEliminated || s.alive !== false || s.seat === a || s.seat === b).map((s) => s.seat as number)
  const i = ring.indexOf(a)
  const j = ring.indexOf(b)
  if (i < 0 || j < 0) return 0
  const k = Math.abs(i - j)
  return Math.min(k, ring.length - k)
}

/** "Label: value" as the page's language writes it: Chinese with a full-width colon ("正在生產：投石索"). */
const labelled = (p: BoardProps, label: string, value: string): string =>
  (p.lang === 'zh_TW' ? `${label}：${value}` : `${label}: ${value}`)
const narrow = (): boolean => typeof window !== 'undefined' && window.matchMedia('(max-width: 640px)').matches

/** Whose production lines the legal line/level moves name: one's own, the attacker's (cancel a
 * weapon) or the character an effect chose (pick an object on its lines). */
function lineSeat(p: BoardProps): number | null {
  const kinds = new Set(p.legal.map((l) => l.move.kind))
  if (kinds.has('cancel')) {
    const attack = p.view.attack as JsonObject | null
    return attack ? attack.attacker as number : null
  }
  if (kinds.has('pick')) {
    const you = (p.view.you ?? null) as JsonObject | null
    const draft = you ? you.draft as JsonObject | null : null
    const sub = draft ? draft.sub : null
    return typeof sub === 'number' && sub >= 0 ? sub : p.seat
  }
  return p.seat
}

/** An object on the table named for players: "Ann · line 2 · level 1 · Heavy Blade". */
function objectWords(p: BoardProps, o: JsonObject | null | undefined): string {
  if (!o) return ''
  const face = design(p, o.no)
  const where = `${p.catalog.label('line')} ${String(o.line)} · ${p.catalog.label('level')} ${String(o.level)}`
  return `${p.catalog.seat(o.seat as number)} · ${where}${face ? ` · ${faceName(p, face, o.no)}` : ''}`
}

/** One seat at the table: name in the player's colour, base HP, storage, faction and character cards. */
function SeatMat({ p, s, x, y, i }: { p: BoardProps; s: JsonObject; x: number; y: number; i: number }) {
  const seat = s.seat as number
  const alive = s.alive !== false
  const colour = colourOf(p, seat)
  const seats = list(p.view.seats)
  const me = p.seat
  const d = me !== null && seat !== me && alive ? distance(seats, me, seat, p.options.distance_counts_eliminated === true) : null
  const face = character(p, s.character)
  const faction = typeof s.faction === 'string' ? s.faction : null
  const deciding = p.actors.includes(seat)
  const charName = face ? faceName(p, face, s.character) : s.chosen === true ? p.catalog.label('hidden_character') : p.catalog.label('no_character')
  const tipLines = [
    `${p.catalog.label('hp')} ${String(s.hp)} · ${p.catalog.label('storage')} ${String(s.storage)} [W]`,
    faction ? labelled(p, p.catalog.label('faction'), p.catalog.name(faction)) : p.catalog.label('hidden_faction'),
    ...(d !== null ? [`${p.catalog.label('distance')} ${d}`] : []),
    ...(s.ability_used_game === true || s.ability_used_turn === true ? [p.catalog.label('ability_spent')] : []),
    ...(alive ? [] : [p.catalog.label('eliminated')]),
  ]
  return (
    <Spot id={pickId(p, [`seat=${seat}`])} p={p} label={p.catalog.seat(seat)} field="seat" changed={changedUnder(p, `seats/${i}/hp`) || changedUnder(p, `seats/${i}/storage`)}
      tip={<CharacterTip p={p} face={face} extra={[p.catalog.seat(seat), ...tipLines]} />}>
      <rect x={x} y={y} width={136} height={98} rx={8} fill={alive ? '#fffdf5' : '#dcd8d0'} stroke={colour} stroke-width={deciding ? 6 : 3} data-seat={String(seat)} class="sr-seat" data-alive={String(alive)} />
      <rect x={x} y={y} width={136} height={22} rx={8} fill={colour} />
      <rect x={x} y={y + 14} width={136} height={8} fill={colour} />
      <FitText x={x + 68} y={y + 16} width={126} size={13} text={`${p.catalog.seat(seat)}${seat === me ? ` (${p.t('you')})` : ''}`} fill="#fff" font-weight="bold" />
      <FactionCard p={p} code={faction} x={x + 6} y={y + 27} scale={0.4} mini />
      <CharacterCard p={p} face={face} x={x + 32} y={y + 27} scale={0.25} mini />
      {alive ? (
        <g>
          <Icon kind="hp" x={x + 62} y={y + 28} size={16} />
          <text x={x + 80} y={y + 42} font-size={15} font-weight="bold" data-hp={String(s.hp)}>{String(s.hp)}</text>
          <Icon kind="w" x={x + 100} y={y + 28} size={16} />
          <text x={x + 118} y={y + 42} font-size={15} font-weight="bold" data-storage={String(s.storage)}>{String(s.storage)}</text>
        </g>
      ) : <FitText x={x + 98} y={y + 44} width={70} size={13} text={`✝ ${p.catalog.label('eliminated')}`} fill="#6b5a44" />}
      {face && <FitText x={x + 98} y={y + 60} width={70} size={11} text={charName} fill="#4e4472" />}
      {(s.ability_used_game === true || s.ability_used_turn === true) && <FitText x={x + 98} y={y + 74} width={70} size={9} text={p.catalog.label('ability_spent')} fill="#6b5a44" />}
      {faction && seat !== me && s.faction_up === false && <FitText x={x + 98} y={y + 88} width={70} size={9} text={p.catalog.label('peeked_card')} fill="#6b5a44" />}
      {d !== null && (
        <g class="distance" data-distance={String(d)}>
          <circle cx={x + 128} cy={y + 90} r={11} fill="#2b2118" />
          <text x={x + 128} y={y + 94.5} font-size={12} fill="#fff" text-anchor="middle">{d}</text>
        </g>
      )}
    </Spot>
  )
}

/** Half a seat mat's width and height: an arrow runs between the mats' edges, over neither's words. */
const MAT_HALF: [number, number] = [68, 49]

/** An arrow's shortest length, its head included: two mats side by side leave only a narrow gap. */
const SHORTEST_ARROW = 30

/** The part of the line between two mats' centres that lies outside both mats, a few units clear of
 * each; where the gap is narrow, the arrow starts inside the attacker's mat so that it can be seen. */
function betweenMats([x1, y1]: [number, number], [x2, y2]: [number, number]): [number, number, number, number] {
  const dx = x2 - x1
  const dy = y2 - y1
  const length = Math.hypot(dx, dy)
  const edge = Math.min(dx ? (MAT_HALF[0] + 4) / Math.abs(dx) : Infinity, dy ? (MAT_HALF[1] + 4) / Math.abs(dy) : Infinity)
  if (!(edge < 0.5) || length === 0) return [x1, y1, x2, y2]
  const leave = Math.min(edge, 1 - edge - SHORTEST_ARROW / length)
  return [x1 + dx * Math.max(leave, 0), y1 + dy * Math.max(leave, 0), x2 - dx * edge, y2 - dy * edge]
}

/** The attack in progress as arrows from the attacker's mat to each target's (dotted where cancelled). */
function attackArrows(attack: JsonObject | null, at: (seat: number) => [number, number]): ComponentChildren[] {
  const arrows: ComponentChildren[] = []
  if (!attack) return arrows
  const weapons = list(attack.weapons)
  const from = at(attack.attacker as number)
  weapons.forEach((wp, k) => {
    for (const t of nums(wp.targets)) {
      const [x1, y1, x2, y2] = betweenMats(from, at(t))
      const off = (k - (weapons.length - 1) / 2) * 8
      const cancelled = nums(wp.cancelled_for).includes(t)
      arrows.push(<line x1={x1 + off} y1={y1 + off} x2={x2 + off} y2={y2 + off} stroke="#a2271c" stroke-width={3}
        stroke-dasharray={cancelled ? '3 6' : undefined} marker-end="url(#sr-arrow)" class="attack-line" data-from={String(attack.attacker)} data-to={String(t)} opacity={cancelled ? 0.45 : 0.85} />)
    }
  })
  return arrows
}

function ArrowHead() {
  return (
    <defs>
      <marker id="sr-arrow" viewBox="0 0 10 10" refX={9} refY={5} markerWidth={6} markerHeight={6} orient="auto-start-reverse">
        <path d="M0 0 L10 5 L0 10 Z" fill="#a2271c" />
      </marker>
    </defs>
  )
}

/** The characters around the table, with the attack in progress drawn as arrows from attacker to targets. */
function TableRing({ p }: { p: BoardProps }) {
  const seats = list(p.view.seats)
  const n = seats.length
  const small = narrow()
  const attack = (p.view.attack ?? null) as JsonObject | null
  if (small) {
    const cols = 2
    const rows = Math.ceil(n / cols)
    const w = 300
    const h = 30 + rows * 106
    return (
      <svg class="board-svg sr-ring" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={p.catalog.label('seats')} data-part="ring">
        <ArrowHead />
        <RoundLine p={p} x={w / 2} y={18} />
        {seats.map((s, i) => <SeatMat p={p} s={s} i={i} x={10 + (i % cols) * 146} y={28 + Math.floor(i / cols) * 106} />)}
        <g pointer-events="none">{attackArrows(attack, (seat) => {
          const i = seats.findIndex((s) => s.seat === seat)
          return [78 + (i % cols) * 146, 77 + Math.floor(i / cols) * 106]
        })}</g>
      </svg>
    )
  }
  // the ring grows with the table so that the mats never overlap and stay legible when few
  const rx = n <= 3 ? 150 : n <= 5 ? 185 : 238
  const ry = n <= 3 ? 120 : n <= 5 ? 165 : 214
  const W = 2 * rx + 164
  const H = 2 * ry + 132
  const cx = W / 2
  const cy = H / 2
  const pos = (i: number): [number, number] => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)]
  }
  const at = (seat: number) => pos(seats.findIndex((s) => s.seat === seat))
  const arrows = attackArrows(attack, at)
  return (
    <svg class="board-svg sr-ring" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={p.catalog.label('seats')} data-part="ring">
      <ArrowHead />
      <ellipse cx={cx} cy={cy} rx={rx} ry={ry} fill="#efe6d2" stroke="#c9b99c" stroke-dasharray="5 5" />
      <RoundLine p={p} x={cx} y={cy - 8} />
      {seats.map((s, i) => {
        const [x, y] = pos(i)
        return <SeatMat p={p} s={s} i={i} x={x - 68} y={y - 49} />
      })}
      <g pointer-events="none">{arrows}</g>
    </svg>
  )
}

/** Turn and round, in words, at the centre of the table. */
function RoundLine({ p, x, y }: { p: BoardProps; x: number; y: number }) {
  const limit = p.view.round_limit as number
  const text = `${p.catalog.label('turn')} ${String(p.view.turn)} · ${p.catalog.label('round')} ${String(p.view.round)}${limit ? ` / ${limit}` : ''}`
  return <FitText x={x} y={y} width={260} size={14} text={text} fill="#6b5a44" />
}

/** A card slot on the lines: the object (own: its face; others': its face once public, else its back). */
function Slot({ p, o, seat, line, level, x, y, scale, pickable }: {
  p: BoardProps; o: JsonObject | undefined; seat: number; line: number; level: number; x: number; y: number; scale: number; pickable: boolean
}) {
  const key = `level=${level},line=${line}`
  const id = pickable ? key : null
  const face = o ? design(p, o.no) : null
  const where = `${p.catalog.seat(seat)} · ${p.catalog.label('line')} ${line} · ${p.catalog.label('level')} ${level}`
  const label = o ? `${where} · ${face ? faceName(p, face, o.no) : p.catalog.label('hidden_object')}` : `${where} · ${p.catalog.label('empty_slot')}`
  return (
    <Spot id={id} p={p} label={label} field={pickable ? 'line' : undefined} piece={o ? `obj-${seat}-${line}-${level}` : undefined}
      tip={o ? <ObjectTip p={p} face={face} state={o} extra={[where]} /> : undefined}>
      <rect x={x - 2} y={y - 2} width={CARD_W * scale + 4} height={CARD_H * scale + 4} rx={6} fill={o ? 'none' : '#f4f1ea'} stroke={o ? 'none' : '#c9b99c'} stroke-dasharray={o ? undefined : '4 3'}
        data-slot={`${seat}/${line}/${level}`} />
      {o ? (
        <g data-object={`${seat}/${line}/${level}`} data-hidden={face ? undefined : 'true'}>
          <ObjectCard p={p} face={face} state={o} x={x} y={y} scale={scale} no={o.no as string | null} />
        </g>
      ) : <FitText x={x + (CARD_W * scale) / 2} y={y + (CARD_H * scale) / 2} width={CARD_W * scale - 8} size={11} text={p.catalog.label('empty_slot')} fill="#a89a80" />}
    </Spot>
  )
}

/** One player's production lines: lines as columns, level 1 at the bottom; ground structures below. */
function Lines({ p, s, i, target }: { p: BoardProps; s: JsonObject; i: number; target: number | null }) {
  const seat = s.seat as number
  const lines = typeof s.lines === 'number' ? s.lines : 4
  const levels = typeof (p.data.constants as JsonObject | undefined)?.levels === 'number' ? (p.data.constants as JsonObject).levels as number : 2
  const objects = list(s.objects)
  const ground = list(s.ground)
  const mine = seat === p.seat
  const scale = 0.95
  const cw = CARD_W * scale + 8
  const ch = CARD_H * scale + 8
  const left = 22
  const top = 44
  const groundStructures = mine && p.options.ground_rules === true ? Object.keys((p.data.ground ?? {}) as JsonObject) : ground.map((g) => String(g.no))
  const gy = top + levels * ch + 6
  const w = left + lines * cw + 8
  const h = gy + (groundStructures.length ? 26 + CARD_H * 0.6 + 8 : 0)
  const pickable = target === seat
  return (
    <Panel w={w} h={h} title={`${p.catalog.seat(seat)}${mine ? ` (${p.t('you')})` : ''} · ${p.catalog.label('lines')}`} colour={colourOf(p, seat)}
      part="lines" seat={seat} changed={changedUnder(p, `seats/${i}/objects`) || changedUnder(p, `seats/${i}/ground`)}>
      {s.alive === false && <FitText x={w - 10} y={20} width={120} size={12} anchor="end" text={`✝ ${p.catalog.label('eliminated')}`} fill="#6b5a44" />}
      {Array.from({ length: lines }, (_, l) => (
        <FitText x={left + l * cw + cw / 2} y={38} width={cw - 6} size={12} text={`${p.catalog.label('line')} ${l + 1}`} fill="#6b5a44" />
      ))}
      {Array.from({ length: levels }, (_, lv) => {
        const yy = top + (levels - lv - 1) * ch
        return (
          <g>
            <text transform={`translate(14 ${yy + ch / 2}) rotate(-90)`} font-size={11} text-anchor="middle" fill="#6b5a44">{`${p.catalog.label('level')} ${lv + 1}`}</text>
            {Array.from({ length: lines }, (_, l) => (
              <Slot p={p} o={objects.find((o) => o.line === l + 1 && o.level === lv + 1)} seat={seat} line={l + 1} level={lv + 1}
                x={left + l * cw + 4} y={yy + 4} scale={scale} pickable={pickable} />
            ))}
          </g>
        )
      })}
      {groundStructures.length > 0 && <FitText x={left} y={gy + 16} width={200} size={12} anchor="start" text={p.catalog.label('ground')} fill="#6b5a44" font-weight="bold" />}
      {groundStructures.map((no, j) => {
        const built = ground.find((g) => g.no === no)
        const face = structure(p, no)
        const name = faceName(p, face, no)
        const lines2 = [`${p.catalog.label('cost')} ${String(face?.cost ?? '')} [W]`, ...(face ? list(face.effects).map((e) => effectText(p, e)) : [])]
        const x = left + j * (CARD_W * 1.4 + 10)
        return (
          <Spot id={mine ? no : null} p={p} label={name} field={mine ? 'no' : undefined}
            tip={<div class="sr-tip"><strong>{name}</strong>{lines2.map((l) => <TipLine p={p} text={l} />)}{built && <TipLine p={p} text={`[W] ${String(built.w)}`} />}</div>}>
            <rect x={x} y={gy + 24} width={CARD_W * 1.4} height={CARD_H * 0.6} rx={6} fill={built?.complete === true ? '#e6f2e1' : built ? '#fff3c4' : '#f4f1ea'} stroke="#8a7558"
              stroke-dasharray={built ? undefined : '4 3'} data-ground={no} />
            <FitText x={x + CARD_W * 0.7} y={gy + 42} width={CARD_W * 1.3} size={12} text={name} font-weight="bold" />
            <FitText x={x + CARD_W * 0.7} y={gy + 58} width={CARD_W * 1.3} size={10} text={lines2[1] ?? ''} fill="#4e4472" />
            <Icon kind="w" x={x + 6} y={gy + 64} size={14} />
            <text x={x + 24} y={gy + 76} font-size={12} font-weight="bold">{built ? `${String(built.w)}/${String(face?.cost ?? '')}` : String(face?.cost ?? '')}</text>
            {built?.complete === true && <text x={x + CARD_W * 1.4 - 8} y={gy + 76} font-size={13} text-anchor="end" fill="#2b6a2b">✓</text>}
          </Spot>
        )
      })}
    </Panel>
  )
}

/** A player's name as a chip in their colour (stack entries, attack targets). */
function SeatChip({ p, seat, x, y, w = 110, crossed = false, ring = false }: { p: BoardProps; seat: number; x: number; y: number; w?: number; crossed?: boolean; ring?: boolean }) {
  return (
    <g data-chip-seat={String(seat)}>
      <rect x={x} y={y} width={w} height={22} rx={11} fill={colourOf(p, seat)} stroke={ring ? '#2b2118' : 'none'} stroke-width={3} opacity={crossed ? 0.45 : 1} />
      <FitText x={x + w / 2} y={y + 15.5} width={w - 10} size={12} text={p.catalog.seat(seat)} fill="#fff" font-weight="bold" />
      {crossed && <line x1={x + 4} y1={y + 11} x2={x + w - 4} y2={y + 11} stroke="#2b2118" stroke-width={2} />}
    </g>
  )
}

/** An object the stack or the attack names: its card (face if public, else its back). */
function NamedObject({ p, o, x, y, scale }: { p: BoardProps; o: JsonObject | null | undefined; x: number; y: number; scale: number }) {
  if (!o) return null
  const face = design(p, o.no)
  return (
    <Spot id={null} p={p} label={objectWords(p, o)} tip={<ObjectTip p={p} face={face} extra={[objectWords(p, o)]} />}>
      <rect x={x} y={y} width={CARD_W * scale} height={CARD_H * scale} fill="none" />
      <ObjectCard p={p} face={face} x={x} y={y} scale={scale} no={o.no as string | null} />
    </Spot>
  )
}

/** The response stack (top first) and the attack in progress, drawn as the cards and players involved. */
function StackAndAttack({ p }: { p: BoardProps }) {
  const stack = [...list(p.view.stack)].reverse()
  const attack = (p.view.attack ?? null) as JsonObject | null
  const window = nums(p.view.window)
  if (!stack.length && !attack && !window.length) return null
  const w = 460
  const rowH = 92
  const parts: ComponentChildren[] = []
  let y = 32
  stack.forEach((d, k) => {
    const owner = d.owner as number
    const kind = String(d.kind)
    const card = kind === 'ability' ? character(p, d.card) : null
    parts.push(
      <g data-stack-entry={String(k)} data-kind={kind}>
        <rect x={8} y={y} width={w - 16} height={rowH - 6} rx={6} fill={k === 0 ? '#fff3c4' : '#f6f0e2'} stroke="#c9b99c" />
        {kind === 'ability'
          ? <Spot id={null} p={p} label={faceName(p, card, d.card)} tip={<CharacterTip p={p} face={card} />}><CharacterCard p={p} face={card} x={14} y={y + 4} scale={0.57} /></Spot>
          : d.object ? <NamedObject p={p} o={d.object as JsonObject} x={14} y={y + 4} scale={0.57} /> : <Icon kind={kind === 'block' ? 'P' : 'A'} x={22} y={y + 20} size={40} fill="#5d4037" />}
        <SeatChip p={p} seat={owner} x={80} y={y + 8} w={130} />
        <FitText x={220} y={y + 24} width={w - 236} size={13} anchor="start" font-weight="bold"
          text={card ? labelled(p, p.catalog.name(kind), faceName(p, card, d.card)) : p.catalog.name(kind)} />
        {d.object ? <FitText x={80} y={y + 50} width={w - 100} size={11} anchor="start" text={objectWords(p, d.object as JsonObject)} fill="#6b5a44" /> : null}
        {kind !== 'attack' && <ChoiceChips p={p} d={d} x={80} y={y + 56} />}
        {typeof d.asking === 'number' && (
          <g>
            <FitText x={w - 140} y={y + 74} width={110} size={11} anchor="end" text={p.catalog.label('asking')} fill="#6b5a44" />
            <SeatChip p={p} seat={d.asking} x={w - 126} y={y + 60} w={110} ring />
          </g>
        )}
      </g>,
    )
    y += rowH
  })
  if (attack) {
    const attacker = attack.attacker as number
    const order = nums(attack.order)
    const current = typeof attack.target === 'number' ? attack.target : null
    parts.push(
      <g data-part="attack">
        <FitText x={12} y={y + 18} width={120} size={14} anchor="start" text={p.catalog.label('attack')} font-weight="bold" fill="#a2271c" />
        <SeatChip p={p} seat={attacker} x={110} y={y + 4} w={130} />
        <FitText x={w - 12} y={y + 18} width={180} size={12} anchor="end" text={p.catalog.label(`stage_${String(attack.stage)}`)} fill="#6b5a44" />
      </g>,
    )
    y += 30
    for (const wp of list(attack.weapons)) {
      const weapon = wp.weapon as JsonObject | null
      const face = weapon ? design(p, weapon.no) : null
      const cancelled = nums(wp.cancelled_for)
      const targets = nums(wp.targets)
      parts.push(
        <g data-weapon={weapon ? `${String(weapon.seat)}/${String(weapon.line)}/${String(weapon.level)}` : 'gone'}>
          {weapon ? <NamedObject p={p} o={weapon} x={14} y={y} scale={0.5} /> : null}
          {face && (
            <g>
              <Icon kind="A" x={72} y={y + 18} size={18} fill="#a2271c" />
              <text x={94} y={y + 33} font-size={16} font-weight="bold" fill="#a2271c" data-damage={String(face.a)}>{String(face.a)}</text>
            </g>
          )}
          <line x1={112} y1={y + 34} x2={150} y2={y + 34} stroke="#a2271c" stroke-width={3} marker-end="url(#sr-arrow-s)" />
          {targets.map((t, j) => <SeatChip p={p} seat={t} x={158 + (j % 2) * 140} y={y + 10 + Math.floor(j / 2) * 28} w={130} crossed={cancelled.includes(t)} ring={t === current} />)}
        </g>,
      )
      y += 74
    }
    if (order.length) {
      parts.push(
        <g data-part="order">
          <FitText x={12} y={y + 16} width={90} size={11} anchor="start" text={p.catalog.label('order')} fill="#6b5a44" />
          {order.map((t, j) => <SeatChip p={p} seat={t} x={100 + j * 90} y={y + 2} w={84} ring={t === current} />)}
        </g>,
      )
      y += 30
      if (current !== null) {
        parts.push(<FitText x={12} y={y + 12} width={w - 24} size={11} anchor="start" text={labelled(p, p.catalog.label('resolving'), p.catalog.seat(current))} fill="#a2271c" />)
        y += 20
      }
    }
    const blockers = list(attack.blockers)
    if (blockers.length) {
      parts.push(<FitText x={12} y={y + 14} width={200} size={12} anchor="start" text={p.catalog.label('blockers')} font-weight="bold" />)
      y += 20
      parts.push(<g data-part="blockers">{blockers.map((b, j) => <NamedObject p={p} o={b} x={14 + j * 62} y={y} scale={0.5} />)}</g>)
      y += 74
    }
  }
  if (window.length) {
    parts.push(
      <g data-part="window">
        <FitText x={12} y={y + 16} width={90} size={11} anchor="start" text={p.catalog.label('window')} fill="#6b5a44" />
        {window.map((t, j) => <SeatChip p={p} seat={t} x={100 + (j % 3) * 116} y={y + 2 + Math.floor(j / 3) * 26} w={110} />)}
      </g>,
    )
    y += 8 + Math.ceil(window.length / 3) * 26
  }
  return (
    <Panel w={w} h={y + 8} title={p.catalog.label('stack')} part="stack" changed={changedUnder(p, 'stack') || changedUnder(p, 'attack')}>
      <defs>
        <marker id="sr-arrow-s" viewBox="0 0 10 10" refX={9} refY={5} markerWidth={5} markerHeight={5} orient="auto">
          <path d="M0 0 L10 5 L0 10 Z" fill="#a2271c" />
        </marker>
      </defs>
      {parts}
    </Panel>
  )
}

/** Who a declaration's choices involve: each effect's chosen character, or the owners of the objects
 * it chose (objects come as owner, line, level), as name chips. */
function ChoiceChips({ p, d, x, y }: { p: BoardProps; d: JsonObject; x: number; y: number }) {
  const seats: number[] = []
  for (const c of Array.isArray(d.choices) ? d.choices : []) {
    const flat = nums(c)
    const picked = flat.length % 3 === 1 ? [flat[0]] : flat.filter((_, i) => i % 3 === 0)
    for (const s of picked) if (!seats.includes(s)) seats.push(s)
  }
  return <g>{seats.slice(0, 3).map((t, j) => <SeatChip p={p} seat={t} x={x + j * 100} y={y} w={94} />)}</g>
}

/** Your own cards: faction (with captain), character (with its ability), the set-aside card, the two
 * cards dealt while choosing, and what you are producing, attacking with or choosing for. */
function OwnArea({ p }: { p: BoardProps }) {
  const you = (p.view.you ?? null) as JsonObject | null
  if (!you) return null
  const dealt = (Array.isArray(you.dealt) ? you.dealt : []) as string[]
  const chosen = typeof you.character === 'string' ? you.character : null
  const aside = typeof you.set_aside === 'string' ? you.set_aside : null
  const draft = (you.draft ?? null) as JsonObject | null
  const cards = chosen ? [chosen, ...(aside ? [aside] : [])] : dealt
  const abilitiesOff = p.options.character_abilities === false
  const w = Math.max(360, 120 + cards.length * (CARD_W + 14))
  const h = 40 + CARD_H + 10 + (draft ? 150 : 0)
  const me = list(p.view.seats).find((s) => s.seat === p.seat)
  return (
    <Panel w={w} h={h} title={`${p.catalog.seat(p.seat)} (${p.t('you')})`} colour={colourOf(p, p.seat)} part="own" seat={p.seat ?? undefined}
      changed={changedUnder(p, 'you')}>
      <Spot id={null} p={p} label={p.catalog.label('your_faction')} tip={<div class="sr-tip"><strong>{p.catalog.label('your_faction')}</strong><div>{p.catalog.name(String(you.faction))}</div>{me && me.faction_up !== true && <div>{p.catalog.label('hidden_faction')}</div>}</div>}>
        <rect x={10} y={30} width={84} height={118} fill="none" />
        <FactionCard p={p} code={String(you.faction)} x={10} y={34} scale={1.4} />
      </Spot>
      <FitText x={52} y={CARD_H + 46} width={84} size={11} text={me && me.faction_up === true ? p.catalog.label('revealed') : p.catalog.label('face_down')} fill="#6b5a44" />
      {cards.map((key, j) => {
        const face = character(p, key)
        const hot = p.targets.has(key)
        const x = 110 + j * (CARD_W + 14)
        const words = key === aside ? p.catalog.label('set_aside_card') : chosen ? p.catalog.label('your_character') : p.catalog.label('choose_one')
        return (
          <Spot id={hot ? key : null} p={p} label={faceName(p, face, key)} field="card" tip={<CharacterTip p={p} face={face} extra={[words]} />}>
            <rect x={x - 2} y={30} width={CARD_W + 4} height={CARD_H + 4} rx={8} fill="none" stroke="none" />
            <CharacterCard p={p} face={face} x={x} y={32} dim={key === aside} off={abilitiesOff} />
            <FitText x={x + CARD_W / 2} y={CARD_H + 46} width={CARD_W} size={10} text={words} fill="#6b5a44" />
          </Spot>
        )
      })}
      {draft && <DraftView p={p} draft={draft} y={CARD_H + 56} w={w} />}
    </Panel>
  )
}

/** The decision you are in the middle of, drawn: the object being produced, the weapons and targets
 * of the attack being declared, the effects being chosen for, the blockers, the reward left. */
function DraftView({ p, draft, y, w }: { p: BoardProps; draft: JsonObject; y: number; w: number }) {
  const kind = String(draft.kind)
  const title = p.catalog.step(kind) ?? p.catalog.name(kind)
  const out: ComponentChildren[] = [<FitText x={10} y={y + 14} width={w - 20} size={13} anchor="start" text={title} font-weight="bold" />]
  if (kind === 'produce') {
    const face = draft.ground === true ? null : design(p, draft.no)
    if (face) out.push(<NamedObject p={p} o={{ seat: p.seat, no: draft.no, line: draft.line ?? null, level: draft.level ?? null }} x={10} y={y + 22} scale={0.85} />)
    const where = typeof draft.line === 'number' ? `${p.catalog.label('line')} ${String(draft.line)} · ${p.catalog.label('level')} ${String(draft.level)}` : ''
    out.push(<FitText x={110} y={y + 48} width={w - 120} size={12} anchor="start" text={labelled(p, p.catalog.label('producing'), face ? faceName(p, face, draft.no) : p.catalog.name(draft.no ?? null))} />)
    if (where) out.push(<FitText x={110} y={y + 68} width={w - 120} size={12} anchor="start" text={where} fill="#6b5a44" />)
    const you = p.view.you as JsonObject
    // the cap in resource markers: the marker drawn before the words, as the log and choices show it
    out.push(<Icon kind="w" x={110} y={y + 77} size={14} />)
    out.push(<FitText x={128} y={y + 88} width={w - 138} size={12} anchor="start" text={labelled(p, p.catalog.label('invest_cap'), String(you.invest_cap))} fill="#6b5a44" />)
  } else if (kind === 'attack') {
    list(draft.weapons).forEach((wp, j) => {
      const weapon = wp.weapon as JsonObject
      const x = 10 + j * 150
      out.push(<NamedObject p={p} o={weapon} x={x} y={y + 22} scale={0.6} />)
      nums(wp.targets).forEach((t, k) => out.push(<SeatChip p={p} seat={t} x={x + 66} y={y + 26 + k * 26} w={80} />))
    })
  } else if (kind === 'use') {
    const effects = Array.isArray(draft.effects) ? draft.effects as string[] : []
    if (draft.object) out.push(<NamedObject p={p} o={draft.object as JsonObject} x={10} y={y + 22} scale={0.6} />)
    out.push(<FitText x={80} y={y + 44} width={w - 90} size={12} anchor="start" text={effects.map((e) => p.catalog.name(e)).join(', ')} />)
    if (typeof draft.sub === 'number' && draft.sub >= 0) out.push(<SeatChip p={p} seat={draft.sub} x={80} y={y + 56} w={130} />)
  } else if (kind === 'block') {
    list(draft.weapons).forEach((o, j) => out.push(<NamedObject p={p} o={o} x={10 + j * 58} y={y + 22} scale={0.5} />))
    list(draft.blockers).forEach((o, j) => out.push(<NamedObject p={p} o={o} x={w - 60 - j * 58} y={y + 22} scale={0.5} />))
  } else if (kind === 'reward') {
    out.push(<g><Icon kind="w" x={10} y={y + 26} size={20} /><text x={36} y={y + 42} font-size={15} font-weight="bold">{labelled(p, p.catalog.label('reward_left'), String(draft.remaining))}</text></g>)
  }
  return <g data-part="draft" data-kind={kind}>{out}</g>
}

/** The unified design chart: every design this table may produce, as its card; click one to produce it. */
function Chart({ p }: { p: BoardProps }) {
  const all = designs(p)
  const cols = narrow() ? 4 : 8
  const scale = 0.82
  const cw = CARD_W * scale + 6
  const chh = CARD_H * scale + 6
  const w = 12 + cols * cw
  const rows = Math.ceil(all.length / cols)
  const legendColumns = narrow() ? 2 : 4
  const legendWidth = (w - 16) / legendColumns
  const h = 34 + rows * chh + Math.ceil(KEYWORDS.length / legendColumns) * 22
  return (
    <Panel w={w} h={h} title={p.catalog.label('chart')} part="chart" changed={false}>
      {/* what the keywords' signs on the cards mean */}
      <g data-part="keyword-legend">
        {KEYWORDS.map((kind, i) => {
          const x = 8 + (i % legendColumns) * legendWidth
          const y = 30 + rows * chh + Math.floor(i / legendColumns) * 22
          return (
            <g>
              <g transform={`translate(${x} ${y})`}><KeywordSign kind={kind} /></g>
              <FitText x={x + 20} y={y + 12} width={legendWidth - 24} size={12} anchor="start" text={p.catalog.label(kind)} />
            </g>
          )
        })}
      </g>
      {all.map((face, j) => {
        const no = String(face.no)
        const x = 8 + (j % cols) * cw
        const y = 30 + Math.floor(j / cols) * chh
        return (
          <Spot id={no} p={p} label={faceName(p, face, no)} field="no" tip={<ObjectTip p={p} face={face} />}>
            <rect x={x - 1} y={y - 1} width={CARD_W * scale + 2} height={CARD_H * scale + 2} rx={6} fill="none" stroke="none" />
            <ObjectCard p={p} face={face} x={x} y={y} scale={scale} />
          </Spot>
        )
      })}
    </Panel>
  )
}

/** Objects that left play (destroyed, used up, returned), face up, under their owner's colour. */
function LeftPlay({ p }: { p: BoardProps }) {
  const left = (Array.isArray(p.view.left_play) ? p.view.left_play : []) as [number, string][]
  if (!left.length) return null
  const scale = 0.5
  const cols = narrow() ? 6 : 12
  const cw = CARD_W * scale + 6
  const recent = left.slice(-24)
  const w = 16 + cols * cw
  const h = 34 + Math.ceil(recent.length / cols) * (CARD_H * scale + 12)
  return (
    <Panel w={w} h={h} title={`${p.catalog.label('left_play')} (${left.length})`} part="left-play">
      {recent.map(([seat, no], j) => {
        const x = 8 + (j % cols) * cw
        const y = 30 + Math.floor(j / cols) * (CARD_H * scale + 12)
        const face = design(p, no)
        return (
          <Spot id={null} p={p} label={`${p.catalog.seat(seat)} · ${faceName(p, face, no)}`} tip={<ObjectTip p={p} face={face} extra={[p.catalog.seat(seat)]} />}>
            <rect x={x - 1} y={y + CARD_H * scale + 1} width={CARD_W * scale + 2} height={5} rx={2} fill={colourOf(p, seat)} />
            <ObjectCard p={p} face={face} x={x} y={y} scale={scale} />
          </Spot>
        )
      })}
    </Panel>
  )
}

export function StarroadBoard(p: BoardProps) {
  const seats = list(p.view.seats)
  const me = p.seat
  const target = lineSeat(p)
  const order = [...seats.keys()].sort((a, b) => Number(seats[b].seat === me) - Number(seats[a].seat === me))
  return (
    <div class="starroad-board">
      <div class="sr-top">
        <TableRing p={p} />
        <div class="sr-side">
          <StackAndAttack p={p} />
          <OwnArea p={p} />
        </div>
      </div>
      <div class="panels sr-lines">
        {order.map((i) => <Lines p={p} s={seats[i]} i={i} target={target} />)}
      </div>
      <div class="panels sr-chart">
        <Chart p={p} />
        <LeftPlay p={p} />
      </div>
    </div>
  )
}

export type { Face }
