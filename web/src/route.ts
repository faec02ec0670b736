/** Hash routes, so the server's static folder needs no fallback: #/, #/t/ID[/rules], #/t/ID/join/N, #/replay/ID[/analyse],
 * #/tools[/GAME/TOOL] (companion tools for the physical games), #/mine (the games this browser played). */
import { useEffect, useMemo, useState } from 'preact/hooks'

export type Route =
  | { page: 'lobby' }
  | { page: 'table'; id: string; rules: boolean }
  | { page: 'join'; id: string; seat: number }
  | { page: 'replay'; id: string; analyse: boolean }
  | { page: 'tools'; game: string | null; tool: string | null }
  | { page: 'mine' }

export function parse(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent)
  if (parts[0] === 't' && parts[1]) {
    if (parts[2] === 'join' && parts[3] !== undefined) return { page: 'join', id: parts[1], seat: Number(parts[3]) }
    return { page: 'table', id: parts[1], rules: parts[2] === 'rules' }
  }
  if (parts[0] === 'replay' && parts[1]) return { page: 'replay', id: parts[1], analyse: parts[2] === 'analyse' }
  if (parts[0] === 'mine') return { page: 'mine' }
  if (parts[0] === 'tools') return { page: 'tools', game: parts[1] ?? null, tool: parts[2] ?? null }
  return { page: 'lobby' }
}

/** Which page a route shows: a table, a seat's invite, a replay (each of its own table), the lobby
 * or the tools (one page whose tabs are routes too). */
export const pageOf = (route: Route): string =>
  route.page === 'table' || route.page === 'replay' ? `${route.page}/${route.id}`
    : route.page === 'join' ? `join/${route.id}/${route.seat}` : route.page

export const href = {
  lobby: () => '#/',
  table: (id: string) => `#/t/${encodeURIComponent(id)}`,
  /** the table with its rules open: a learner's first look at a game */
  tableRules: (id: string) => `#/t/${encodeURIComponent(id)}/rules`,
  join: (id: string, seat: number) => `#/t/${encodeURIComponent(id)}/join/${seat}`,
  replay: (id: string) => `#/replay/${encodeURIComponent(id)}`,
  /** the replay, the hard bot already looking at the player's decisions */
  analyse: (id: string) => `#/replay/${encodeURIComponent(id)}/analyse`,
  /** the games this browser took a seat at, with the player's record */
  mine: () => '#/mine',
  tools: (game?: string, tool?: string) => `#/tools${game ? `/${game}` : ''}${tool ? `/${tool}` : ''}`,
}

export function go(to: string): void {
  location.hash = to
}

export function useRoute(): Route {
  const [hash, setHash] = useState(location.hash)
  useEffect(() => {
    const on = () => setHash(location.hash)
    window.addEventListener('hashchange', on)
    // The effect runs after the first paint: a hash changed before it (a link followed, or the address
    // edited, while the page was still starting) fired no event we heard, so read it again now.
    on()
    return () => window.removeEventListener('hashchange', on)
  }, [])
  return useMemo(() => parse(hash), [hash])
}
