/** Turn clocks: the time a player has left for the current decision, counted down each second from
 * the deadline the server gives (corrected by the difference between the two clocks). */
import { useEffect, useState } from 'preact/hooks'

/** Seconds as a clock reads: 0:45, 4:05, 26:00:00 (hours for turn-based tables). */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`
}

/** The current time in the server's clock, updated every second while `active`. */
export function useServerNow(skew: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now() / 1000 + skew)
  useEffect(() => {
    setNow(Date.now() / 1000 + skew)
    if (!active) return
    const timer = window.setInterval(() => setNow(Date.now() / 1000 + skew), 1000)
    return () => window.clearInterval(timer)
  }, [skew, active])
  return now
}

export function ClockFace({ deadline, now, limit }: { deadline: number; now: number; limit: number }) {
  const left = deadline - now
  const low = left < Math.min(20, limit / 4)
  return (
    <span class={`clock${low ? ' low' : ''}`} data-clock={Math.max(0, Math.round(left))} role="timer">
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.5" /><path d="M8 4v4l3 2" fill="none" stroke="currentColor" stroke-width="1.5" /></svg>
      {clockText(left)}
    </span>
  )
}
