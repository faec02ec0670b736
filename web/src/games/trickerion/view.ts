/** What a Trickerion view holds (src/parlor/games/trickerion/view.py), as the table reads it. Checked
 * against the engine's views by tests/games/test_view_types.py. */
import type { Json, JsonObject } from '../../api'

export interface TrickerionPlayer {
  seat: number
  magician: string | null
  fame: number
  coins: number
  shards: number
  poster: boolean
  characters: JsonObject
  tricks: JsonObject[]
  components: Record<string, number>
  weekday: string | null
  assignment_committed: boolean
  /** with Dark Alley: how many cards each hand holds, and the special cards held */
  hand_size?: number
  specials_held?: JsonObject
}

export interface TrickerionView {
  turn: number
  last_turn: number
  phase: string
  actors: number[]
  initiative: number[]
  initiative_spaces: Json[]
  /** a die's face; null at setup, before the first roll (TR-4.1) */
  dice: Record<string, string | null>
  rerolls: Record<string, number>
  previous_turn: JsonObject
  market: JsonObject
  residence: Json[]
  theater: JsonObject[]
  deck_size: number
  /** the Duel of Magicians module, when chosen */
  duel: JsonObject | null
  discarded: Json[]
  players: TrickerionPlayer[]
  /** Magician Powers, when chosen: one entry per seat */
  powers: Json[] | null
  placement: JsonObject | null
  performance_day: string | null
  final: JsonObject[] | null
  discarding: number[]
  /** the viewing seat's own hand and assignments; absent for a spectator */
  you?: JsonObject
  /** the Dark Alley expansion's public parts, when chosen */
  dark_alley?: JsonObject
}
