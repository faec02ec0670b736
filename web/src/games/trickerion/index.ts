/** Trickerion's looks on the table page (see ../types.ts: GameUI). */
import type { GameUI } from '../types'
import { TrickerionBoard } from './Board'
import { TEXT_ICONS } from './icons'
import { moveDetail, TrickerionMoveArt, trickerionCounters, valueName } from './moves'

export const trickerion: GameUI = {
  Board: TrickerionBoard,
  counters: trickerionCounters,
  moveDetail,
  valueName,
  MoveArt: TrickerionMoveArt,
  // Fame, Coins and Shards in log lines and choices drawn as the components
  icons: TEXT_ICONS,
}
