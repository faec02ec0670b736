import type { ComponentChildren, FunctionComponent } from 'preact'
import type { Json, JsonObject, Legal, Move } from '../api'
import type { Catalog } from '../catalog'
import type { I18n, Lang } from '../i18n'

/** What every board renderer gets: the seat's view, the game's public data, and how to act and talk. */
export interface BoardProps {
  game: string
  /** the seat's view (exactly what the server sent: whitelisted) */
  view: JsonObject
  /** the seat this view belongs to (null: a spectator) */
  seat: number | null
  players: number
  /** the table's options (as created) */
  options: JsonObject
  /** seats deciding now */
  actors: number[]
  /** names, moves and events in the page's language; `catalog.seat(n)` is the player's name */
  catalog: Catalog
  /** the game's public component data (`GET /api/games/{game}/data` -> `data`), loaded once */
  data: JsonObject
  /** one colour per seat, the same everywhere on the page (`colourOf(p, seat)` reads it) */
  colours: string[]
  t: I18n['t']
  lang: Lang
  /** paths of the view that changed with the last update */
  changed: Set<string>
  /** ids (and `field=value` keys for number fields) that some legal move names: clickable */
  targets: Set<string>
  /** a board element was picked: the decision panel narrows to the moves naming it */
  onPick: (id: string) => void
  /** the seat's legal moves now (empty when it is not deciding, or in a review) */
  legal: Legal[]
  /** play a move at once (for a board's own multi-step wizard); the frame applies "confirm my move" */
  send: (move: Move) => void
  /** the player tried `id` (a value of move field `field`) and may not: the frame says why (rule ID) */
  why: (field: string, id: string) => void
  /** live play, a review of the game so far from one's own seat, or the replay of a finished game */
  mode: 'live' | 'review' | 'replay'
}

/** What a board's part may read besides the slices of the view it draws: the same objects from state to
 * state (the frame keeps the catalog, colours and callbacks steady), so a part memoized on them redraws
 * only when its slices change. Which elements are clickable comes from ./choosable.tsx. */
export type BoardEnv = Omit<BoardProps, 'view' | 'changed' | 'targets' | 'legal' | 'actors'>

/** A counter shown in a player's panel in the right column (and the phone's player strip). */
export interface Counter {
  key: string
  /** a small icon (an SVG drawn by the game) */
  icon?: ComponentChildren
  value: number | string
  /** what the counter counts, in the page's language (tooltip and screen readers) */
  label: string
}

export interface LiveScore {
  seat: number
  score: number
  parts?: Record<string, number>
}

/** Everything the table page needs to know about one game's looks. Only `Board` is required; games
 * without a `GameUI` get the generic view (the fixture game). */
export interface GameUI {
  /** the game area: shared board(s), then the own area (hand, screen, player board), then the others' */
  Board: FunctionComponent<BoardProps>
  /** one colour per seat (default: the frame's palette); a game whose components have colours uses
   * them, and a game with secret colours (Star Road's factions) avoids them */
  colours?: (players: number, view: JsonObject | null, data: JsonObject) => string[]
  /** true where the players' colours must stay the game's own under the colour-blind setting (Star Road:
   * the setting's palette holds the factions' red, green, blue and yellow); the shapes still mark them */
  keepsColours?: boolean
  /** running scores for the player panels (default: a `players`/`seats` list with a score-like number) */
  scores?: (view: JsonObject) => LiveScore[]
  /** the few counters that matter in this game, per seat, for the player panels */
  counters?: (view: JsonObject, seat: number, p: BoardProps) => Counter[]
  /** the step being decided: a key of the catalog's `[steps]` table (default: view.decision.step / phase) */
  step?: (view: JsonObject) => string | null
  /** what a choice costs and gives, in one short phrase ("costs 2 Coins, +1 Fame"), or null */
  moveDetail?: (move: Move, p: BoardProps) => string | null
  /** a move field's value by its name where the move holds a number for it (Trickerion's `die` 0-5 is
   * "Residence die A"): the decision panel's narrowing steps show it; null keeps the default */
  valueName?: (field: string, value: Json, p: BoardProps) => string | null
  /** the card or space a choice is about, drawn small beside it in the decision panel, or null */
  MoveArt?: FunctionComponent<{ move: Move; p: BoardProps }>
  /** a move field's value drawn small beside it on a narrowing step of the decision panel (Skyrise's
   * "Choose a piece": each building as its cube), or null to show its name alone */
  ValueArt?: FunctionComponent<{ field: string; value: Json; p: BoardProps }>
  /** names of places that depend on the table (e.g. where a board tile was placed): id -> name in the
   * catalog's language; the frame's catalog uses them for moves, log lines and tooltips */
  places?: (view: JsonObject, data: JsonObject, catalog: Catalog) => Record<string, string>
  /** the tokens its catalogs write in text (`[W]`), each drawn in a 20 x 20 box: log lines and choices
   * show them inline (../icons.tsx), named by the catalog's `[ui] icon_<token>` */
  icons?: Record<string, ComponentChildren>
}
