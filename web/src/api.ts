/** The server's HTTP API (see src/parlor/server/routers) and the seat tokens this browser holds. */
import type { components } from './api.gen'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

/** The server's shapes come from its OpenAPI schema (`api.gen.ts`, made by `npm run api-types`); the
 * JSON it leaves free-form (`unknown` there) is read here as `Json`. */
type Schemas = components['schemas']

export type OptionInfo = Omit<Schemas['OptionOut'], 'default' | 'choices'> & { default: Json; choices: Json[] }
export type GameInfo = Omit<Schemas['GameOut'], 'options'> & { options: OptionInfo[] }
export type GamesList = Omit<Schemas['GamesOut'], 'games'> & { games: GameInfo[] }
export type SeatInfo = Schemas['SeatOut']
/** A finished game's outcome (parlor.core.Result's JSON form; stored with the table, so free-form in the schema). */
export interface Result {
  scores: number[]; breakdown: Record<string, number>[]; ranks: number[]; winners: number[]; tiebreak: string[]
}
export type TableInfo = Omit<Schemas['TableOut'], 'options' | 'result'> & { options: JsonObject; result: Result | null }
export type Created = TableInfo & Pick<Schemas['CreatedOut'], 'host_token'>
export type Joined = Omit<Schemas['JoinOut'], 'table'> & { table: TableInfo }
export type WhyAnswer = Schemas['WhyOut']
export type ScoreCourse = Schemas['ScoreCourseOut']
/** A game's set-up guide for a real table: by player count and options, each fact's rule, sentence key and values */
export type SetupGuide = Schemas['SetupGuideOut']
export type Again = Schemas['AgainOut']
export type Hint = Omit<Schemas['HintOut'], 'move' | 'weighed' | 'played'> & {
  move: Move; weighed: { move: Move; share: number }[]; played: { move: Move; share: number } | null
}
export type TableIn = Omit<Schemas['TableIn'], 'options'> & { options: JsonObject }
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
  /** the table that plays this finished one again, once a player opened it */
  next?: string | null
}
export interface ChatEntry { id: number; at: number; seat: number | null; name: string; text: string }
export interface ChatMessage { type: 'chat'; messages: ChatEntry[]; reset: boolean }
export type ReviewStep = Omit<Schemas['ReviewOut'], 'view' | 'last' | 'log'> & Pick<ReplayStep, 'view' | 'last'>
  & { result?: Result | null; log: LogEntry[] }
/** A refusal over the socket: the HTTP error's shape (see ApiError) and the table's index then. */
export interface ErrorMessage {
  type: 'error'; code: string; message: string; index: number | null; reason?: string; params?: Record<string, Json>
}
export type ReplayStep = Omit<Schemas['ReplayOut'], 'view' | 'last' | 'result'> & {
  view: JsonObject
  last: { seat: number; move: Move | null; text?: string; events: Omit<LogEntry, 'index'>[] } | null
  result: Result | null
}
export type GameRecord = Omit<Schemas['RecordOut'], 'log'> & { log: LogEntry[] }
export type Described = Schemas['DescribedOut']
export type Preset = Omit<Schemas['PresetOut'], 'options'> & { options: JsonObject }
export type TextCatalog = Omit<Schemas['TextOut'], 'presets'> & { presets: Record<string, Preset> }
export type LiveScoreKeys = Schemas['LiveScoreOut']
export type GameData = Omit<Schemas['GameDataOut'], 'data'> & { data: JsonObject }
export type RulesText = Schemas['RulesOut']

/** One problem of an uploaded file (a Star Road chart or character table): see problems.ts. */
export type Problem = Omit<Schemas['ProblemOut'], 'params'> & { params: Record<string, Json> }

/** A refusal: its stable `code`, the English `message`, and when the server names the case, `reason` with
 * its `params` and an upload's `problems` (worded in the page's language by problems.ts). */
