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
