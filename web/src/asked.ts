/** Public answers that do not change while a page lives (a game's data and words, a reference sheet, a
 * finished game's scores): asked of the server once, the same promise for every part of the page that
 * wants one, forgotten when it fails so that the next wish asks again. */
import { useEffect, useState } from 'preact/hooks'

export class Asked<T> {
  private readonly answers = new Map<string, Promise<T>>()
  private readonly ask: (key: string) => Promise<T>

  constructor(ask: (key: string) => Promise<T>) {
    this.ask = ask
  }

  /** The answer for `key`, asked the first time only. */
  get(key: string): Promise<T> {
    let found = this.answers.get(key)
    if (!found) {
      found = this.ask(key)
      found.catch(() => this.answers.delete(key))
      this.answers.set(key, found)
    }
    return found
  }
}

/** The answer for `key` once it has come: null before it, after a failure or without a key; an answer that
 * comes for a key no longer wanted is dropped. */
export function useAnswer<T>(asked: Asked<T>, key: string | null): T | null {
  const [found, setFound] = useState<{ key: string; value: T } | null>(null)
  useEffect(() => {
    if (key === null) return
    let live = true
    asked.get(key).then((value) => live && setFound({ key, value })).catch(() => undefined)
    return () => {
      live = false
    }
  }, [asked, key])
  return found !== null && found.key === key ? found.value : null
}
