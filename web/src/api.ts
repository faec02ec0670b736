/** The server's HTTP API (see src/parlor/server/routers) and the seat tokens this browser holds. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

export interface OptionInfo {
  name: string; type: string; default: Json; help: string; choices: Json[]
  min?: number | null; max?: number | null
  /** false: the option is shown but cannot be chosen (its data is incomplete) */
  available?: boolean
}
export interface GameInfo {
  id: string; title: string; description: string; min_players: number; max_players: number
  rules_version: string; options: OptionInfo[]
}
export interface SeatInfo {
  seat: number; kind: string; level: string | null; name: string | null; away: boolean; playing: string
  /** the seat has a live connection (best effort) */
  connected?: boolean
  /** the player asked a bot to play for them and may take the seat back */
  handed?: boolean
  /** a bot plays the current decision because the clock ran out */
  timed_out?: boolean
}
export interface Result {
  scores: number[]; breakdown: Record<string, number>[]; ranks: number[]; winners: number[]; tiebreak: string[]
}
export interface TableInfo {
  id: string; game: string; title: string; players: number; options: JsonObject; status: string
  clock: number | null; index: number; epoch: number; seats: SeatInfo[]; actors: number[] | null
  open_seats: number[]; result: Result | null; problem: string | null; created_at: number; updated_at: number
}
export interface Move { kind: string; [field: string]: Json }
export interface Legal { move: Move; text: string }
export interface LogEntry { index: number; kind: string; seat: number | null; data: JsonObject }
export interface StateMessage {
  type: 'state'; table: string; status: string; seat: number | null; index: number; epoch: number
  actors: number[]; view: JsonObject | null; legal: Legal[]; log: LogEntry[]; log_from: number
  reset: boolean; seats: SeatInfo[]; result: Result | null; problem: string | null
  /** the server's Unix time when it sent this */
  now?: number
  clock?: { limit: number; deadlines: Record<string, number> } | null
  can_undo?: boolean
}
export interface ChatEntry { id: number; at: number; seat: number | null; name: string; text: string }
export interface ChatMessage { type: 'chat'; messages: ChatEntry[]; reset: boolean }
export interface ReviewStep extends ReplayStep { log: LogEntry[] }
export interface ErrorMessage { type: 'error'; code: string; message: string; index: number | null }
export interface ReplayStep {
  table: string; game: string; players: number; step: number; total: number; seat: number | null
  view: JsonObject; actors: number[]
  last: { seat: number; move: Move | null; text?: string; events: Omit<LogEntry, 'index'>[] } | null
  result: Result | null
}
export interface Described { label: string; help: string; values: Record<string, string> }
export interface Preset extends Described { options: JsonObject }
export interface TextCatalog {
  game: string; lang: string; events: Record<string, string>; moves: Record<string, string>
  names: Record<string, string>; ui: Record<string, string>; steps: Record<string, string>
  rules: Record<string, string>; options: Record<string, Described>; presets: Record<string, Preset>
  /** naming words shared with the server and the terminal (parlor.core.naming) */
  words: Record<string, string>
}
/** Where a game's views keep each seat's running score (the game's `live_score`): a field of each
 * `players` entry (and its parts' field), or with `listed` a top-level list in seat order. */
export interface LiveScoreKeys { score: string; parts: string | null; listed: boolean }
export interface GameData { game: string; rules_version: string; live_score: LiveScoreKeys | null; data: JsonObject }
export interface RulesText { game: string; lang: string; markdown: string; rules: Record<string, string> }

export class ApiError extends Error {
  code: string
  constructor(code: string, message: string) {
    super(message)
    this.code = code
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const data = await r.json().catch(() => ({ code: 'error', message: r.statusText }))
  if (!r.ok) throw new ApiError(data.code ?? 'error', data.message ?? r.statusText)
  return data as T
}

export interface TablePage { tables: TableInfo[]; page?: number; pages?: number; total?: number }

export const api = {
  games: () => call<{ games: GameInfo[]; bot_levels: string[] }>('GET', '/api/games'),
  tables: (status: string[], page = 1) =>
    call<TablePage>('GET', `/api/tables?${status.map((s) => `status=${s}`).join('&')}&page=${page}`),
  table: (id: string) => call<TableInfo>('GET', `/api/tables/${encodeURIComponent(id)}`),
  create: (body: { game: string; players: number; options: JsonObject; seats: { kind: string; level?: string }[]; clock: number | null }) =>
    call<TableInfo & { host_token?: string }>('POST', '/api/tables', body),
  join: (id: string, seat: number, name: string) =>
    call<{ table: TableInfo; seat: number; token: string }>('POST', `/api/tables/${id}/seats/${seat}/join`, { name }),
  toBot: (id: string, seat: number, level: string, token: string) =>
    call<TableInfo>('POST', `/api/tables/${id}/seats/${seat}/bot`, { level }, token),
  takeBack: (id: string, seat: number, token: string) =>
    call<TableInfo>('POST', `/api/tables/${id}/seats/${seat}/back`, {}, token),
  leave: (id: string, seat: number, token: string) =>
    call<TableInfo>('POST', `/api/tables/${id}/seats/${seat}/leave`, {}, token),
  undo: (id: string, token: string) => call<TableInfo>('POST', `/api/tables/${id}/undo`, {}, token),
  why: (id: string, move: Move, token: string) =>
    call<{ legal: boolean; rule: string | null; code?: string }>('POST', `/api/tables/${id}/why`, { move }, token),
  review: (id: string, step: number, token: string | null) =>
    call<ReviewStep>('GET', `/api/tables/${id}/review/${step}`, undefined, token ?? undefined),
  text: (game: string, lang: string) => call<TextCatalog>('GET', `/api/games/${game}/text/${lang}`),
  data: (game: string) => call<GameData>('GET', `/api/games/${game}/data`),
  rules: (game: string, lang: string) => call<RulesText>('GET', `/api/games/${game}/rules/${lang}`),
  replay: (id: string, step: number, seat: number | null) =>
    call<ReplayStep>('GET', `/api/tables/${id}/replay/${step}${seat === null ? '' : `?seat=${seat}`}`),
}

export interface Claim { seat: number; token: string; name: string }

/** The host token of each table this browser created (lets the host give open seats to bots). */
export const hosts = {
  get: (table: string): string | null => localStorage.getItem(`parlor.host.${table}`),
  set: (table: string, token: string): void => localStorage.setItem(`parlor.host.${table}`, token),
}

export const claims = {
  get(table: string): Claim | null {
    const raw = localStorage.getItem(`parlor.seat.${table}`)
    if (!raw) return null
    try {
      return JSON.parse(raw) as Claim
    } catch {
      return null
    }
  },
  set(table: string, claim: Claim): void {
    localStorage.setItem(`parlor.seat.${table}`, JSON.stringify(claim))
  },
  forget(table: string): void {
    localStorage.removeItem(`parlor.seat.${table}`)
  },
}
