/** The characters seated around the table: each seat's mat (name in the player's colour, base HP,
 * storage [W], faction card face down until revealed, character card, distance from you), turn and round
 * at the centre, and the attack in progress drawn as arrows from the attacker's mat to each target's. */
import type { ComponentChildren } from 'preact'
import type { Json, JsonObject } from '../../api'
import { countRender, memo } from '../choosable'
import { FitText, Spot, colourOf } from '../svg'
import { CharacterCard, CharacterTip, FactionCard, Icon } from './Cards'
import { character, faceName } from './faces'
import { labelled, list, nums, type StarRoadEnv } from './parts'

/** SR-11.1: distance between two seats counted in living characters (or every seat, by option). */
export function distance(seats: JsonObject[], a: number, b: number, countEliminated: boolean): number {
  const ring = seats.filter((s) => countEliminated || s.alive !== false || s.seat === a || s.seat === b).map((s) => s.seat as number)
  const i = ring.indexOf(a)
  const j = ring.indexOf(b)
  if (i < 0 || j < 0) return 0
  const k = Math.abs(i - j)
  return Math.min(k, ring.length - k)
}

/** The fields of a seat its mat shows (not its lines): a mat redraws only when one of them changes. */
const MAT_FIELDS = ['seat', 'alive', 'hp', 'storage', 'faction', 'faction_up', 'character', 'chosen', 'ability_used_game', 'ability_used_turn'] as const

export function matOf(seat: JsonObject): JsonObject {
  const mat: JsonObject = {}
  for (const field of MAT_FIELDS) if (field in seat) mat[field] = seat[field]
  return mat
}

/** One seat at the table: name in the player's colour, base HP, storage, faction and character cards. */
const SeatMat = memo(function SeatMat({ p, s, x, y, d, deciding, changed }: {
  p: StarRoadEnv; s: JsonObject; x: number; y: number; d: number | null; deciding: boolean; changed: boolean
}) {
  const seat = s.seat as number
  countRender('seat-mat', seat)
  const alive = s.alive !== false
  const colour = colourOf(p, seat)
  const me = p.seat
  const face = character(p, s.character)
  const faction = typeof s.faction === 'string' ? s.faction : null
  const charName = face ? faceName(p, face, s.character) : s.chosen === true ? p.catalog.label('hidden_character') : p.catalog.label('no_character')
  const tipLines = [
    `${p.catalog.label('hp')} ${String(s.hp)} · ${p.catalog.label('storage')} ${String(s.storage)} [W]`,
    faction ? labelled(p, p.catalog.label('faction'), p.catalog.name(faction)) : p.catalog.label('hidden_faction'),
    ...(d !== null ? [`${p.catalog.label('distance')} ${d}`] : []),
    ...(s.ability_used_game === true || s.ability_used_turn === true ? [p.catalog.label('ability_spent')] : []),
    ...(alive ? [] : [p.catalog.label('eliminated')]),
  ]
  return (
    <Spot id={`seat=${seat}`} p={p} label={p.catalog.seat(seat)} field="seat" changed={changed}
      tip={<CharacterTip p={p} face={face} extra={[p.catalog.seat(seat), ...tipLines]} />}>
      <rect x={x} y={y} width={136} height={98} rx={8} fill={alive ? '#fffdf5' : '#dcd8d0'} stroke={colour} stroke-width={deciding ? 6 : 3} data-seat={String(seat)} class="sr-seat" data-alive={String(alive)} />
      <rect x={x} y={y} width={136} height={22} rx={8} fill={colour} />
      <rect x={x} y={y + 14} width={136} height={8} fill={colour} />
      <FitText x={x + 68} y={y + 16} width={126} size={13} text={`${p.catalog.seat(seat)}${seat === me ? p.catalog.aside(p.t('you')) : ''}`} fill="#fff" font-weight="bold" />
      <FactionCard p={p} code={faction} x={x + 6} y={y + 27} scale={0.4} mini />
      <CharacterCard p={p} face={face} x={x + 32} y={y + 27} scale={0.25} mini />
      {alive ? (
        <g>
          {/* room for two digits each: an HP of 11 ran into the storage icon */}
          <Icon kind="hp" x={x + 60} y={y + 29} size={15} />
          <text x={x + 76} y={y + 42} font-size={14} font-weight="bold" data-hp={String(s.hp)}>{String(s.hp)}</text>
          <Icon kind="w" x={x + 97} y={y + 29} size={15} />
          <text x={x + 113} y={y + 42} font-size={14} font-weight="bold" data-storage={String(s.storage)}>{String(s.storage)}</text>
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
})

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

/** The view's turn, round and round limit (as the view holds them). */
export interface Round { turn: Json | undefined; round: Json | undefined; limit: Json | undefined }

/** Turn and round, in words, at the centre of the table. */
function RoundLine({ p, round, x, y }: { p: StarRoadEnv; round: Round; x: number; y: number }) {
  const text = `${p.catalog.label('turn')} ${String(round.turn)} · ${p.catalog.label('round')} ${String(round.round)}${round.limit ? ` / ${round.limit}` : ''}`
  return <FitText x={x} y={y} width={260} size={14} text={text} fill="#6b5a44" />
}

/** The characters around the table (`mats`: each seat's `matOf`), with the attack in progress drawn as
 * arrows from attacker to targets; `deciding` the seats deciding now, `marked` the indices of the mats
 * whose HP or storage changed with the last state. */
export const TableRing = memo(function TableRing({ p, mats, attack, round, deciding, marked, narrow }: {
  p: StarRoadEnv; mats: JsonObject[]; attack: JsonObject | null; round: Round; deciding: number[]; marked: number[]; narrow: boolean
}) {
  countRender('ring', undefined)
  const n = mats.length
  const me = p.seat
  const countEliminated = p.options.distance_counts_eliminated === true
  const mat = (s: JsonObject, i: number, x: number, y: number) => {
    const seat = s.seat as number
    const d = me !== null && seat !== me && s.alive !== false ? distance(mats, me, seat, countEliminated) : null
    return <SeatMat p={p} s={s} x={x} y={y} d={d} deciding={deciding.includes(seat)} changed={marked.includes(i)} />
  }
  if (narrow) {
    const cols = 2
    const rows = Math.ceil(n / cols)
    const w = 300
    const h = 30 + rows * 106
    return (
      <svg class="board-svg sr-ring" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={p.catalog.label('seats')} data-part="ring">
        <ArrowHead />
        <RoundLine p={p} round={round} x={w / 2} y={18} />
        {mats.map((s, i) => mat(s, i, 10 + (i % cols) * 146, 28 + Math.floor(i / cols) * 106))}
        <g pointer-events="none">{attackArrows(attack, (seat) => {
          const i = mats.findIndex((s) => s.seat === seat)
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
  const at = (seat: number) => pos(mats.findIndex((s) => s.seat === seat))
  const arrows = attackArrows(attack, at)
  return (
    <svg class="board-svg sr-ring" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={p.catalog.label('seats')} data-part="ring">
      <ArrowHead />
      <ellipse cx={cx} cy={cy} rx={rx} ry={ry} fill="#efe6d2" stroke="#c9b99c" stroke-dasharray="5 5" />
      <RoundLine p={p} round={round} x={cx} y={cy - 8} />
      {mats.map((s, i) => {
        const [x, y] = pos(i)
        return mat(s, i, x - 68, y - 49)
      })}
      <g pointer-events="none">{arrows}</g>
    </svg>
  )
})
