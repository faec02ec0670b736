/** Trickerion's looks on the table page (see ../types.ts: GameUI). */
import type { GameUI } from '../types'
import { TrickerionBoard } from './Board'

export const trickerion: GameUI = {
  Board: TrickerionBoard,
}
