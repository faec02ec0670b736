/** The companion tools' server calls: a game's reference sheet (printed faces, loaded once) and a score
 * pad scored by the engine (`POST /api/tools/{game}/score`). */
import { useEffect, useState } from 'preact/hooks'
import { ApiError, api, type GameInfo, type JsonObject, type Result, type SetupGuide } from '../api'
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

let listed: Promise<GameInfo[]> | null = null

/** The games the server has (asked once a page: the tools read their titles and which have a set-up guide). */
function useGames(): GameInfo[] {
  const [games, setGames] = useState<GameInfo[]>([])
  useEffect(() => {
    if (!listed) {
      listed = api.games().then((r) => r.games)
      listed.catch(() => {
        listed = null
      })
    }
    let live = true
    listed.then((found) => live && setGames(found)).catch(() => {})
    return () => {
      live = false
    }
  }, [])
  return games
}

/** A game's title as the lobby shows it: the user's documents' title in that language, else the published one. */
export function useTitles(): (game: string) => string {
  const { lang } = useI18n()
  const games = useGames()
  return (game) => games.find((g) => g.id === game)?.titles[lang] ?? ''
}

/** Whether a game has a set-up guide for a real table (`GET /api/tools/{game}/setup`). */
export function useGuided(): (game: string) => boolean {
  const games = useGames()
  return (game) => games.some((g) => g.id === game && g.setup_guide)
}

const guides = new Map<string, Promise<SetupGuide>>()

/** A game's set-up guide; null while it loads. */
export function useSetupGuide(game: string): SetupGuide | null {
  const [guide, setGuide] = useState<SetupGuide | null>(null)
  useEffect(() => {
    let p = guides.get(game)
    if (!p) {
      p = send<SetupGuide>('GET', `/api/tools/${game}/setup`)
      p.catch(() => guides.delete(game))
      guides.set(game, p)
    }
    let live = true
    p.then((g) => live && setGuide(g)).catch(() => {})
    return () => {
      live = false
    }
  }, [game])
  return guide
}
