/** Small SVG parts shared by the game boards: seat colours, board elements a move can target (with
 * their tooltip and "why not"), and pieces the frame animates when they move. */
import type { ComponentChildren } from 'preact'
import { useContext, useLayoutEffect, useRef } from 'preact/hooks'
import { TipContext } from '../components/Tip'
import { countRender, useChoosable } from './choosable'
import type { BoardProps } from './types'

/** The frame's palette, for games whose components have no colours of their own. */
export const SEAT_COLOURS = ['#c0392b', '#2e6fd1', '#2a9d4b', '#d9a400', '#8e44ad', '#16a0a0', '#d35400', '#555555']
export const seatColour = (seat: number | null | undefined): string => (seat === null || seat === undefined ? '#999' : SEAT_COLOURS[seat % SEAT_COLOURS.length])

/** A seat's colour on this page (the one the seat bar, the log and the scores use too). */
export const colourOf = (p: Pick<BoardProps, 'colours'>, seat: number | null | undefined): string =>
  seat === null || seat === undefined ? '#999' : p.colours[seat] ?? seatColour(seat)

/** A board element. `label` is its name (screen readers, the plain tooltip); `tip` its full text, shown
 * on hover or tap. Clickable (mouse, touch, keyboard) when some legal move names `id`; when it is not
 * and `field` says which move field it would fill, trying it asks the frame why not. `piece` names a
 * component that can move between places: the frame slides it from where it was. `clickable`, when
 * given, decides instead of the moves' targets: an element made clickable by the part's own rule
 * (Opera's supply piece picked up, then the hall it can go to), with `p.onPick` its own action. */
export function Spot({ id, p, label, children, changed = false, tip, field, piece, clickable }: {
  id: string | null; p: Pick<BoardProps, 'onPick' | 'why'>; label: string; children: ComponentChildren; changed?: boolean
  tip?: ComponentChildren; field?: string; piece?: string; clickable?: boolean
}) {
  const tips = useContext(TipContext)
  // from the board's store, not from props: the part drawing this spot need not redraw when only
  // the choices change (./choosable.tsx)
  const { hot, tryable } = useChoosable(id, field, clickable)
  const cls = `${hot ? 'clickable hot' : ''}${tryable ? ' tryable' : ''}${changed ? ' changed-svg' : ''}`
  const content = tip ?? label
  const show = (e: Event) => tips.show(content, e.currentTarget as Element)
  // a tip left open while the page changes language or state says what the element says now
  const self = useRef<SVGGElement>(null)
  useLayoutEffect(() => {
    if (self.current !== null && tips.shownOn() === self.current) tips.reword(content)
  })
  const act = (e: Event) => {
    if (hot && id !== null) p.onPick(id)
    else if (tryable && id !== null && field !== undefined) p.why(field, id)
    else show(e)
  }
  return (
    <g ref={self} class={cls} data-spot={id ?? undefined} data-target={hot ? id : undefined} data-piece={piece}
      tabIndex={hot || tryable ? 0 : undefined} role={hot || tryable ? 'button' : undefined}
      onMouseEnter={show} onMouseLeave={() => tips.hide()} onFocus={show} onBlur={() => tips.hide()}
      onClick={act}
      onKeyDown={(e) => {
        if ((hot || tryable) && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault()
          act(e)
        }
      }}>
      {/* its name, as SVG names an element, and its tip: a button's drawing is presentational, so
          the drawing's own words (a die's face, a card's cost) are not read again after it */}
      <title>{label}</title>
      {children}
    </g>
  )
}

/** Cut to `max` characters with an ellipsis: the old boards' way, which the table page forbids (a
 * clipped label is a bug). Use `FitText`/`fontFor` and a layout with room instead. */
export const fit = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** A font size that fits `text` into `width` SVG units (about 0.6 em per Latin letter, 1 em per CJK
 * character), never above `size` nor below `min`. */
export const fontFor = (text: string, width: number, size: number, min = 7): number => {
  const ems = emsOf(text)
  return Math.max(min, Math.min(size, ems ? width / ems : size))
}

/** How many ems `text` takes in one line: about 0.58 a Latin letter, 1 a CJK character. */
const emsOf = (text: string): number => {
  let ems = 0
  for (const ch of text) ems += /[\u2e80-\uffff]/.test(ch) ? 1 : 0.58
  return ems
}

/** SVG text that shrinks to fit `width` (in one line) instead of being clipped; bold letters are
 * about a fifth wider ("Cronometrador" on a Star Road card ran past its edges). */
