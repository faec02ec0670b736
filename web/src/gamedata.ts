/** Each game's public component data (what every card's face says), loaded once per game and shared
 * by every table of that game (`GET /api/games/{game}/data`). */
import { useEffect, useState } from 'preact/hooks'
import { api, type JsonObject } from './api'

const cache = new Map<string, Promise<JsonObject>>()

export function loadGameData(game: string): Promise<JsonObject> {
  let p = cache.get(game)
  if (!p) {
    p = api.data(game).then((d) => d.data)
    p.catch(() => cache.delete(game))
    cache.set(game, p)
  }
  return p
}

/** The game's public data; null until it has loaded. */
export function useGameData(game: string | null): JsonObject | null {
  const [data, setData] = useState<{ game: string; data: JsonObject } | null>(null)
  useEffect(() => {
    if (!game) return
    let live = true
    loadGameData(game).then((d) => live && setData({ game, data: d }), () => live && setData({ game, data: {} }))
    return () => {
      live = false
    }
  }, [game])
  return data && data.game === game ? data.data : null
}
