/** Small SVG parts shared by the game boards: seat colours and board elements a move can target. */
import type { ComponentChildren } from 'preact'
import type { BoardProps } from './types'

export const SEAT_COLOURS = ['#c0392b', '#2e6fd1', '#2a9d4b', '#d9a400', '#8e44ad', '#16a0a0', '#d35400', '#555555']
export const seatColour = (seat: number | null | undefined): string => (seat === null || seat === undefined ? '#999' : SEAT_COLOURS[seat % SEAT_COLOURS.length])

/** A board element: clickable (mouse and keyboard) when some legal move names `id`. */
export function Spot({ id, p, label, children, changed = false }: {
  id: string | null; p: BoardProps; label: string; children: ComponentChildren; changed?: boolean
}) {
  const hot = id !== null && p.targets.has(id)
  const cls = `${hot ? 'clickable hot' : ''}${changed ? ' changed-svg' : ''}`
  if (!hot) return <g class={cls} data-spot={id ?? undefined}><title>{label}</title>{children}</g>
  return (
    <g class={cls} data-spot={id ?? undefined} data-target={id} tabIndex={0} role="button" aria-label={label}
      onClick={() => p.onPick(id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault()
          p.onPick(id)
        }
      }}>
      <title>{label}</title>
      {children}
    </g>
  )
}

/** Text that fits: cut to `max` characters with an ellipsis (the full name is in the <title>). */
export const fit = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

export const changedUnder = (p: BoardProps, prefix: string): boolean => {
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
  return (
    <svg class={`board-svg panel-svg${changed ? ' changed-panel' : ''}`} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={title}
      data-part={part} data-seat={seat} style={{ maxWidth: `${Math.round(w * 1.25)}px` }}>
      <rect x={1} y={1} width={w - 2} height={h - 2} rx={8} fill="#fbf7ee" stroke={colour ?? '#c9b99c'} stroke-width={colour ? 3 : 1} />
      <text x={10} y={20} font-size={14} font-weight="bold" fill={colour ?? '#2b2118'}>{title}</text>
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
