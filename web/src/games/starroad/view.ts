/** What a Star Road view holds (src/parlor/games/starroad/view.py), as the table reads it. Checked
 * against the engine's views by tests/games/test_view_types.py. */
import type { Json, JsonObject } from '../../api'

export interface StarRoadSeat {
  seat: number
  alive: boolean
  hp: number
  storage: number
  /** null while hidden from the viewer */
  faction: string | null
  faction_up: boolean
  character: string | null
  character_up: boolean
  chosen: boolean
  lines: number
  objects: Json[]
  ground: Json[]
  turns: number
  ability_used_game: boolean
  ability_used_turn: boolean
  range_bonus_turn: number
  invest_cap_turn: number
  peeked_at: number[]
}

export interface StarRoadAttack {
  attacker: number
  weapons: Json[]
  order: Json[]
  target: number
  stage: string
  blockers: Json[]
  blocked: Json[]
}

export interface StarRoadView {
  players: number
  phase: string
  active: number
  first: number
  last: number
  turn: number
  round: number
  round_limit: number
  productions: number
  production_limit: number
  deciding: { seats: number[]; step: string }
  seats: StarRoadSeat[]
  stack: JsonObject[]
  attack: StarRoadAttack | null
  window: Json[]
  left_play: Json[]
  over: boolean
  winners: number[]
  draw: boolean
  end_reason: string
  designs: Json[]
  /** the viewing seat's own faction, character and draft; absent for a spectator */
  you?: JsonObject
}
