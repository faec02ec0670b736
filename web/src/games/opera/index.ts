/** Opera's looks on the table page (see ../types.ts: GameUI). */
import type { GameUI } from '../types'
import { OperaBoard } from './Board'

export const opera: GameUI = {
  Board: OperaBoard,
}
