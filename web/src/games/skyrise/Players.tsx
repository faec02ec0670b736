/** Skyrise player boards: the four colour tracks (discs, what each building of that colour is
 * worth, excess discs), patrons A–D (with the values known so far), commissions, keys, wilds, and
 * the buildings still to auction (clickable where a move names them); the auction's bids. */
import type { Json, JsonObject } from '../../api'
import { Chip, Panel, Spot, changedUnder, fit, seatColour } from '../svg'
import type { BoardProps } from '../types'
import { COLOURS } from './Board'

const W = 360
const SPACES = 4

function PlayerBoard({ pl, k, p }: { pl: JsonObject; k: number; p: BoardProps }) {
  const seat = typeof pl.seat === 'number' ? pl.seat : k
  const colour = seatColour(seat)
  const tracks = (pl.tracks ?? {}) as Record<string, number>
  const values = (pl.track_values ?? {}) as Record<string, number>
  const excess = (pl.excess ?? {}) as Record<string, number>
  const patrons = Object.entries((pl.patrons ?? {}) as Record<string, number>)
  const patronValues = (p.view.patron_values ?? {}) as Record<string, number>
  const available = (Array.isArray(pl.available) ? pl.available : []) as string[]
  const built = Array.isArray(pl.constructed) ? pl.constructed.length : 0
  const extras: string[] = []
  if (typeof pl.commissions === 'number') extras.push(`${p.catalog.term('commissions')} ${pl.commissions}`)
  if (Array.isArray(pl.keys) && pl.keys.length) extras.push(`${p.catalog.term('keys')} ${p.catalog.name(pl.keys as Json)}`)
  if (Array.isArray(pl.wilds) && pl.wilds.length) extras.push(`${p.catalog.term('wilds')} ${pl.wilds.length}`)
  extras.push(`${p.catalog.term('constructed')} ${built}`)
  const availY = 172
  const rows = Math.max(1, Math.ceil(available.length / 6))
  const h = availY + 20 + rows * 28
  return (
    <Panel w={W} h={h} title={`${p.catalog.seat(seat)} — ${pl.prestige ?? 0}${pl.passed ? ` (${p.catalog.term('passed')})` : ''}`} colour={colour}
      part="player-board" seat={seat} changed={changedUnder(p, `players/${k}`)}>
      {Object.keys(COLOURS).map((c, r) => {
        const n = tracks[c] ?? 0
        const y = 30 + r * 26
        return (
          <g class="track" data-colour={c}>
            <title>{`${p.catalog.name(c)}: ${n}/${SPACES} → ${values[c] ?? ''} · ${p.catalog.name('excess')} ${excess[c] ?? 0}`}</title>
            <rect x={8} y={y} width={76} height={22} rx={4} fill={COLOURS[c]} stroke="#7d6b55" />
            <text x={46} y={y + 15} font-size={11} text-anchor="middle">{fit(p.catalog.name(c).split(' (')[0], 9)}</text>
            {Array.from({ length: SPACES }, (_, j) => (
              <circle cx={102 + j * 26} cy={y + 11} r={9} fill={j < n ? COLOURS[c] : '#fff'} stroke="#7d6b55" stroke-width={j < n ? 2 : 0.8} />
            ))}
            <text x={206} y={y + 15} font-size={11}>{`→ ${values[c] ?? '?'}`}</text>
            {(excess[c] ?? 0) > 0 && <text x={240} y={y + 15} font-size={11} fill="#7a3b12">{`+${excess[c]} ${fit(p.catalog.name('excess'), 12)}`}</text>}
          </g>
        )
      })}
      <text x={10} y={148} font-size={12} font-weight="bold">{p.catalog.term('patrons')}</text>
      {patrons.map(([letter, n], i) => (
        <g class="patron" data-patron={letter}>
          <title>{`${p.catalog.name(`patron_${letter.toLowerCase()}`)}: ${n}${patronValues[letter] !== undefined ? ` × ${patronValues[letter]}` : ''}`}</title>
          <Chip x={80 + i * 68} y={134} w={62} h={22} text={`${letter} ×${n}${patronValues[letter] !== undefined ? ` (${patronValues[letter]})` : ''}`}
            fill={n ? '#fff3c4' : '#fff'} size={11} />
        </g>
      ))}
      <text x={10} y={168} font-size={10} fill="#6b5a44">{extras.join(' · ')}</text>
      <text x={10} y={availY + 14} font-size={12} font-weight="bold">{p.catalog.term('available')}</text>
      {available.map((piece, i) => (
        <Spot id={piece} p={p} label={p.catalog.name(piece)}>
          <Chip x={8 + (i % 6) * 58} y={availY + 20 + Math.floor(i / 6) * 28} w={54} h={24} text={fit(p.catalog.name(piece).split(' (')[0], 8)}
            fill={colour} ink="#fff" stroke="#222" size={11} />
        </Spot>
      ))}
    </Panel>
  )
}

function Auction({ p }: { p: BoardProps }) {
  const a = p.view.auction as JsonObject | null | undefined
  if (!a || typeof a !== 'object') return null
  const bids = (Array.isArray(a.bids) ? a.bids : []) as Json[][]
  const h = 40 + Math.max(1, bids.length) * 24
  return (
    <Panel w={W} h={h} title={`${p.catalog.term('auction')} ${a.number ?? ''}`} part="auction" changed={changedUnder(p, 'auction')}>
      {!bids.length && <text x={10} y={48} font-size={11} fill="#888">{p.catalog.term('nothing')}</text>}
      {bids.map((b, i) => {
        const [seat, piece, number, at] = b
        return (
          <g class="bid" data-seat={String(seat)}>
            <circle cx={18} cy={42 + i * 24} r={7} fill={seatColour(seat as number)} />
            <text x={32} y={46 + i * 24} font-size={12}>
              {`${p.catalog.seat(seat)}: ${p.catalog.name(piece)} (${String(number ?? '')}) → ${String(at ?? '')}`}
            </text>
          </g>
        )
      })}
    </Panel>
  )
}

export function SkyrisePlayers(p: BoardProps) {
  const players = (Array.isArray(p.view.players) ? p.view.players : []) as JsonObject[]
  const order = [...players.keys()].sort((a, b) => Number(players[b].seat === p.seat) - Number(players[a].seat === p.seat))
  return (
    <div class="panels player-boards">
      <Auction p={p} />
      {order.map((k) => <PlayerBoard pl={players[k]} k={k} p={p} />)}
    </div>
  )
}
