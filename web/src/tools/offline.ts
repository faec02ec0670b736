/** The tools at a table with a bad connection: the service worker that keeps the pages and their public data
 * (web/src/worker/sw.ts), whether the browser is online, and a score pad's entries kept on this device. */
import { useEffect, useState } from 'preact/hooks'

/** Hands the worker the addresses this page has read; it keeps the public data among them. */
function remember(worker: ServiceWorker | null | undefined): void {
  worker?.postMessage({ remember: performance.getEntriesByType('resource').map((entry) => entry.name) })
}

/** Registers the service worker (built to /sw.js) once a tool page is open, and hands it the public data this
 * page read before the worker controlled it (again when it takes control, and on each tool page), so that
 * data is cached from the first visit on. */
export function useOfflineWorker(page: string): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
    const taken = () => remember(navigator.serviceWorker.controller)
    navigator.serviceWorker.addEventListener('controllerchange', taken)
    navigator.serviceWorker.register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => remember(registration.active))
      .catch(() => { /* without a worker the tools work online, as before */ })
    return () => navigator.serviceWorker.removeEventListener('controllerchange', taken)
  }, [page])
}

/** Whether the browser has a connection, following its online and offline events. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine)
  useEffect(() => {
    const on = () => setOnline(navigator.onLine)
    window.addEventListener('online', on)
    window.addEventListener('offline', on)
    return () => {
      window.removeEventListener('online', on)
      window.removeEventListener('offline', on)
    }
  }, [])
  return online
}

function read<T>(key: string, initial: T | (() => T)): T {
  try {
    const raw = localStorage.getItem(key)
    if (raw !== null) return JSON.parse(raw) as T
  } catch {
    // a damaged entry or no storage: start afresh
  }
  return typeof initial === 'function' ? (initial as () => T)() : initial
}

/** Like useState, but the value is kept in this device's localStorage under `key` (a pad's entries survive a
 * reload without a connection). */
export function useKept<T>(key: string, initial: T | (() => T)): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => read(key, initial))
  const keep = (next: T) => {
    setValue(next)
    try {
      localStorage.setItem(key, JSON.stringify(next))
    } catch {
      // storage full or refused: the entry lives in this page only
    }
  }
  return [value, keep]
}

/** The storage key of one of a game's pad entries (`parlor.pad.GAME.NAME`). */
export const padKey = (game: string, name: string) => `parlor.pad.${game}.${name}`