export function FitText({ x, y, width, size, text, anchor = 'middle', wrap = false, ...rest }: {
  x: number; y: number; width: number; size: number; text: string; anchor?: 'start' | 'middle' | 'end'
  fill?: string; 'font-weight'?: string; class?: string
  /** Two lines (about `y`) where one line would have to shrink below a legible size: a card's title
   * bar holds "Sawing the Assistant in Half" whole instead of cutting it at both ends. */
  wrap?: boolean
}) {
  const room = rest['font-weight'] === 'bold' ? width / 1.2 : width
  const single = fontFor(text, room, size)
  const halves = wrap && single < size * 0.8 ? twoLines(text) : null
  // two short lines may go a little smaller than one: each is half as long
  const split = halves ? Math.min(...halves.map((half) => fontFor(half.trim(), room, size, 6))) : 0
  if (!halves || split <= fontFor(text, room, size, 0)) {
    // longer than `width` even at the smallest legible size (a player's long name in a tile): the
    // letters are set closer instead of running past the tile's edge
    const squeeze = emsOf(text) * single > room * 1.02 ? { textLength: width, lengthAdjust: 'spacingAndGlyphs' } : {}
    return <text x={x} y={y} font-size={single} text-anchor={anchor} {...squeeze} {...rest}>{text}</text>
  }
  // a space stays at the end of the first line, so the text reads (and copies) as one name
  return (
    <text x={x} y={y} font-size={split} text-anchor={anchor} {...rest}>
      <tspan x={x} dy={-split * 0.5}>{halves[0]}</tspan>
      <tspan x={x} dy={split * 1.05}>{halves[1]}</tspan>
    </text>
  )
}

/** `text` cut where its two lines come closest in length: after a space (kept on the first line) or a
 * hyphen ("Pub-In-A-" / "Bottle"); null if it has neither. */
export function twoLines(text: string): [string, string] | null {
  let best: [string, string] | null = null
  for (let i = 1; i < text.length - 1; i++) {
    if (text[i - 1] !== ' ' && text[i - 1] !== '-') continue
    const pair: [string, string] = [text.slice(0, i), text.slice(i)]
    const longest = (p: [string, string]) => Math.max(p[0].trim().length, p[1].length)
    if (!best || longest(pair) < longest(best)) best = pair
  }
  return best
}

export const changedUnder = (p: { changed: ReadonlySet<string> }, prefix: string): boolean => {
  for (const path of p.changed) if (path === prefix || path.startsWith(`${prefix}/`)) return true
  return false
}

/** The first of `ids` some legal move names (else the first): an element several moves may name. */
export const pickId = (p: BoardProps, ids: string[]): string => ids.find((id) => p.targets.has(id)) ?? ids[0]

/** A board part drawn as its own small SVG (`w` wide): the parts wrap into columns on a desktop
 * and stack on a phone, so text stays legible at any width. */
export function Panel({ w, h, title, colour, part, seat, children, changed = false }: {
  w: number; h: number; title: string; colour?: string; part: string; seat?: number; children: ComponentChildren; changed?: boolean
}) {
  countRender(part, seat)
  return (
    <svg class={`board-svg panel-svg${changed ? ' changed-panel' : ''}`} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={title}
      data-part={part} data-seat={seat} style={{ maxWidth: `${Math.round(w * 1.25)}px` }}>
      <rect x={1} y={1} width={w - 2} height={h - 2} rx={8} fill="#fbf7ee" stroke={colour ?? '#c9b99c'} stroke-width={colour ? 3 : 1} />
      <FitText x={10} y={20} width={w - 20} size={14} anchor="start" font-weight="bold" fill={colour ?? '#2b2118'} text={title} />
      {children}
    </svg>
  )
}

/** A small labelled chip: a rounded box with centred text. */
export function Chip({ x, y, w, h = 22, text, fill = '#fff', ink = '#222', stroke = '#8a7558', size = 11, dashed = false }: {
  x: number; y: number; w: number; h?: number; text: string; fill?: string; ink?: string; stroke?: string; size?: number; dashed?: boolean
}) {
  return (
    <g>
      <rect x={x} y={y} width={w} height={h} rx={4} fill={fill} stroke={stroke} stroke-width={1} stroke-dasharray={dashed ? '3 2' : undefined} />
      <text x={x + w / 2} y={y + h / 2 + size * 0.36} font-size={size} text-anchor="middle" fill={ink}>{text}</text>
    </g>
  )
}
