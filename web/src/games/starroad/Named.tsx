/** Players and objects the stack, the attack and your draft name: a player's chip in their colour, an
 * object's card with its owner and place in words. */
import type { JsonObject } from '../../api'
import { FitText, Spot, colourOf } from '../svg'
import { CARD_H, CARD_W, ObjectCard, ObjectTip } from './Cards'
import { design, faceName } from './faces'
import type { StarRoadEnv } from './parts'

/** An object on the table named for players: "Ann · line 2 · level 1 · Heavy Blade". */
export function objectWords(p: StarRoadEnv, o: JsonObject | null | undefined): string {
  if (!o) return ''
  const face = design(p, o.no)
  const where = `${p.catalog.label('line')} ${String(o.line)} · ${p.catalog.label('level')} ${String(o.level)}`
  return `${p.catalog.seat(o.seat as number)} · ${where}${face ? ` · ${faceName(p, face, o.no)}` : ''}`
}

/** A player's name as a chip in their colour (stack entries, attack targets). */
export function SeatChip({ p, seat, x, y, w = 110, crossed = false, ring = false }: {
  p: StarRoadEnv; seat: number; x: number; y: number; w?: number; crossed?: boolean; ring?: boolean
}) {
  return (
    <g data-chip-seat={String(seat)}>
      <rect x={x} y={y} width={w} height={22} rx={11} fill={colourOf(p, seat)} stroke={ring ? '#2b2118' : 'none'} stroke-width={3} opacity={crossed ? 0.45 : 1} />
      <FitText x={x + w / 2} y={y + 15.5} width={w - 10} size={12} text={p.catalog.seat(seat)} fill="#fff" font-weight="bold" />
      {crossed && <line x1={x + 4} y1={y + 11} x2={x + w - 4} y2={y + 11} stroke="#2b2118" stroke-width={2} />}
    </g>
  )
}

/** An object the stack or the attack names: its card (face if public, else its back). */
export function NamedObject({ p, o, x, y, scale }: { p: StarRoadEnv; o: JsonObject | null | undefined; x: number; y: number; scale: number }) {
  if (!o) return null
  const face = design(p, o.no)
  return (
    <Spot id={null} p={p} label={objectWords(p, o)} tip={<ObjectTip p={p} face={face} extra={[objectWords(p, o)]} />}>
      <rect x={x} y={y} width={CARD_W * scale} height={CARD_H * scale} fill="none" />
      <ObjectCard p={p} face={face} x={x} y={y} scale={scale} no={o.no as string | null} />
    </Spot>
  )
}
