/** Each game's public component data (what every card's face says), loaded once per game and shared
 * by every table of that game (`GET /api/games/{game}/data`). */
import { useEffect, useState } from 'preact/hooks'
import { api, type GameData, type JsonObject, type LiveScoreKeys } from './api'
import { Asked } from './asked'

const all = new Asked((game) => api.data(game))

const loadAll = (game: string): Promise<GameData> => all.get(game)

export function loadGameData(game: string): Promise<JsonObject> {
  return loadAll(game).then((d) => d.data)
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

/** Where the game's views keep the running scores (the game declares it); null while loading or when
 * the game shows none. */
export function useLiveScore(game: string | null): LiveScoreKeys | null {
  const [keys, setKeys] = useState<{ game: string; keys: LiveScoreKeys | null } | null>(null)
  useEffect(() => {
    if (!game) return
    let live = true
    loadAll(game).then((d) => live && setKeys({ game, keys: d.live_score ?? null }), () => live && setKeys({ game, keys: null }))
    return () => {
      live = false
    }
  }, [game])
  return keys && keys.game === game ? keys.keys : null
}
