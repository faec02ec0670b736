/** A score pad's refusal in the page's language, shown at the entry concerned: the server names a reason code
 * with its parameters, the pad's row or field and the player; the words are the game catalog's
 * `tool_refused_<reason>` (game words) or, for the reasons every pad shares, the page's own `toolRefused*`. */
import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { Catalog, Segment } from '../catalog'
import { InlineIcon } from '../icons'
import { SEAT_COLOURS } from '../games/svg'
import { SeatMark, useFrameColours } from '../seatMarks'
import type { I18n } from '../i18n'
import type { Refusal } from './api'
import { inkOf } from '../ink'

/** Reasons every pad shares; their words are the page's, not a game's. */
const SHARED: Record<string, 'toolRefusedPlayerCount' | 'toolRefusedUnscorable'> = {
  player_count: 'toolRefusedPlayerCount',
  unscorable: 'toolRefusedUnscorable',
}

/** The refusal as a sentence of the page's language, in pieces: a player is named by name, in their colour. */
export function refusalText(refusal: Refusal, cat: Catalog, t: I18n['t']): Segment[] {
  const shared = SHARED[refusal.reason]
  const params = Object.fromEntries(Object.entries(refusal.params).map(([k, v]) => [k, typeof v === 'number' ? v : String(v)]))
  if (shared) return [t(shared, params)]
  const template = cat.data.ui[`tool_refused_${refusal.reason}`]
  if (template === undefined) return [t('toolRefusedUnscorable')]
  return cat.segments(template, { ...refusal.params, ...(refusal.player === null ? {} : { player: refusal.player }) }, null)
}

/** Segments of a sentence, each player's name in that player's colour, a game's tokens as icons. */
export function Sentence({ segments }: { segments: Segment[] }) {
  const colours = useFrameColours(SEAT_COLOURS)
  return (
    <>
      {segments.map((s) => {
        if (typeof s === 'string') return s
        if ('icon' in s) return <InlineIcon game={s.game} token={s.icon} word={s.text} />
        return <span class="tool-player" style={{ color: inkOf(colours[s.seat % colours.length]) }}><SeatMark seat={s.seat} colour={colours[s.seat % colours.length]} />{s.text}</span>
      })}
    </>
  )
}

export interface ShownRefusal { field: string | null; player: number | null; text: Segment[] }
export const RefusalContext = createContext<ShownRefusal | null>(null)

/** The refusal's sentence under a field of the pad, when the refusal concerns that field. */
export function FieldError({ field }: { field: string }) {
  const refusal = useContext(RefusalContext)
  if (!refusal || refusal.field !== field) return null
  return <p class="field-error" role="alert" data-field={field}><Sentence segments={refusal.text} /></p>
}
