/** How players are named on the page: the rules of parlor.core.naming (server and terminal), with the
 * words the server serves for the page's language (`GET /api/words/{lang}`). Players by their table
 * names, bots as "Bot (hard)" (numbered by seat when two would read the same), an empty seat as
 * "Seat 3" (counted from 1). Seat numbers are never shown otherwise. */
import { useEffect, useState } from 'preact/hooks'
import type { SeatInfo } from './api'
import { Asked } from './asked'
import { LANGS, type Lang } from './i18n'
import { fillTemplate } from './template'

export type Words = Record<string, string>

const loaded = new Map<Lang, Words>()
const asked = new Asked((lang) => fetch(`/api/words/${lang}`).then((r) => r.json()).then((d: { words: Words }) => {
  loaded.set(lang as Lang, d.words)
  return d.words
}))

const load = (lang: Lang): Promise<Words> => asked.get(lang)

/** The naming words of `lang`; null until they have loaded. Never another language's words: a page
 * just switched to Chinese shows no name for a moment rather than "Bot 2 (random)". The other
 * languages are fetched too (a few hundred bytes each), so that switching later is immediate. */
export function useWords(lang: Lang): Words | null {
  const [, setLoaded] = useState<Lang | null>(null)
  useEffect(() => {
    let live = true
    load(lang).then(() => live && setLoaded(lang), () => undefined)
    for (const other of LANGS) if (other.id !== lang) load(other.id).catch(() => undefined)
    return () => {
      live = false
    }
  }, [lang])
  return loaded.get(lang) ?? null
}

const fill = (template: string, vars: Record<string, string | number>): string => fillTemplate(template, vars)

export function levelWord(words: Words, level: string | null | undefined): string {
  return words[`level_${level}`] ?? words.level_custom ?? String(level)
}

export function seatWord(words: Words, seat: number): string {
  return fill(words.seat ?? 'Seat {n}', { n: seat + 1 })
}

export function botName(words: Words, level: string | null | undefined): string {
  return fill(words.bot ?? 'Bot ({level})', { level: levelWord(words, level) })
}

function plainName(s: SeatInfo, words: Words): string {
  if (s.name) return s.name
  if (s.kind === 'bot') return botName(words, s.level)
  return seatWord(words, s.seat)
}

/** Each seat's name, in seat order (parlor.core.naming.player_names). */
export function playerNames(seats: SeatInfo[], words: Words): string[] {
  const plain = seats.map((s) => plainName(s, words))
  return seats.map((s, i) => {
    if (!s.name && s.kind === 'bot' && plain.filter((n) => n === plain[i]).length > 1) {
      return fill(words.bot_numbered ?? 'Bot {n} ({level})', { n: s.seat + 1, level: levelWord(words, s.level) })
    }
    return plain[i]
  })
}

/** The most columns a seat's name may take (server/seats.py NAME_LIMIT): the boards are laid out for it. */
export const NAME_LIMIT = 24

// Characters two columns wide: East Asian wide and full-width blocks, and the emoji planes (as the
// server's unicodedata.east_asian_width "W" and "F", for the characters names hold).
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u

/** The columns a name takes, a Chinese character two: the server refuses a name wider than NAME_LIMIT.
 * Checked on the page before a table is created for it, so a refused name leaves no empty table behind. */
export function nameWidth(name: string): number {
  let width = 0
  for (const ch of name) width += WIDE.test(ch) ? 2 : 1
  return width
}

/** Whether a name draws something (as the server's seats.shows_ink): not only spaces, Hangul fillers,
 * the blank Braille pattern, combining marks or control and format characters. */
export const nameShows = (name: string): boolean => /[^\p{Z}\p{M}\p{C}\s\u115f\u1160\u3164\uffa0\u2800]/u.test(name)
