/** What an Opera view holds (src/parlor/games/opera/view.py), as the table reads it. Checked against
 * the engine's views by tests/games/test_view_types.py. */
import type { Json, JsonObject } from '../../api'

export interface OperaPlayer {
  seat: number
  color: string
  /** place at the table, 1-based */
  seating: number
  score: number
  row: number
  slot: number
  passed: boolean
  roles_chosen: number
  houses: Record<string, JsonObject>
  points: Record<string, number>
  /** only for the seat itself, or when money is open */
  money?: number
  supply?: string[]
}

export interface OperaDecision {
  step: string
  actors: number[]
  role?: string
  chooser?: number
  following?: boolean
  uses?: number
  offers_left?: Json[]
  placed_this_rearrangement?: Json[]
}

export interface OperaView {
  round: number
  rounds: number
  episode: number
  decision: OperaDecision
  ladder: string[]
  episode_composers: string[]
  display: string[]
  palazzo: string[]
  discard: Record<string, number>
  draw_pile: number
  figures: Record<string, string>
  roles: Record<string, number | null>
  turn_order: number[]
  seating: number[]
  critico_last: { seat: number; composer: string; steps: number } | null
  bids: number[] | null
  bidding: JsonObject | null
  players: OperaPlayer[]
  /** the viewing seat; absent for a spectator */
  you?: number
}
