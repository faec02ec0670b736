import type { JsonObject } from '../api'
import type { Catalog } from '../catalog'
import type { I18n } from '../i18n'

/** What every board renderer gets: the seat's view and how to talk about it. */
export interface BoardProps {
  game: string
  view: JsonObject
  seat: number | null
  players: number
  /** the table's options (as created) */
  options: JsonObject
  actors: number[]
  catalog: Catalog
  t: I18n['t']
  /** paths of the view that changed with the last update */
  changed: Set<string>
  /** ids that some legal move names (clickable on the board) */
  targets: Set<string>
  onPick: (id: string) => void
}

export interface LiveScore {
  seat: number
  score: number
  parts?: Record<string, number>
}
