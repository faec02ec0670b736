/** "Your turn": the page title shows it, and, as the player chose in the settings, a short sound and a
 * browser notification when a decision reaches them while the page is not in view. */
import { useEffect, useRef } from 'preact/hooks'
import type { Settings } from './settings'

function chime(): void {
  try {
    const ctx = new AudioContext()
    const osc = ctx.createOscillator()
    const gain = ctx.createGain()
    osc.frequency.value = 660
    gain.gain.setValueAtTime(0.15, ctx.currentTime)
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4)
    osc.connect(gain).connect(ctx.destination)
    osc.start()
    osc.stop(ctx.currentTime + 0.4)
    osc.onended = () => void ctx.close()
  } catch {
    // no audio output: the title and the notification still say it
  }
}

/** Sets the page title, and alerts once each time the seat's turn begins. */
export function useTurnAlert(myTurn: boolean, baseTitle: string, turnTitle: string, body: string, settings: Settings): void {
  const was = useRef(false)
  useEffect(() => {
    document.title = myTurn ? `${turnTitle} · ${baseTitle}` : baseTitle
    if (myTurn && !was.current) {
      if (settings.sound) chime()
      if (settings.notify && typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.hidden) {
        new Notification(turnTitle, { body, tag: 'parlor-turn' })
      }
    }
    was.current = myTurn
  }, [myTurn, baseTitle, turnTitle])
  useEffect(() => () => {
    document.title = 'parlor'
  }, [])
}

/** Asks the browser for permission to notify (from a click in the settings). */
export async function askNotify(): Promise<boolean> {
  if (typeof Notification === 'undefined') return false
  if (Notification.permission === 'granted') return true
  return (await Notification.requestPermission()) === 'granted'
}
