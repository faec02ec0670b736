/** The service worker that keeps the companion tools working at a table with a bad connection (docs/tools.md).
 *
 * It answers only what a tool page needs offline and leaves everything else to the network untouched:
 * - the app shell (`/`, the page every hash route loads) and the build's hashed assets, cached at install;
 *   assets are answered cache first (a hashed name never changes content), the shell network first;
 * - the public, printed data the tools read (game list, a game's public data and text catalogs, the reference
 *   sheets, the set-up guides), network first with the last good answer as the fallback.
 * Tables, seats, moves, replays, sockets and every non-GET request never pass through a cache, so the table
 * page can never be served a stale game state. */

declare const PRECACHE: string[]   // the build's files, written in by vite.config.ts (serviceWorker plugin)
declare const VERSION: string      // changes with every build that changes a file

const worker = self as unknown as ServiceWorkerGlobalScope
const CACHE = `parlor-tools-${VERSION}`
const SHELL = '/'
// The public data the tool pages read: printed faces and words, the same for everyone, never a table.
const DATA = [
  /^\/api\/games$/,
  /^\/api\/games\/[a-z_]+\/(?:data|text\/[A-Za-z_]+)$/,
  /^\/api\/tools\/[a-z_]+\/(?:sheet|setup)$/,
]

const isAsset = (path: string) => path.startsWith('/assets/')
const isData = (path: string) => DATA.some((pattern) => pattern.test(path))

/** What the worker answers, by path; null leaves the request to the browser as if there were no worker. */
function strategy(request: Request): 'cache-first' | 'network-first' | null {
  if (request.method !== 'GET') return null
  const url = new URL(request.url)
  if (url.origin !== worker.location.origin || url.search) return null
  if (isAsset(url.pathname)) return 'cache-first'
  if (url.pathname === SHELL || url.pathname === '/index.html' || isData(url.pathname)) return 'network-first'
  return null
}

const cacheKey = (request: Request) => (new URL(request.url).pathname === '/index.html' ? SHELL : request)

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE)
  const hit = await cache.match(request)
  if (hit) return hit
  const answer = await fetch(request)
  if (answer.ok) await cache.put(request, answer.clone())
  return answer
}

async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE)
  try {
    const answer = await fetch(request)
    if (answer.ok) await cache.put(cacheKey(request), answer.clone())
    return answer
  } catch (offline) {
    const hit = await cache.match(cacheKey(request))
    if (hit) return hit
    throw offline
  }
}

worker.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([SHELL, ...PRECACHE])).then(() => worker.skipWaiting()))
})

worker.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith('parlor-tools-') && name !== CACHE) await caches.delete(name)
    await worker.clients.claim()
  })())
})

worker.addEventListener('fetch', (event) => {
  const how = strategy(event.request)
  if (how === 'cache-first') event.respondWith(cacheFirst(event.request))
  else if (how === 'network-first') event.respondWith(networkFirst(event.request))
})

// A page loaded before the worker controlled it names what it has read; the public data among it is
// fetched again into the cache, so it is there the first time the connection drops.
worker.addEventListener('message', (event) => {
  const urls: unknown = event.data?.remember
  if (!Array.isArray(urls)) return
  const wanted = urls.filter((u): u is string => typeof u === 'string')
    .map((u) => new URL(u, worker.location.origin))
    .filter((u) => u.origin === worker.location.origin && !u.search && isData(u.pathname))
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(wanted.map(async (u) => {
    if (await cache.match(u.pathname)) return
    const answer = await fetch(u.pathname, { cache: 'no-store' }).catch(() => null)
    if (answer?.ok) await cache.put(u.pathname, answer)
  }))))
})
