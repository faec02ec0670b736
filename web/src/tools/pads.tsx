/** What every game's score pad form is built from: rows are what lies on the table, columns are the players
 * (as on a paper pad); each game's form (web/src/games/<game>/tools/pad.tsx) turns its entries into the
 * facts `POST /api/tools/{game}/score` reads. */
import type { ComponentChildren, JSX } from 'preact'
import { createContext } from 'preact'
import { useContext, useLayoutEffect, useRef } from 'preact/hooks'
import type { JsonObject } from '../api'
import type { Catalog } from '../catalog'
import { SEAT_COLOURS } from '../games/svg'
import { SeatDot, useFrameColours } from '../seatMarks'
import { FieldError, RefusalContext } from './refusal'
import { inkOf } from '../ink'

export interface FormProps { players: number; names: string[]; cat: Catalog; onFacts: (facts: JsonObject) => void }
export interface PadForm { counts: number[]; defaultPlayers: number; component: (p: FormProps) => JSX.Element }

export const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from)
export const set = <T,>(list: T[], i: number, value: T): T[] => list.map((v, k) => (k === i ? value : v))

/** A number box for a count on the table. */
export function Num({ id, value, onChange, max = 999, label }: { id: string; value: number; onChange: (n: number) => void; max?: number; label: string }) {
  return (
    <input class="num-in" type="number" inputMode="numeric" min={0} max={max} id={id} value={value} aria-label={label}
      onInput={(e) => onChange(Math.max(0, Math.min(max, Math.floor(Number((e.currentTarget as HTMLInputElement).value) || 0))))} />
  )
}

export function Pick({ id, value, options, onChange, label }: {
  id: string; value: string; options: [string, string][]; onChange: (v: string) => void; label: string
}) {
  return (
    <select id={id} value={value} aria-label={label} onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)}>
      {options.map(([v, text]) => <option value={v}>{text}</option>)}
    </select>
  )
}

const Columns = createContext(1)

/** Each entry's cells named by their players (`data-player`, in the player's colour): on a phone the grid
 * is drawn an entry at a time, its label above the players' boxes, each under its player's name
 * (tools.css), where four players' columns scrolled sideways past the phone's edge. */
function namePlayerCells(table: HTMLTableElement, names: string[], colours: string[]) {
  for (const row of table.tBodies[0]?.rows ?? []) {
    if (row.classList.contains('refusal-row')) continue
    ;[...row.querySelectorAll<HTMLTableCellElement>(':scope > td')].forEach((cell, player) => {
      cell.dataset.player = names[player] ?? ''
      cell.style.setProperty('--player', colours[player % colours.length])
    })
  }
}

/** The pad's grid: a header of players in their colours, then one row per entry. */
export function Grid({ names, children, caption }: { names: string[]; children: ComponentChildren; caption: string }) {
  const table = useRef<HTMLTableElement>(null)
  const colours = useFrameColours(SEAT_COLOURS)
  useLayoutEffect(() => {
    const element = table.current
    if (!element) return
    namePlayerCells(element, names, colours)
    // the game's form adds and removes entries by itself (a refusal's row, the Dark Alley's rows)
    const observer = new MutationObserver(() => namePlayerCells(element, names, colours))
    observer.observe(element, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [names.join('\u0000'), colours.join()])
  return (
    // the caption above the scrolling box, not in the table, where a sideways scroll took it off screen
    <Columns.Provider value={names.length + 1}><p class="pad-caption">{caption}</p><div class="scroll"><table class="pad-grid" aria-label={caption} ref={table}>
      <thead><tr><td />{names.map((n, i) => (
        <th scope="col" class="pad-player" style={{ color: inkOf(colours[i % colours.length]) }}>
          <SeatDot seat={i} colour={colours[i % colours.length]} />{n}</th>
      ))}</tr></thead>
      <tbody>{children}</tbody>
    </table></div></Columns.Provider>
  )
}

/** One entry of the pad for every player; a refusal that concerns it is shown right under it, and the
 * player's cell it concerns is marked. */
export function Row({ label, children, id }: { label: ComponentChildren; children: ComponentChildren; id: string }) {
  const refusal = useContext(RefusalContext)
  const columns = useContext(Columns)
  const refused = refusal?.field === id
  return (
    <>
      <tr data-row={id} class={refused ? 'refused' : undefined}
        data-refused-player={refused && refusal.player !== null ? refusal.player : undefined}>
        <th scope="row">{label}</th>{children}
      </tr>
      {refused && <tr class="refusal-row"><td colSpan={columns}><FieldError field={id} /></td></tr>}
    </>
  )
}

export function Game({ children, title }: { children: ComponentChildren; title: string }) {
  return <fieldset class="card pad-game"><legend>{title}</legend>{children}</fieldset>
}
