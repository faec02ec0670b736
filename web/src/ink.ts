/** A player's colour as words on the page's paper. A name written in its player's colour must read
 * as well as the page's other words: a contrast of at least 4.5 to 1 (WCAG 2.1 AA for text) against
 * the darkest paper it stands on, the page's background. Where the colour itself is too light (the
 * green, yellow and orange seats), the same hue darkened just enough: one colour per player, its
 * swatches and pieces as they are, its name legible. */

const PAPER = '#f4f1ea' // --bg in style.css, darker than the cards' --card
const NEEDED = 4.5
const known = new Map<string, string>()

/** `colour` (#rrggbb) as it may stand as text on the page (the colour itself when it reads). */
export function inkOf(colour: string): string {
  let ink = known.get(colour)
  if (ink === undefined) {
    ink = darkened(colour)
    known.set(colour, ink)
  }
  return ink
}

/** Words written on a piece of `colour`: dark on a light colour, white on a dark one. */
export function textOn(colour: string): string {
  const rgb = channels(colour)
  return rgb !== null && luminance(rgb) > 0.35 ? '#2b2118' : '#fff'
}

function darkened(colour: string): string {
  const rgb = channels(colour)
  if (rgb === null) return colour // a colour name or a variable: left to the style sheet
  const paper = luminance(channels(PAPER) as number[])
  for (let keep = 1; keep > 0; keep -= 0.02) {
    const shade = rgb.map((c) => Math.round(c * keep))
    if ((paper + 0.05) / (luminance(shade) + 0.05) >= NEEDED) return hex(shade)
  }
  return '#000000'
}

function channels(colour: string): number[] | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour)
  return m === null ? null : [m[1], m[2], m[3]].map((h) => parseInt(h, 16))
}

/** Relative luminance (WCAG 2.1): each sRGB channel made linear, weighted by the eye's response. */
function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

const hex = (rgb: number[]): string => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`
