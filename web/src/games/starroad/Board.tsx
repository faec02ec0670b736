/** Star Road on the table: the characters seated around it with the attack in progress (./Ring.tsx), the
 * response stack and the attack as the cards and players involved (./Stack.tsx), your own cards and
 * draft (./Own.tsx), each player's production lines and ground structures (./Lines.tsx), the design chart
 * to produce from and the objects that left play (./Chart.tsx).
 *
 * Each part gets the slices of the view it draws and the board's steady environment (./parts.ts), and is
 * memoized: a state redraws only the parts whose slices changed (../choosable.tsx). */
import type { JsonObject } from '../../api'
import { useSettle } from '../choosable'
import { useNarrow } from '../narrow'
import { changedUnder } from '../svg'
import type { BoardProps } from '../types'
import { Chart, LeftPlay } from './Chart'
import { Lines } from './Lines'
import { OwnArea } from './Own'
import { list, useStarRoadEnv } from './parts'
import { TableRing, matOf } from './Ring'
import { StackAndAttack } from './Stack'

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

const NO_OBJECTS: JsonObject[] = []

export function StarroadBoard(p: BoardProps) {
  const env = useStarRoadEnv(p)
  const settle = useSettle()
  const narrow = useNarrow(640)
  const v = p.view
  const seats = list(v.seats)
  const me = p.seat
  const target = lineSeat(p)
  const order = [...seats.keys()].sort((a, b) => Number(seats[b].seat === me) - Number(seats[a].seat === me))
  // each mat keeps its identity while its own fields do not change (its memo holds), and so does the list
  const mats = settle('mats', seats.map((s, i) => settle(`mat ${i}`, matOf(s))))
  const marked = settle('marked', [...seats.keys()].filter((i) => changedUnder(p, `seats/${i}/hp`) || changedUnder(p, `seats/${i}/storage`)))
  const mine = seats.find((s) => s.seat === me)
  return (
    <div class="starroad-board">
      <div class="sr-top">
        <TableRing p={env} mats={mats} attack={(v.attack ?? null) as JsonObject | null} deciding={settle('deciding', p.actors)} marked={marked} narrow={narrow}
          round={settle('round', { turn: v.turn, round: v.round, limit: v.round_limit })} />
        <div class="sr-side">
          <StackAndAttack p={env} stack={v.stack} attack={(v.attack ?? null) as JsonObject | null} window={v.window}
            changed={changedUnder(p, 'stack') || changedUnder(p, 'attack')} />
          <OwnArea p={env} you={(v.you ?? null) as JsonObject | null} factionUp={mine ? mine.faction_up === true : null} changed={changedUnder(p, 'you')} />
        </div>
      </div>
      <div class="panels sr-lines">
        {order.map((i) => {
          const s = seats[i]
          return (
            <Lines p={env} seat={s.seat as number} lines={typeof s.lines === 'number' ? s.lines : 4} alive={s.alive !== false}
              objects={Array.isArray(s.objects) ? s.objects as JsonObject[] : NO_OBJECTS} ground={Array.isArray(s.ground) ? s.ground as JsonObject[] : NO_OBJECTS}
              pickable={target === s.seat} changed={changedUnder(p, `seats/${i}/objects`) || changedUnder(p, `seats/${i}/ground`)} />
          )
        })}
      </div>
      <div class="panels sr-chart">
        <Chart p={env} narrow={narrow} />
        <LeftPlay p={env} left={v.left_play} narrow={narrow} />
      </div>
    </div>
  )
}
