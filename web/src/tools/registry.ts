/** Each game's companion tools, registered by the game (web/src/games/<game>/tools/index.ts, gathered in
 * web/src/games/tools.ts): its score pad form and its reference (a printable sheet, or Trickerion's trick
 * reference). The tools pages name no game; a game without tools is not listed. */
import type { JSX } from 'preact'
import type { StringKey } from '../i18n'
import type { PadForm } from './pads'

export interface GameTools {
  pad: PadForm
  /** the reference tool: its path segment (`#/tools/GAME/TOOL`), its button's words and its page */
  reference?: { tool: string; label: StringKey; Page: () => JSX.Element }
}

const tools = new Map<string, GameTools>()

export function registerTools(game: string, own: GameTools): void {
  tools.set(game, own)
}

/** The games with tools, in the order they registered (the index lists them so). */
export const toolGames = (): string[] => [...tools.keys()]

export const toolsOf = (game: string): GameTools | null => tools.get(game) ?? null
