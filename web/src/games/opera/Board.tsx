/** Opera's table: the board's tracks and spaces (round track, fame ladder, roles, budget table,
 * display, Palazzo), what is being resolved now, the six cities with every player's opera house,
 * then the players' places, your own first (your supply in front of your screen, the others'
 * behind theirs). Each part is its own panel, so on a phone they stack into one legible column.
 *
 * Everything the view holds is drawn: `seating` as the colours and the start-player flag, `you`
 * as which screen is open, `decision` in the "now" panel (its `actors` are the frame's status
 * sentence), `bids` beside the turn order, `bidding` as sealed bids on the screens. */
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
