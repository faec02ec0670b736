/** Trickerion's public component data (`Game.public_data()`), typed, and small readers of the view. */
import type { Json, JsonObject } from '../../api'
import type { BoardProps } from '../types'

export interface Gains { fame: number; coins: number; shards: number }
export interface TrickData {
  category: string; level: number; threshold: number; dark_alley_only: boolean
  components: Record<string, number>; prepare_ap: number; markers: number; yields: Gains; link_reward: number
  endgame: ({ type: string } & Record<string, Json>) | null
  bga?: { components: Record<string, number>; markers: number }
}
export interface PerformanceData {
  theater: string; slots: string[]; links: { a: string; b: string; shard: boolean }[]; bonus: Gains
}
export interface SlotData { location: string; ap_modifier: number; min_players: number; day: string | null; performance: boolean }
export interface TrickerionData {
  categories: string[]; directions: string[]; locations: string[]; weekdays: string[]
  tricks: Record<string, TrickData>
  performance_cards: Record<string, PerformanceData>
  components: Record<string, { tier: string; price: number }>
  characters: Record<string, { base_ap: number; wage: number; final_fame: number; performer_bonus: Gains }>
  character_ids: string[]
  magicians: Record<string, { favorite: string; ability: string; ability_ap: number; shard_cost: number }>
  assignments: {
    permanent: Record<string, Record<string, number>>
    special: Record<string, { location: string; target_action: string; params: Record<string, number> }>
  }
  prophecies: Record<string, { category: string | null; coins: number }>
  dice: Record<string, string[]>
  slots: Record<string, SlotData>
  weekdays_modifiers: Record<string, { fame: number; coins: number }>
  action_ap: Record<string, number>
  initiative_spaces: Record<string, number[]>
  advertise_fame: number
  enhance: { shards: number; ap: number }
  quick_order_surcharge: number
  turns: { base: number; dark_alley: number }
  fame_thresholds: number[]
}

export const tdata = (p: Pick<BoardProps, 'data'>): TrickerionData => p.data as unknown as TrickerionData
export const hasData = (p: Pick<BoardProps, 'data'>): boolean => typeof (p.data as JsonObject).tricks === 'object'

export interface Character {
  owned: boolean; hired_this_turn: boolean; assistant_home: boolean
  card?: string | null; special?: string; declared?: string; mimics?: string; card_state?: string; slot?: string | null
}
export interface OwnTrick { slot: number | 'engineer'; trick: string; suit: number; prepared: number; scheduled: number; supply: number }
export interface PlayerView {
  seat: number; magician: string | null; fame: number; coins: number; shards: number; poster: boolean
  characters: Record<string, Character>; tricks: OwnTrick[]
  components: Record<string, { count: number; effective: number; manager: boolean }>
  weekday: string | null; assignment_committed: boolean; hand_size?: number
  specials_held?: Record<string, number>
}
export interface Marker { slot: string; seat: number | null; trick?: string; category?: string; dir: string; stack?: boolean; gray?: boolean }
export interface StageCard { position: number; card: string; markers: Marker[] }

export const playersOf = (view: JsonObject): PlayerView[] => (Array.isArray(view.players) ? view.players : []) as unknown as PlayerView[]
export const playerOf = (view: JsonObject, seat: number | null): PlayerView | null =>
  seat === null ? null : playersOf(view).find((pl) => pl.seat === seat) ?? null
export const isDarkAlley = (view: JsonObject): boolean => typeof view.dark_alley === 'object' && view.dark_alley !== null

/** The type of a character id ("apprentice_2" is an apprentice). */
export const characterType = (id: string): string => (id.startsWith('apprentice') ? 'apprentice' : id)

/** A trick's requirements under the table's option. */
export function requirements(p: Pick<BoardProps, 'data' | 'options'>, trick: string): { components: Record<string, number>; markers: number } {
  const t = tdata(p).tricks[trick]
  if (!t) return { components: {}, markers: 0 }
  if (p.options.trick_component_source === 'bga' && t.bga) return t.bga
  return { components: t.components, markers: t.markers }
}
