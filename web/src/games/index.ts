/** Per-game parts of the table page: the board renderer (the generic view until a game has its
 * own) and where the view keeps the running scores. */
import type { FunctionComponent } from 'preact'
import type { Json, JsonObject } from '../api'
import { GenericView } from '../components/GenericView'
import type { BoardProps, LiveScore } from './types'
import { SkyriseBoard } from './skyrise/Board'
import { OperaBoard } from './opera/Board'
import { StarroadBoard } from './starroad/Board'
import { TrickerionBoard } from './trickerion/Board'

export const boards: Record<string, FunctionComponent<BoardProps>> = {}

export function registerBoard(game: string, board: FunctionComponent<BoardProps>): void {
  boards[game] = board
}

export function boardFor(game: string): FunctionComponent<BoardProps> {
  return boards[game] ?? GenericView
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

registerBoard('skyrise', SkyriseBoard)
registerBoard('opera', OperaBoard)
registerBoard('starroad', StarroadBoard)
registerBoard('trickerion', TrickerionBoard)