export class ApiError extends Error {
  code: string
  reason: string | null
  params: Record<string, Json>
  problems: Problem[]
  constructor(code: string, message: string, reason: string | null = null, params: Record<string, Json> = {},
    problems: Problem[] = []) {
    super(message)
    this.code = code
    this.reason = reason
    this.params = params
    this.problems = problems
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const data = await r.json().catch(() => ({ code: 'error', message: r.statusText }))
  if (!r.ok) {
    throw new ApiError(data.code ?? 'error', data.message ?? r.statusText, data.reason ?? null, data.params ?? {},
      data.problems ?? [])
  }
  return data as T
}

export type TablePage = Omit<Schemas['TableList'], 'tables'> & { tables: TableInfo[] }

export const api = {
  games: () => call<GamesList>('GET', '/api/games'),
  tables: (status: string[], page = 1) =>
    call<TablePage>('GET', `/api/tables?${status.map((s) => `status=${s}`).join('&')}&page=${page}`),
  table: (id: string) => call<TableInfo>('GET', `/api/tables/${encodeURIComponent(id)}`),
  /** the tables named (at most 50), of any status */
  named: (ids: string[]) =>
    call<TablePage>('GET', `/api/tables?${ids.map((id) => `id=${encodeURIComponent(id)}`).join('&')}`),
  create: (body: TableIn) => call<Created>('POST', '/api/tables', body),
  join: (id: string, seat: number, name: string) =>
    call<Joined>('POST', `/api/tables/${id}/seats/${seat}/join`, { name } satisfies Schemas['JoinIn']),
  toBot: (id: string, seat: number, level: string, token: string) =>
    call<TableInfo>('POST', `/api/tables/${id}/seats/${seat}/bot`, { level }, token),
  takeBack: (id: string, seat: number, token: string) =>
    call<TableInfo>('POST', `/api/tables/${id}/seats/${seat}/back`, {}, token),
  leave: (id: string, seat: number, token: string) =>
    call<TableInfo>('POST', `/api/tables/${id}/seats/${seat}/leave`, {}, token),
  undo: (id: string, token: string) => call<TableInfo>('POST', `/api/tables/${id}/undo`, {}, token),
  again: (id: string, token: string) => call<Again>('POST', `/api/tables/${id}/again`, {}, token),
  /** What the hard bot would play for the token's seat now, or (`step`) at one of its past decisions. */
  hint: (id: string, token: string, step?: number) =>
    call<Hint>('POST', `/api/tables/${id}/hint`, step === undefined ? {} : { step }, token),
  why: (id: string, move: Move, token: string) =>
    call<WhyAnswer>('POST', `/api/tables/${id}/why`, { move }, token),
  review: (id: string, step: number, token: string | null) =>
    call<ReviewStep>('GET', `/api/tables/${id}/review/${step}`, undefined, token ?? undefined),
  text: (game: string, lang: string) => call<TextCatalog>('GET', `/api/games/${game}/text/${lang}`),
  data: (game: string) => call<GameData>('GET', `/api/games/${game}/data`),
  rules: (game: string, lang: string) => call<RulesText>('GET', `/api/games/${game}/rules/${lang}`),
  /** a finished game's whole record and log (while it runs, what a spectator may see) */
  record: (id: string) => call<GameRecord>('GET', `/api/tables/${encodeURIComponent(id)}/record`),
  /** a finished game's running scores through it */
  scores: (id: string) => call<ScoreCourse>('GET', `/api/tables/${encodeURIComponent(id)}/scores`),
  replay: (id: string, step: number, seat: number | null) =>
    call<ReplayStep>('GET', `/api/tables/${id}/replay/${step}${seat === null ? '' : `?seat=${seat}`}`),
}

export interface Claim { seat: number; token: string; name: string; /** when it was taken (ms) */ at?: number }

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
    localStorage.setItem(`parlor.seat.${table}`, JSON.stringify({ at: Date.now(), ...claim }))
  },
  /** The tables this browser holds a seat at, the seat taken last first. */
  tables(): string[] {
    const found: [string, number][] = []
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)
      if (key?.startsWith('parlor.seat.')) {
        const table = key.slice('parlor.seat.'.length)
        found.push([table, claims.get(table)?.at ?? 0])
      }
    }
    return found.sort((a, b) => b[1] - a[1]).map(([table]) => table)
  },
  forget(table: string): void {
    localStorage.removeItem(`parlor.seat.${table}`)
  },
}
