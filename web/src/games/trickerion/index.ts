/** Trickerion's looks on the table page (see ../types.ts: GameUI). */
import type { GameUI } from '../types'
import { TrickerionBoard } from './Board'
import { moveDetail, TrickerionMoveArt, trickerionCounters } from './moves'

export const trickerion: GameUI = {
  Board: TrickerionBoard,
  counters: trickerionCounters,
  moveDetail,
  MoveArt: TrickerionMoveArt,
}
