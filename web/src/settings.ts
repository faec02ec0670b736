/** The player's own table settings, kept in this browser: confirm each move, a sound and a browser
 * notification when it is their turn, animations, and passing for them when a pass is all they may do
 * (at Star Road's table of eight, most of a player's decisions: each declaration asks everyone), and
 * colours and shapes for colour-blind eyes, and, against bots, what the hard bot would have played after each
 * of one's moves. */
import { useEffect, useState } from 'preact/hooks'

export interface Settings {
  confirm: boolean
  sound: boolean
  notify: boolean
  animations: boolean
  autoPass: boolean
  /** players in colours that stay apart for colour-blind eyes, and a shape beside each name (seatMarks.tsx) */
  distinctColours: boolean
  /** at a table against bots, after each of my decisions: what the hard bot would have played (Coach.tsx) */
  coach: boolean
}

const KEY = 'parlor.settings'
const DEFAULTS: Settings = { confirm: false, sound: false, notify: false, animations: true, autoPass: false, distinctColours: false,
  coach: false }
const listeners = new Set<(s: Settings) => void>()

export function loadSettings(): Settings {
  try {
    const raw = localStorage.getItem(KEY)
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    return { ...DEFAULTS, animations: !reduced, ...(raw ? (JSON.parse(raw) as Partial<Settings>) : {}) }
  } catch {
    return DEFAULTS
  }
}

export function saveSettings(s: Settings): void {
  localStorage.setItem(KEY, JSON.stringify(s))
  listeners.forEach((f) => f(s))
}

export function useSettings(): [Settings, (change: Partial<Settings>) => void] {
  const [s, setS] = useState(loadSettings)
  useEffect(() => {
    listeners.add(setS)
    return () => {
      listeners.delete(setS)
    }
  }, [])
  return [s, (change) => saveSettings({ ...s, ...change })]
}
