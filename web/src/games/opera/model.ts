/** Opera's view and public data, read into types once: the board parts draw from these, never
 * from raw JSON. Numbers come from the game's data (`public_data`), never from this file. */
import type { Json, JsonObject } from '../../api'
import { textOn } from '../../ink'
import type { BoardProps } from '../types'
import { fillTemplate } from '../../template'

/** A player's opera house in one city: its index in the city and each built hall with its piece
 * (a composer id, "house", or null when empty). */
export interface House {
  house: number
  halls: Map<number, string | null>
}

export interface Player {
  seat: number
  color: string
  /** 1 = the start player (OP-4.3) */
  seating: number
  score: number
  row: number
  slot: number
  passed: boolean
  rolesChosen: number
  houses: Map<string, House>
  /** VP by score category (public: every gain is announced) */
  points: Record<string, number>
  /** only for the viewing seat (OP-15.1) */
  money: number | null
  supply: string[] | null
}

export interface CityData {
  id: string
  episode: number
  opens_round: number
  opens_round_short_game: number
  max_halls: number
  main_halls: number
  wings: { kind: string; halls: number }[]
  houses_by_players: Record<string, number>
  figure_fields: number
}

export interface PartData {
  id: string
  city: string
  house: number
  kind: string
  halls: number
  hall_numbers: number[]
  min_players: number
  cost_ducats: number
  vp: number
}

export interface RoleData {
  id: string
  kind: 'functionary' | 'character'
  cost: number
  followable: boolean
  max_uses: number
  follow_cost_per_use: number
  follow_min_cost: number
  figure: string
  max_steps: number
}

export interface FameData {
  position: number
  value: number
  purchase_price: number
  signora_ducats: number
  signora_vp: number
  esperto_vp: number
  main_hall_vp: number
}

export interface RoundPlan {
  rounds: number
  episode_of_round: number[]
  scoring_after_rounds: number[]
}

export interface OperaData {
  composers: { id: string; pieces: number }[]
  fame: FameData[]
  cities: CityData[]
  parts: PartData[]
  roles: RoleData[]
  figures: { id: string; role: string }[]
  colors: string[]
  rounds: { standard: RoundPlan; short_game: RoundPlan }
  budget: { rows: number; slots: number; max_bid: number; zero_budget_bonus: number }
  max_roles: number
  display_by_players: Record<string, number>
  display_cap: number
  palazzo_capacity: number
  income_by_pieces: number[]
  maestro_multiplier: number
  episode_bonus: number[]
  empty_hall_penalty: number
  max_parts_per_use: number
}

/** The players' colours as printed (data/players.toml ids) in the page's inks. */
export const PLAYER_INK: Record<string, string> = {
  red: '#c0392b', blue: '#2e6fd1', green: '#2a9d4b', yellow: '#d9a400',
}
/** Text on a player-coloured piece: dark on a light colour (the yellow seat), white on the others. */
export const inkOn = (colour: string): string => textOn(colour)

export const FIGURE_INK: Record<string, string> = { maestro: '#2f8f3a', critico: '#222222', esperto: '#7d3c98' }

const num = (x: Json | undefined, fallback = 0): number => (typeof x === 'number' ? x : fallback)

/** The public data as served (an empty game's data when it has not loaded). */
export function operaData(data: JsonObject): OperaData | null {
  return Array.isArray(data.cities) && Array.isArray(data.fame) ? (data as unknown as OperaData) : null
}

function house(raw: Json): House {
  const h = (raw ?? {}) as JsonObject
  const halls = new Map<number, string | null>()
  for (const pair of (Array.isArray(h.halls) ? h.halls : []) as [number, string | null][]) halls.set(pair[0], pair[1])
  return { house: num(h.house), halls }
}

export function playersOf(view: JsonObject): Player[] {
  const list = (Array.isArray(view.players) ? view.players : []) as JsonObject[]
  return list.map((pl, k) => ({
    seat: num(pl.seat, k),
    color: typeof pl.color === 'string' ? pl.color : '',
    seating: num(pl.seating, k + 1),
    score: num(pl.score),
    row: num(pl.row),
    slot: num(pl.slot, 1),
    passed: pl.passed === true,
    rolesChosen: num(pl.roles_chosen),
    houses: new Map(Object.entries((pl.houses ?? {}) as JsonObject).map(([city, raw]) => [city, house(raw)])),
    points: (pl.points && typeof pl.points === 'object' && !Array.isArray(pl.points) ? pl.points : {}) as Record<string, number>,
    money: typeof pl.money === 'number' ? pl.money : null,
    supply: Array.isArray(pl.supply) ? (pl.supply as string[]) : null,
  }))
}

