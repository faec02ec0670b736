/** Trickerion: the city's locations (Downtown with its dice, Market Row with the market, the
 * Workshop, the Theater with its performance cards, trick markers and backstage slots), each slot
 * with the character placed on it; slots, dice and components a move names are clickable. */
import type { Json, JsonObject } from '../../api'
import { GenericView } from '../../components/GenericView'
import { Spot, changedUnder, fit, seatColour } from '../svg'
import type { BoardProps } from '../types'
import { SUIT_COLOURS, SUITS, TrickerionPlayers } from './Players'

const LOCATIONS: [string, number][] = [['downtown', 4], ['market_row', 4], ['workshop', 2]]
const DAYS = ['thursday', 'friday', 'saturday', 'sunday']

interface Placed { seat: number; character: string }

function placements(players: JsonObject[]): Map<string, Placed[]> {
  const out = new Map<string, Placed[]>()
  players.forEach((pl, k) => {
    const seat = typeof pl.seat === 'number' ? pl.seat : k
    for (const [character, raw] of Object.entries((pl.characters ?? {}) as Record<string, Json>)) {
      const c = raw as JsonObject
      if (typeof c.slot === 'string') out.set(c.slot, [...(out.get(c.slot) ?? []), { seat, character }])
    }
  })
  return out
}

function Slot({ id, x, y, w, p, placed }: { id: string; x: number; y: number; w: number; p: BoardProps; placed: Placed[] }) {
  return (
    <Spot id={id} p={p} label={`${p.catalog.name(id)}${placed.length ? `: ${placed.map((q) => `${p.catalog.seat(q.seat)} ${p.catalog.name(q.character)}`).join(', ')}` : ''}`}>
      <rect x={x} y={y} width={w} height={26} rx={4} fill={placed.length ? seatColour(placed[0].seat) : '#fffdf5'} stroke="#8a7558" />
      <text x={x + w / 2} y={y + 17} font-size={9} text-anchor="middle" fill={placed.length ? '#fff' : '#555'}>
        {placed.length ? fit(p.catalog.name(placed[0].character), 14) : fit(p.catalog.name(id).replace(/^.*?(\d+)\s*(\(.*\))?$/, '$1 $2'), 14)}
      </text>
    </Spot>
  )
}

export function TrickerionBoard(p: BoardProps) {
  const v = p.view
  const players = (Array.isArray(v.players) ? v.players : []) as JsonObject[]
  const placed = placements(players)
  const dice = (v.dice ?? {}) as Record<string, Json>
  const market = (v.market ?? {}) as JsonObject
  const theater = (Array.isArray(v.theater) ? v.theater : []) as (JsonObject | null)[]
  const box = (x: number, y: number, w: number, h: number, title: string) => (
    <g>
      <rect x={x} y={y} width={w} height={h} rx={8} fill="#f3e9d8" stroke="#8a7558" />
      <text x={x + 8} y={y + 16} font-size={13} font-weight="bold">{title}</text>
    </g>
  )
  return (
    <div class="trickerion-board">
      <svg class="board-svg" viewBox="0 0 760 360" role="img" aria-label={p.t('board')}>
        {LOCATIONS.map(([loc, n], i) => {
          const x = 10 + i * 250
          return (
            <g>
              {box(x, 10, 240, 150, p.catalog.name(loc))}
              {Array.from({ length: n }, (_, s) => {
                const id = `${loc}_${s + 1}`
                return <Slot id={id} x={x + 8 + (s % 2) * 114} y={30 + Math.floor(s / 2) * 30} w={108} p={p} placed={placed.get(id) ?? []} />
              })}
            </g>
          )
        })}
        {Object.entries(dice).map(([die, face], i) => (
          <Spot id={die} p={p} label={`${p.catalog.name(die)}: ${p.catalog.name(face)}`} changed={changedUnder(p, `dice/${die}`)}>
            <rect x={18 + (i % 3) * 76} y={94 + Math.floor(i / 3) * 32} width={70} height={26} rx={5} fill="#fff" stroke="#333" />
            <text x={53 + (i % 3) * 76} y={111 + Math.floor(i / 3) * 32} font-size={9} text-anchor="middle">{fit(p.catalog.name(face), 12)}</text>
          </Spot>
        ))}
        {((market.buy ?? []) as string[]).map((c, i) => (
          <Spot id={c} p={p} label={p.catalog.name(c)}>
            <rect x={268 + i * 56} y={94} width={52} height={24} rx={4} fill="#fff" stroke="#6b5a44" />
            <text x={294 + i * 56} y={110} font-size={9} text-anchor="middle">{fit(p.catalog.name(c), 9)}</text>
          </Spot>
        ))}
        {((market.orders ?? []) as (string | null)[]).map((c, i) => (
          <g>
            <rect x={268 + i * 56} y={124} width={52} height={24} rx={4} fill={c ? '#fff3c4' : '#eee'} stroke="#aaa" stroke-dasharray="3 2" />
            <text x={294 + i * 56} y={140} font-size={9} text-anchor="middle">{c ? fit(p.catalog.name(c), 9) : '—'}</text>
          </g>
        ))}
        {box(10, 170, 740, 180, p.catalog.name('theater'))}
        {DAYS.map((day, i) => {
          const x = 20 + i * 182
          const card = theater[i] ?? null
          const markers = (card?.markers ?? []) as Json[]
          return (
            <g>
              <text x={x} y={206} font-size={11} fill="#6b5a44">{p.catalog.name(day)}</text>
              <rect x={x} y={212} width={172} height={70} rx={6} fill={card ? '#fffdf5' : '#e9e2d3'} stroke="#8a7558" />
              {card && <text x={x + 6} y={228} font-size={10} font-weight="bold">{fit(p.catalog.name(card.card as string), 28)}</text>}
              {markers.map((m, j) => {
                const mk = (m ?? {}) as JsonObject
                const owner = players.find((pl) => pl.seat === mk.seat)
                const trick = ((owner?.tricks ?? []) as JsonObject[]).find((tr) => tr.trick === mk.trick)
                const suit = typeof trick?.suit === 'number' ? trick.suit : -1
                return (
                  <g class="trick-marker" data-seat={String(mk.seat)}>
                    <title>{`${p.catalog.seat(mk.seat as number)}: ${p.catalog.name(mk.trick ?? null)} · ${String(mk.slot ?? '')} ${p.catalog.name(mk.dir ?? null)}`}</title>
                    <circle cx={x + 14 + j * 24} cy={258} r={10} fill={seatColour(mk.seat as number)} stroke={suit >= 0 ? SUIT_COLOURS[suit] : '#222'} stroke-width={3} />
                    <text x={x + 14 + j * 24} y={262} font-size={10} fill="#fff" text-anchor="middle">{mk.stack ? '2' : suit >= 0 ? p.catalog.name(SUITS[suit]).charAt(0) : ''}</text>
                  </g>
                )
              })}
              {[1, 2].map((b) => {
                const id = `${day}_backstage_${b}`
                return <Slot id={id} x={x + (b - 1) * 88} y={290} w={84} p={p} placed={placed.get(id) ?? []} />
              })}
            </g>
          )
        })}
      </svg>
      <h3 class="board-part-title">{p.catalog.term('player_board')}</h3>
      <TrickerionPlayers {...p} />
      <GenericView {...p} omit={['dice', 'market', 'theater']}
        drawn={['magician', 'fame', 'coins', 'shards', 'poster', 'characters', 'tricks', 'components', 'weekday']} />
    </div>
  )
}
