/** Starroad's looks on the table page (see ../types.ts: GameUI). */
import type { GameUI } from '../types'
import { StarroadBoard } from './Board'

export const starroad: GameUI = {
  Board: StarroadBoard,
}