/** Composers from the bottom of the fame ladder (position 1) to the top (6). */
export const ladderOf = (view: JsonObject): string[] => (Array.isArray(view.ladder) ? (view.ladder as string[]) : [])

/** A piece's value (OP-3.2): its composer's fame position; a house-composer piece 0. */
export const valueOf = (ladder: string[], piece: string | null): number => (piece ? ladder.indexOf(piece) + 1 : 0)

export function roundPlan(d: OperaData, options: JsonObject): RoundPlan {
  return options.short_game_7_rounds === true ? d.rounds.short_game : d.rounds.standard
}

export const opensIn = (city: CityData, options: JsonObject): number =>
  (options.short_game_7_rounds === true ? city.opens_round_short_game : city.opens_round)

/** The city's building parts of one house, wings in hall order (data/building_parts.toml). */
export const partsOf = (d: OperaData, city: string, houseIndex: number): PartData[] =>
  d.parts.filter((part) => part.city === city && part.house === houseIndex)
    .sort((a, b) => a.hall_numbers[0] - b.hall_numbers[0])

/** The house indexes a city has at this player count (OP-4.4: parts above the count are removed). */
export const housesIn = (d: OperaData, city: string, players: number): number[] =>
  [...new Set(d.parts.filter((part) => part.city === city && part.kind === 'main' && part.min_players <= players)
    .map((part) => part.house))].sort((a, b) => a - b)

/** OP-11.1, OP-11.2: a house's income now (pieces performed, doubled where the Maestro stands). */
export function incomeOf(d: OperaData, house: House, maestroHere: boolean): number {
  let pieces = 0
  for (const piece of house.halls.values()) if (piece !== null) pieces += 1
  const base = d.income_by_pieces[Math.min(pieces, d.income_by_pieces.length - 1)] ?? 0
  return maestroHere ? base * d.maestro_multiplier : base
}

/** OP-9.6.3: what the Esperto scores for a house (the values of its pieces). */
export function espertoValue(house: House, ladder: string[]): number {
  let sum = 0
  for (const piece of house.halls.values()) if (piece !== null && piece !== 'house') sum += valueOf(ladder, piece)
  return sum
}

/** Pieces of each composer performed in all halls (OP-12.2's count). */
export function performedCounts(players: Player[]): Map<string, number> {
  const out = new Map<string, number>()
  for (const pl of players) {
    for (const h of pl.houses.values()) {
      for (const piece of h.halls.values()) if (piece && piece !== 'house') out.set(piece, (out.get(piece) ?? 0) + 1)
    }
  }
  return out
}

export interface Decision {
  step: string
  actors: number[]
  role: string | null
  chooser: number | null
  following: boolean
  uses: number
  offersLeft: number[]
  placed: [string, number][]
}

export function decisionOf(view: JsonObject): Decision {
  const d = (view.decision ?? {}) as JsonObject
  return {
    step: typeof d.step === 'string' ? d.step : '',
    actors: (Array.isArray(d.actors) ? d.actors : []) as number[],
    role: typeof d.role === 'string' ? d.role : null,
    chooser: typeof d.chooser === 'number' ? d.chooser : null,
    following: d.following === true,
    uses: num(d.uses),
    offersLeft: (Array.isArray(d.offers_left) ? d.offers_left : []) as number[],
    placed: (Array.isArray(d.placed_this_rearrangement) ? d.placed_this_rearrangement : []) as [string, number][],
  }
}

/** A `[ui]` template with `{name}` fields filled in. */
export function say(p: BoardProps, key: string, fields: Record<string, string | number> = {}): string {
  return fillTemplate(p.catalog.label(key), fields)
}

/** Stable keys for a player's pieces wherever they lie (halls city by city, then the supply): the
 * k-th piece of a composer keeps its key when it moves, so the frame slides it (`data-piece`). */
export function pieceKeys(pl: Player, cities: string[]): Map<string, string> {
  const seen = new Map<string, number>()
  const out = new Map<string, string>()
  const key = (piece: string) => {
    const k = seen.get(piece) ?? 0
    seen.set(piece, k + 1)
    return `piece-${pl.seat}-${piece}-${k}`
  }
  for (const city of cities) {
    const house = pl.houses.get(city)
    if (!house) continue
    for (const n of [...house.halls.keys()].sort((a, b) => a - b)) {
      const piece = house.halls.get(n)
      if (piece) out.set(`${city}/${n}`, key(piece))
    }
  }
  ;(pl.supply ?? []).forEach((piece, i) => out.set(`supply/${i}`, key(piece)))
  return out
}
