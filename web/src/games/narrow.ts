/** Whether the window is a phone's width, for the boards that lay their parts out otherwise there. */
import { useEffect, useState } from 'preact/hooks'

/** Whether the window is at most `maxWidth` CSS pixels wide; the calling part redraws when that
 * changes. Read as a hook, not as the part draws: a memoized part that skips a state would otherwise
 * keep the layout of the width it was last drawn at. */
export function useNarrow(maxWidth: number): boolean {
  const query = `(max-width: ${maxWidth}px)`
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches)
  useEffect(() => {
    const list = window.matchMedia(query)
    const on = () => setNarrow(list.matches)
    on()
    list.addEventListener('change', on)
    return () => list.removeEventListener('change', on)
  }, [query])
  return narrow
}
