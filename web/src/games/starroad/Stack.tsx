/** The response stack (top first) and the attack in progress, drawn as the cards and players involved:
 * each declaration with its card, owner and the players its choices involve, the attack's weapons with
 * their targets and the order they resolve in, the blockers, and the players whose response window is
 * open. */
import type { ComponentChildren } from 'preact'
import type { Json, JsonObject } from '../../api'
import { memo } from '../choosable'
import { FitText, Panel, Spot } from '../svg'
import { CharacterCard, CharacterTip, Icon } from './Cards'
import { character, design, faceName } from './faces'
import { NamedObject, SeatChip, objectWords } from './Named'
import { labelled, list, nums, type StarRoadEnv } from './parts'

/** The response stack (top first) and the attack in progress, drawn as the cards and players involved. */
export const StackAndAttack = memo(function StackAndAttack({ p, stack: entries, attack, window: waiting, changed }: {
  p: StarRoadEnv; stack: Json | undefined; attack: JsonObject | null; window: Json | undefined; changed: boolean
}) {
  const stack = [...list(entries)].reverse()
  const window = nums(waiting)
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
    <Panel w={w} h={y + 8} title={p.catalog.label('stack')} part="stack" changed={changed}>
      <defs>
        <marker id="sr-arrow-s" viewBox="0 0 10 10" refX={9} refY={5} markerWidth={5} markerHeight={5} orient="auto">
          <path d="M0 0 L10 5 L0 10 Z" fill="#a2271c" />
        </marker>
      </defs>
      {parts}
    </Panel>
  )
})

/** Who a declaration's choices involve: each effect's chosen character, or the owners of the objects
 * it chose (objects come as owner, line, level), as name chips. */
function ChoiceChips({ p, d, x, y }: { p: StarRoadEnv; d: JsonObject; x: number; y: number }) {
  const seats: number[] = []
  for (const c of Array.isArray(d.choices) ? d.choices : []) {
    const flat = nums(c)
    const picked = flat.length % 3 === 1 ? [flat[0]] : flat.filter((_, i) => i % 3 === 0)
    for (const s of picked) if (!seats.includes(s)) seats.push(s)
  }
  return <g>{seats.slice(0, 3).map((t, j) => <SeatChip p={p} seat={t} x={x + j * 100} y={y} w={94} />)}</g>
}

