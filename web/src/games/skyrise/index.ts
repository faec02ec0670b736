/** Skyrise's looks on the table page (see ../types.ts: GameUI). */
import type { GameUI } from '../types'
import { SkyriseBoard } from './Board'

export const skyrise: GameUI = {
  Board: SkyriseBoard,
}
