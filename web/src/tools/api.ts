/** The companion tools' server calls: a game's reference sheet (printed faces, loaded once) and a score
 * pad scored by the engine (`POST /api/tools/{game}/score`). */
import { useEffect, useState } from 'preact/hooks'
import { ApiError, api, type JsonObject, type Result } from '../api'
import { useI18n } from '../i18n'

/** A pad's totals: the same result a table's game ends with. */
export type ScoreResult = Result

/** A score pad's facts refused (`bad_facts`): the English message, and for the page's own language a stable
 * reason code with its parameters, the pad's entry concerned (a row or field id of the form) and the player
 * (from 0), when there is one. */
export class Refusal extends ApiError {
  reason: string
  params: JsonObject
  field: string | null
  player: number | null
  constructor(data: JsonObject) {
    super('bad_facts', String(data.message ?? ''))
    this.reason = typeof data.reason === 'string' ? data.reason : 'unscorable'
    this.params = (data.params && typeof data.params === 'object' && !Array.isArray(data.params) ? data.params : {}) as JsonObject
    this.field = typeof data.field === 'string' ? data.field : null
    this.player = typeof data.player === 'number' ? data.player : null
  }
}

async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, {
    method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const data = await r.json().catch(() => ({ code: 'error', message: r.statusText }))
  if (!r.ok && data.code === 'bad_facts') throw new Refusal(data)
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
  const [published, setPublished] = useState<Record<string, Record<string, string>>>({})
  useEffect(() => {
    api.games().then((r) => setPublished(Object.fromEntries(r.games.map((g) => [g.id, g.titles])))).catch(() => {})
  }, [])
  return (game) => published[game]?.[lang] ?? ''
}
