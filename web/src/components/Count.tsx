/** A number that counts up or down to its new value (a third of a second), like a counter moving on a
 * track; shown at once when animations are off. */
import { useEffect, useRef, useState } from 'preact/hooks'
import { loadSettings } from '../settings'

export function Count({ value }: { value: number | string }) {
  const [shown, setShown] = useState(value)
  const from = useRef(value)
  useEffect(() => {
    const start = from.current
    from.current = value
    if (typeof value !== 'number' || typeof start !== 'number' || start === value || !loadSettings().animations) {
      setShown(value)
      return
    }
    const began = performance.now()
    let frame = requestAnimationFrame(function step(now) {
      const k = Math.min(1, (now - began) / 350)
      setShown(Math.round(start + (value - start) * k))
      if (k < 1) frame = requestAnimationFrame(step)
    })
    return () => cancelAnimationFrame(frame)
  }, [value])
  return <span class={shown !== value ? 'counting' : undefined}>{shown}</span>
}
