/** Per-game parts of the table page: each game registers its `GameUI` (board, colours, scores,
 * counters, what a choice costs); a game without one gets the generic view (the fixture game). */
import type { Json, JsonObject } from '../api'
import type { Catalog } from '../catalog'
import { GenericView } from '../components/GenericView'
import { SEAT_COLOURS } from './svg'
import type { GameUI, LiveScore } from './types'
import { skyrise } from './skyrise'
import { opera } from './opera'
import { starroad } from './starroad'
import { trickerion } from './trickerion'

const games: Record<string, GameUI> = {}

export function registerGame(game: string, ui: GameUI): void {
  games[game] = ui
}

/** The game's looks; the generic view for a game that has none of its own. */
export function gameUI(game: string): GameUI {
  return games[game] ?? { Board: GenericView }
}

export function hasOwnLooks(game: string): boolean {
  return game in games
}

/** One colour per seat: the game's own, else the frame's palette. */
export function coloursFor(game: string, players: number, view: JsonObject | null, data: JsonObject): string[] {
  const own = games[game]?.colours?.(players, view, data)
  if (own && own.length >= players) return own
  return Array.from({ length: players }, (_, i) => SEAT_COLOURS[i % SEAT_COLOURS.length])
}

/** The catalog with the game's table-dependent place names (`GameUI.places`), if it has any. */
export function withPlaces(game: string, catalog: Catalog, view: JsonObject | null, data: JsonObject): Catalog {
  const places = games[game]?.places
  return places && view ? catalog.withNames(places(view, data, catalog)) : catalog
}

export function scoresFor(game: string, view: JsonObject | null): LiveScore[] {
  if (!view) return []
  return games[game]?.scores?.(view) ?? liveScores(view)
}

export function stepFor(game: string, view: JsonObject | null): string | null {
  if (!view) return null
  const own = games[game]?.step
  return own ? own(view) : stepOf(view)
}

const SCORE_KEYS = ['score', 'prestige', 'fame', 'vp', 'points']

/** Running scores: a `players`/`seats` list with a score-like number, or a `points` list. */
export function liveScores(view: JsonObject | null): LiveScore[] {
  if (!view) return []
  const list = (view.players ?? view.seats) as Json
  if (Array.isArray(list) && list.length && list.every((p) => p !== null && typeof p === 'object' && !Array.isArray(p))) {
    const rows = list as JsonObject[]
    const key = SCORE_KEYS.find((k) => rows.every((r) => typeof r[k] === 'number'))
    if (key) {
      return rows.map((r, i) => {
        const parts = Object.values(r).find((v): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v)
          && Object.keys(v).length > 1 && Object.values(v).every((x) => typeof x === 'number') && r.points === v)
        return {
          seat: typeof r.seat === 'number' ? r.seat : i,
          score: r[key] as number,
          parts: parts ? (parts as Record<string, number>) : undefined,
        }
      })
    }
  }
  const points = view.points ?? view.scores
  if (Array.isArray(points) && points.every((x) => typeof x === 'number')) {
    return (points as number[]).map((score, seat) => ({ seat, score }))
  }
  return []
}

/** The name of the step being decided, when the view says it. */
export function stepOf(view: JsonObject | null): string | null {
  if (!view) return null
  for (const key of ['decision', 'deciding']) {
    const d = view[key]
    if (d && typeof d === 'object' && !Array.isArray(d) && typeof d.step === 'string') return d.step
  }
  return typeof view.phase === 'string' ? view.phase : null
}

registerGame('skyrise', skyrise)
registerGame('opera', opera)
registerGame('starroad', starroad)
registerGame('trickerion', trickerion)
