/** The companion tools' server calls: a game's reference sheet (printed faces, loaded once) and a score
 * pad scored by the engine (`POST /api/tools/{game}/score`). */
import { useEffect, useState } from 'preact/hooks'
import { ApiError, api, type JsonObject } from '../api'
import { useI18n } from '../i18n'
import { titles } from '../i18n/terms'

export interface ScoreResult {
  scores: number[]
  breakdown: Record<string, number>[]
  ranks: number[]
  winners: number[]
  tiebreak: string[]
}

async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, {
    method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const data = await r.json().catch(() => ({ code: 'error', message: r.statusText }))
  if (!r.ok) throw new ApiError(data.code ?? 'error', data.message ?? r.statusText)
  return data as T
}

export const score = (game: string, facts: JsonObject) => send<ScoreResult>('POST', `/api/tools/${game}/score`, facts)

const sheets = new Map<string, Promise<JsonObject>>()

/** A game's reference sheet; null while it loads. */
export function useSheet<T>(game: string): T | null {
  const [sheet, setSheet] = useState<T | null>(null)
  useEffect(() => {
    let p = sheets.get(game)
    if (!p) {
      p = send<{ sheet: JsonObject }>('GET', `/api/tools/${game}/sheet`).then((d) => d.sheet)
      p.catch(() => sheets.delete(game))
      sheets.set(game, p)
    }
    let live = true
    p.then((s) => live && setSheet(s as unknown as T))
    return () => {
      live = false
    }
  }, [game])
  return sheet
}

/** A game's title as the lobby shows it: the user's documents' title in that language, else the published one. */
export function useTitles(): (game: string) => string {
  const { lang } = useI18n()
  const [published, setPublished] = useState<Record<string, string>>({})
  useEffect(() => {
    api.games().then((r) => setPublished(Object.fromEntries(r.games.map((g) => [g.id, g.title])))).catch(() => {})
  }, [])
  return (game) => titles[lang]?.[game] ?? published[game] ?? ''
}
