/** Icons that stand for a game's tokens in its text: a catalog writes a resource as `[W]` ("Ada acquires
 * 3 [W]"), the game registers a drawing for `W`, and log lines and choices show that drawing inline, as
 * the components look on the table. Each icon reads as the catalog's `[ui] icon_<token>` word (screen
 * readers, copied text; "Coin|Coins": the first form after the number 1); a token the game did not
 * register stays as written. */
import type { ComponentChildren } from 'preact'

const drawings = new Map<string, Record<string, ComponentChildren>>()

/** `icons`: token -> its drawing in a 20 x 20 box. */
export function registerIcons(game: string, icons: Record<string, ComponentChildren>): void {
  drawings.set(game, icons)
}

export function hasIcon(game: string, token: string): boolean {
  return token in (drawings.get(game) ?? {})
}

/** A token as its icon at the height of the text around it, named by `word`: screen readers say the
 * word, and a copied line carries it (hidden under the drawing). */
export function InlineIcon({ game, token, word }: { game: string; token: string; word: string }) {
  return (
    <span class="inline-icon" role="img" aria-label={word} title={word} data-icon={token}>
      <svg viewBox="0 0 20 20" aria-hidden="true">{drawings.get(game)?.[token]}</svg>
      <span class="icon-word">{word}</span>
    </span>
  )
}
