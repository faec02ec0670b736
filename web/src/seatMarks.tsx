/** Help for players who tell colours apart poorly (one man in twelve sees red and green alike): a setting
 * gives every player a colour from a palette made to stay apart under the common colour-vision
 * deficiencies (Okabe and Ito's), each near the game's own colour (red stays a red, green a green), and
 * a shape beside each player's name (panels, log, status line, result), so that a name is told by its
 * shape as well as its colour. Off, the page is as before. */
import { createContext } from 'preact'
import { useContext } from 'preact/hooks'

/** Okabe and Ito's eight colours, "Color Universal Design" (2008). */
const DISTINCT_PALETTE = ['#D55E00', '#0072B2', '#009E73', '#E69F00', '#CC79A7', '#56B4E9', '#F0E442', '#000000']

function channels(colour: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour)
  return m === null ? null : [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)]
}

/** How far apart two colours look, roughly: RGB distance weighted by the mean red ("redmean"). */
function distance(a: [number, number, number], b: [number, number, number]): number {
  const red = (a[0] + b[0]) / 2
  const [dr, dg, db] = [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
  return Math.sqrt((2 + red / 256) * dr * dr + 4 * dg * dg + (2 + (255 - red) / 256) * db * db)
}

/** Each seat's colour replaced by the nearest palette colour no earlier seat took: a game's red, blue,
 * green and yellow become the palette's vermilion, blue, bluish green and orange. */
export function distinctColours(colours: string[]): string[] {
  const free = [...DISTINCT_PALETTE]
  return colours.map((colour) => {
    const rgb = channels(colour)
    if (free.length === 0) return colour
    let best = 0
    if (rgb !== null) {
      free.forEach((candidate, i) => {
        if (distance(rgb, channels(candidate)!) < distance(rgb, channels(free[best])!)) best = i
      })
    }
    return free.splice(best, 1)[0]
  })
}

const SHAPES = ['circle', 'square', 'triangle', 'diamond', 'star', 'pentagon', 'cross', 'hexagon'] as const

/** The shapes' outlines in a 10 x 10 box. */
const OUTLINES: Record<(typeof SHAPES)[number], string> = {
  circle: 'M5,0.6 A4.4,4.4 0 1 1 4.99,0.6 Z',
  square: 'M1,1 H9 V9 H1 Z',
  triangle: 'M5,0.4 L9.6,9.2 H0.4 Z',
  diamond: 'M5,0 L10,5 L5,10 L0,5 Z',
  star: 'M5,0.2 L6.2,3.6 L9.8,3.7 L7,5.9 L8,9.6 L5,7.5 L2,9.6 L3,5.9 L0.2,3.7 L3.8,3.6 Z',
  pentagon: 'M5,0.3 L9.7,3.8 L7.9,9.5 H2.1 L0.3,3.8 Z',
  cross: 'M3.3,0.5 H6.7 V3.3 H9.5 V6.7 H6.7 V9.5 H3.3 V6.7 H0.5 V3.3 H3.3 Z',
  hexagon: 'M2.5,0.7 H7.5 L10,5 L7.5,9.3 H2.5 L0,5 Z',
}

/** The shape that marks `seat` (counted from 0) while the setting is on. */
export const seatShape = (seat: number): (typeof SHAPES)[number] => SHAPES[((seat % SHAPES.length) + SHAPES.length) % SHAPES.length]

/** Whether this page marks players by shape (the setting), provided once by the app. */
export const SeatMarksShown = createContext(false)

/** The frame's palette (a game's colours when it has none, the score pads'), moved to the setting's
 * palette while the setting is on. */
export function useFrameColours(palette: string[]): string[] {
  const shown = useContext(SeatMarksShown)
  return shown ? distinctColours(palette) : palette
}

/** A player's token drawn on a board (a marker on a track, a disc beside a name): a disc of radius `r`
 * around (cx, cy), or the player's shape there while the setting is on. */
export function SeatToken({ seat, colour, cx, cy, r, stroke, strokeWidth = 1 }: {
  seat: number; colour: string; cx: number; cy: number; r: number; stroke?: string; strokeWidth?: number
}) {
  const shown = useContext(SeatMarksShown)
  if (!shown) return <circle cx={cx} cy={cy} r={r} fill={colour} stroke={stroke} stroke-width={stroke ? strokeWidth : undefined} />
  const scale = (2 * r) / 10
  return (
    <path class="seat-token" data-shape={seatShape(seat)} d={OUTLINES[seatShape(seat)]} fill={colour} stroke={stroke ?? '#1b140e'}
      stroke-width={(stroke ? strokeWidth : 0.7) / scale} stroke-linejoin="round"
      transform={`translate(${cx - r} ${cy - r}) scale(${scale})`} />
  )
}

/** A player's shape as a small badge on a piece of theirs (a character's disc), only while the setting is on. */
export function SeatBadge({ seat, colour, cx, cy, r }: { seat: number; colour: string; cx: number; cy: number; r: number }) {
  const shown = useContext(SeatMarksShown)
  return shown ? <SeatToken seat={seat} colour={colour} cx={cx} cy={cy} r={r} stroke="#fffaf0" strokeWidth={1} /> : null
}

/** A player's swatch: their colour's dot, or their shape while the setting is on. */
export function SeatDot({ seat, colour }: { seat: number; colour: string }) {
  const shown = useContext(SeatMarksShown)
  return shown ? <SeatMark seat={seat} colour={colour} /> : <span class="dot" style={{ background: colour }} />
}

/** A player's shape in their colour, before their name; nothing while the setting is off. */
export function SeatMark({ seat, colour }: { seat: number; colour: string }) {
  const shown = useContext(SeatMarksShown)
  if (!shown) return null
  const shape = seatShape(seat)
  return (
    <svg class="seat-mark" data-shape={shape} viewBox="-0.5 -0.5 11 11" width="0.8em" height="0.8em" aria-hidden="true">
      <path d={OUTLINES[shape]} fill={colour} stroke="#2b2118" stroke-width="0.7" stroke-linejoin="round" />
    </svg>
  )
}
