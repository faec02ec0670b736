/** What a Skyrise view holds (src/parlor/games/skyrise/view.py), as the table reads it. Checked against
 * the engine's views by tests/games/test_view_types.py. */
import type { Json, JsonObject } from '../../api'

export interface SkyrisePlayer {
  seat: number
  set: string
  prestige: number
  points: Record<string, number>
  tracks: Record<string, number>
  track_values: Record<string, number>
  excess: Record<string, number>
  patrons: Record<string, number>
  commissions: number
  wilds: Json[]
  keys: Json[]
  finished: number | null
  available: Json[]
  reserve: Json[]
  constructed: Json[]
  bids: Json[]
  passed: boolean
  kept_wonder: string | null
  wonder_cards: number
  objective: string | null
}

export interface SkyriseAuction {
  number: number
  first_bidder: number
  opener: number
  fallback: number
  bid_count: number
  bids: Json[]
}

export interface SkyriseView {
  era: number
  phase: string
  deciding: number[]
  players: SkyrisePlayer[]
  layout: Json[]
  board: JsonObject
  panoramas: Json[]
  lakes: Record<string, Json[]>
  blimps: Record<string, Json[]>
  bridges: Record<string, Json[]>
  /** the neighbourhood under the Hammer, when there is one */
  hammer: string | null
  finish_order: number[]
  auctions_done: number
  auction: SkyriseAuction | null
  choosing: JsonObject | null
  patron_values: Record<string, number>
  /** the viewing seat's own cards; absent for a spectator */
  you?: { seat: number; wonder_hand: string[]; objective: string }
}
