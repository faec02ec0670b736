/** Per-game parts of the table page: each game registers its `GameUI` (board, colours, scores,
 * counters, what a choice costs); a game without one gets the generic view (the fixture game). */
import type { Json, JsonObject, LiveScoreKeys } from '../api'
import type { Catalog } from '../catalog'
import { GenericView } from '../components/GenericView'
import { registerIcons } from '../icons'
import { SEAT_COLOURS } from './svg'
import { distinctColours } from '../seatMarks'
import type { GameUI, LiveScore } from './types'
import { skyrise } from './skyrise'
import { opera } from './opera'
import { starroad } from './starroad'
import { trickerion } from './trickerion'

const games: Record<string, GameUI> = {}

export function registerGame(game: string, ui: GameUI): void {
  games[game] = ui
  if (ui.icons) registerIcons(game, ui.icons)
}

/** The game's looks; the generic view for a game that has none of its own. */
export function gameUI(game: string): GameUI {
  return games[game] ?? { Board: GenericView }
}

export function hasOwnLooks(game: string): boolean {
  return game in games
}

/** One colour per seat: the game's own, else the frame's palette; with `distinct` (the colour-blind
 * setting) each moved to the nearest colour of a palette that stays apart, unless the game keeps its own. */
export function coloursFor(game: string, players: number, view: JsonObject | null, data: JsonObject,
  distinct = false): string[] {
  const own = games[game]?.colours?.(players, view, data)
  const colours = own && own.length >= players ? own : Array.from({ length: players }, (_, i) => SEAT_COLOURS[i % SEAT_COLOURS.length])
  return distinct && !games[game]?.keepsColours ? distinctColours(colours) : colours
}

/** The catalog with the game's table-dependent place names (`GameUI.places`), if it has any. */
export function withPlaces(game: string, catalog: Catalog, view: JsonObject | null, data: JsonObject): Catalog {
  const places = games[game]?.places
  return places && view ? catalog.withNames(places(view, data, catalog)) : catalog
}

/** Running scores for the player panels: the game's own reading, else where the game says its views
 * keep them (`keys`, from the server). */
export function scoresFor(game: string, keys: LiveScoreKeys | null, view: JsonObject | null): LiveScore[] {
  if (!view) return []
  return games[game]?.scores?.(view) ?? liveScores(keys, view)
}

export function stepFor(game: string, view: JsonObject | null): string | null {
  if (!view) return null
  const own = games[game]?.step
  return own ? own(view) : stepOf(view)
}

function isNumbers(value: Json | undefined): value is Record<string, number> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    && Object.values(value).every((x) => typeof x === 'number')
}

/** Running scores where `keys` says the view keeps them; none when it does not (yet) hold them. */
export function liveScores(keys: LiveScoreKeys | null, view: JsonObject | null): LiveScore[] {
  if (!view || !keys) return []
  const list = view[keys.listed ? keys.score : keys.entries ?? 'players']
  if (!Array.isArray(list) || !list.length) return []
  if (keys.listed) {
    return list.every((x) => typeof x === 'number') ? (list as number[]).map((score, seat) => ({ seat, score })) : []
  }
  if (!list.every((p) => p !== null && typeof p === 'object' && !Array.isArray(p) && typeof p[keys.score] === 'number')) return []
  return (list as JsonObject[]).map((r, i) => {
    const parts = keys.parts ? r[keys.parts] : undefined
    return {
      seat: typeof r.seat === 'number' ? r.seat : i,
      score: r[keys.score] as number,
      // a breakdown is worth showing only when it has more than one part
      parts: isNumbers(parts) && Object.keys(parts).length > 1 ? parts : undefined,
    }
  })
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
