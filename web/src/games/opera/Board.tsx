/** Opera's table: the board's tracks and spaces (round track, fame ladder, roles, budget table,
 * display, Palazzo), what is being resolved now, the six cities with every player's opera house,
 * then the players' places, your own first (your supply in front of your screen, the others'
 * behind theirs). Each part is its own panel, so on a phone they stack into one legible column.
 *
 * Everything the view holds is drawn: the round (the round marker; `rounds` and `episode` shape and
 * light the round track), `ladder` and `critico_last` on the fame ladder, `episode_composers` on the
 * scoring spaces, `display`, `draw_pile` (backs, counted) and `discard` (counted per composer),
 * `palazzo`, `roles` (the chooser's disc on a taken tile), `figures` (on the start space or a city's
 * figure fields), `turn_order`, `bids` (the last revealed bids) and each player's `row`/`slot`/`passed`/
 * `roles_chosen` on the budget table; `seating` as the colours and the start player's flag; `houses` in
 * the cities; `score` and `points` on each player's place; `money` and `supply` for your own seat only
 * (the view has them for no other seat: OP-15.1), `bidding` as sealed bids (your own amount shown to
 * you); `decision` in the "now" panel (its `actors` and `step` are also the frame's status sentence,
 * `placed_this_rearrangement` a gold dot on those halls); `you` opens your own screen.
 */
import { useEffect, useState } from 'preact/hooks'
import type { BoardProps } from '../types'
import { City } from './city'
import { Display, Palazzo, Roles } from './market'
import { ladderOf, operaData, playersOf } from './model'
import { Now, PlayerArea } from './players'
import { BudgetTrack, FameLadder, RoundTrack } from './tracks'

export function OperaBoard(p: BoardProps) {
  const d = operaData(p.data)
  const [held, setHeld] = useState<string | null>(null)
  // a piece picked up from the supply is put down when the position moves on
  useEffect(() => setHeld(null), [p.view])
  if (!d) return null
  const players = playersOf(p.view)
  const ladder = ladderOf(p.view)
  const own = players.filter((pl) => pl.seat === p.seat)
  const others = players.filter((pl) => pl.seat !== p.seat)
  return (
    <div class="opera-board">
      <div class="panels">
        <Now p={p} d={d} />
        <RoundTrack p={p} d={d} />
        <FameLadder p={p} d={d} players={players} />
        <Roles p={p} d={d} />
        <BudgetTrack p={p} d={d} players={players} />
        <Display p={p} d={d} />
        <Palazzo p={p} d={d} />
      </div>
      <div class="panels">
        {d.cities.map((c) => <City p={p} d={d} city={c.id} players={players} ladder={ladder} held={held} />)}
      </div>
      <div class="panels">
        {[...own, ...others].map((pl) => <PlayerArea p={p} d={d} pl={pl} ladder={ladder} held={held} hold={setHeld} />)}
      </div>
    </div>
  )
}
