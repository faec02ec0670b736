/** Opera's looks on the table page (see ../types.ts: GameUI): the board, the players' colours as
 * printed (red, blue, green, yellow in seating order, OP-4.3), the player panels' counters and
 * what each choice costs and gives. */
import type { JsonObject } from '../../api'
import { SEAT_COLOURS } from '../svg'
import type { GameUI } from '../types'
import { MoveArt, counters, moveDetail } from './art'
import { OperaBoard } from './Board'
import { PLAYER_INK, playersOf } from './model'
import { TEXT_ICONS } from './pieces'

/** Each seat's colour from its piece colour in the view (the seat bar, the board, the log and the
 * scores all use these). */
function colours(players: number, view: JsonObject | null): string[] {
  const out = Array.from({ length: players }, (_, i) => SEAT_COLOURS[i % SEAT_COLOURS.length])
  if (!view) return out
  for (const pl of playersOf(view)) {
    const ink = PLAYER_INK[pl.color]
    if (ink && pl.seat < players) out[pl.seat] = ink
  }
  return out
}

export const opera: GameUI = {
  Board: OperaBoard,
  colours,
  counters,
  moveDetail,
  MoveArt,
  // ducats in log lines and choices drawn as the coin
  icons: TEXT_ICONS,
}
