/** Star Road's looks on the table page (see ../types.ts: GameUI): the board, player colours that no
 * faction uses, base HP and storage in the player panels, what each choice costs and gives, and the
 * card or player it is about, and the resource marker drawn where its text writes [W]. */
import type { JsonObject } from '../../api'
import type { GameUI } from '../types'
import { StarroadBoard } from './Board'
import { TEXT_ICONS } from './Cards'
import { ownNames, PLAYER_COLOURS } from './faces'
import { MoveArt, moveDetail, seatCounters } from './Moves'

export const starroad: GameUI = {
  Board: StarroadBoard,
  // factions are red, green, blue and yellow and secret: players get colours none of them uses
  colours: (players) => Array.from({ length: players }, (_, i) => PLAYER_COLOURS[i % PLAYER_COLOURS.length]),
  keepsColours: true,
  counters: seatCounters,
  step: (view) => {
    const deciding = view.deciding as JsonObject | undefined
    return deciding && typeof deciding.step === 'string' ? deciding.step : null
  },
  moveDetail,
  MoveArt,
  // a table with its own chart or character table names their components by their own names
  places: (view, _data, catalog) => ownNames(view, catalog.lang),
  icons: TEXT_ICONS,
}
