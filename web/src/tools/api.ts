/** The companion tools' server calls: a game's reference sheet (printed faces, loaded once) and a score
 * pad scored by the engine (`POST /api/tools/{game}/score`). */
import { ApiError, api, type GameInfo, type JsonObject, type Result, type SetupGuide } from '../api'
import { Asked, useAnswer } from '../asked'
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

const sheets = new Asked((game) => send<{ sheet: JsonObject }>('GET', `/api/tools/${game}/sheet`).then((d) => d.sheet))

/** A game's reference sheet; null while it loads. */
export function useSheet<T>(game: string): T | null {
  return useAnswer(sheets, game) as T | null
}

const listed = new Asked(() => api.games().then((r) => r.games))

/** The games the server has (asked once a page: the tools read their titles and which have a set-up guide). */
function useGames(): GameInfo[] {
  return useAnswer(listed, 'games') ?? []
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

const guides = new Asked((game) => send<SetupGuide>('GET', `/api/tools/${game}/setup`))

/** A game's set-up guide; null while it loads. */
export function useSetupGuide(game: string): SetupGuide | null {
  return useAnswer(guides, game)
}
