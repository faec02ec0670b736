/** Skyrise player areas: the player board (four colour tracks with their discs and what each structure
 * of that colour is worth, excess discs, the left-hand area with patron discs, commission discs, keys
 * and wild discs), the pieces still to build (supply and era-2 reserve), and the cards: the kept
 * wonder, the wonder hand and the secret objective (others' hidden cards as backs). */
import type { JSX } from 'preact'
import type { Json, JsonObject } from '../../api'
import { memo } from '../choosable'
import { FitText, Panel, Spot, colourOf } from '../svg'
import type { BoardEnv } from '../types'
import { CardBack, TableCard } from './Cards'
import { KeyIcon } from './Corners'
import { Disc, HUES, PatronTile, Structure, colon, pieceInfo, pieceName } from './pieces'

const W = 360

function Tracks({ pl, p }: { pl: JsonObject; p: BoardEnv }) {
  const colours = (Array.isArray(p.data.colours) ? p.data.colours : Object.keys(HUES)) as string[]
  const values = (Array.isArray(p.data.track_values) ? p.data.track_values : [2, 3, 4, 6, 8]) as number[]
  const spaces = typeof p.data.track_spaces === 'number' ? p.data.track_spaces : 4
  const tracks = (pl.tracks ?? {}) as Record<string, number>
  const excess = (pl.excess ?? {}) as Record<string, number>
  const wilds = (Array.isArray(pl.wilds) ? pl.wilds : []) as string[]
  return (
    <g class="sk-tracks">
      {colours.map((c, r) => {
        const n = tracks[c] ?? 0
        const wild = wilds.filter((w) => w === c).length
        const y = 34 + r * 32
        const hue = HUES[c]
        const label = p.catalog.label(`hue_${c}`)
        return (
          <Spot id={c} p={p} label={p.catalog.name(c)} field="colour"
            tip={`${p.catalog.name(c)}${colon(p)}${n} ${p.catalog.label('discs_on_track')} · ${values[Math.min(n, spaces)]} ${p.catalog.label('per_structure')}`}>
            <rect x={6} y={y} width={W - 12} height={28} rx={5} fill={hue.fill} stroke={hue.ink} class="sk-track" data-colour={c} data-discs={n} />
            <FitText x={12} y={y + 18} width={58} size={12} text={label} anchor="start" font-weight="bold" />
            <rect x={72} y={y + 4} width={22} height={20} rx={3} fill={n === 0 ? '#fffaf0' : 'none'} stroke={hue.ink} />
            <text x={83} y={y + 18} font-size={11} text-anchor="middle">{values[0]}</text>
            {Array.from({ length: spaces }, (_, j) => {
              const cx = 116 + j * 40
              const filled = j < n
              return (
                <g>
                  <text x={cx + 15} y={y + 18} font-size={11} text-anchor="middle" font-weight={n === j + 1 ? 'bold' : undefined}>{values[j + 1]}</text>
                  {filled
                    ? <g transform={`translate(${cx} ${y + 14})`}><Disc disc={j >= n - wild ? 'wild' : `neighborhood_${c}`} r={10} /></g>
                    : <circle cx={cx} cy={y + 14} r={10} fill="#fffaf0" stroke={hue.ink} stroke-dasharray="2 2" />}
                </g>
              )
            })}
            {(excess[c] ?? 0) > 0 && (
              <g class="sk-excess" data-excess={excess[c]}>
                <g transform={`translate(${W - 40} ${y + 14})`}><Disc disc={`neighborhood_${c}`} r={9} /></g>
                <text x={W - 26} y={y + 19} font-size={12} font-weight="bold">×{excess[c]}</text>
              </g>
            )}
          </Spot>
        )
      })}
    </g>
  )
}

/** The left-hand area: patron discs by letter (with the value when this seat may see it: `known`),
 * commission discs and keys. */
function LeftArea({ pl, p, known, y }: { pl: JsonObject; p: BoardEnv; known: Record<string, number>; y: number }) {
  const patrons = Object.entries((pl.patrons ?? {}) as Record<string, number>)
  const keys = (Array.isArray(pl.keys) ? pl.keys : []) as string[]
  const commissions = typeof pl.commissions === 'number' ? pl.commissions : 0
  let x = 20
  const items: JSX.Element[] = []
  for (const [letter, n] of patrons) {
    if (!n) continue
    const value = known[letter]
    items.push(
      <g class="sk-patron-discs" data-patron={letter} data-count={n} transform={`translate(${x} ${y})`}>
        <title>{`${p.catalog.name(`patron_${letter.toLowerCase()}`)} ×${n}${colon(p)}${value ?? p.catalog.label('patron_hidden')}`}</title>
        <Disc disc={`patron_${letter.toLowerCase()}`} r={10} />
        <text x={14} y={5} font-size={12} font-weight="bold">×{n}</text>
        <g transform={`translate(${42} 0) scale(0.6)`}><PatronTile letter={letter} value={value} /></g>
      </g>,
    )
    x += 64
  }
  if (commissions) {
    items.push(
      <g class="sk-commissions" data-count={commissions} transform={`translate(${x} ${y})`}>
        <title>{`${p.catalog.name('commission')} ×${commissions}${colon(p)}${p.catalog.label('commission_each')}`}</title>
        <Disc disc="commission" r={10} />
        <text x={14} y={5} font-size={12} font-weight="bold">×{commissions}</text>
      </g>,
    )
    x += 44
  }
  for (const key of keys) {
    items.push(
      <g class="sk-key" data-key={key} transform={`translate(${x} ${y})`}>
        <title>{`${p.catalog.name(key)}${colon(p)}${p.catalog.label(`text_${key}`)}`}</title>
        <rect x={-12} y={-12} width={24} height={24} rx={5} fill="#f7eccd" stroke="#a8841c" />
        <KeyIcon x={2} y={0} />
      </g>,
    )
    x += 34
  }
  return (
    <g class="sk-left-area">
      <FitText x={10} y={y - 16} width={W - 20} size={11} anchor="start" fill="#6b5a44"
        text={`${p.catalog.label('left_area')}${items.length ? '' : `${colon(p)}${p.catalog.label('empty')}`}`} />
      {items}
    </g>
  )
}

/** The pieces not yet built: the supply (clickable when a move names them), pieces standing as bids,
 * and the era-2 reserve set aside. */
function Supply({ pl, p, y, seat }: { pl: JsonObject; p: BoardEnv; y: number; seat: number }) {
  const colour = colourOf(p, seat)
  const available = (Array.isArray(pl.available) ? pl.available : []) as string[]
  const reserve = (Array.isArray(pl.reserve) ? pl.reserve : []) as string[]
  const pieces = [...available.map((id) => ({ id, reserve: false })), ...reserve.map((id) => ({ id, reserve: true }))]
  const per = 11
  return (
    <g class="sk-supply">
      <FitText x={10} y={y} width={W - 20} size={11} anchor="start" fill="#6b5a44"
        text={`${p.catalog.label('available')}${reserve.length ? ` · ${p.catalog.label('era_reserve')}` : ''}`} />
      {pieces.map(({ id, reserve: inReserve }, i) => {
        const info = pieceInfo(p.data, id)
        const x = 22 + (i % per) * 31
        const py = y + 40 + Math.floor(i / per) * 40
        return (
          <Spot id={inReserve ? null : id} p={p} label={pieceName(p, id)} field="piece">
            <rect x={x - 14} y={py - 32} width={28} height={36} rx={4} fill={inReserve ? '#ece6da' : '#fffaf0'} stroke="#c9b99c"
              stroke-dasharray={inReserve ? '3 2' : undefined} />
            <g class="sk-supply-piece" data-piece={`${seat}:${id}`} data-state={inReserve ? 'reserve' : 'available'}
              data-number={info.number ?? 'wonder'} transform={`translate(${x - 1} ${py})`} opacity={inReserve ? 0.55 : 1}>
              <Structure info={info} colour={colour} />
            </g>
          </Spot>
        )
      })}
    </g>
  )
}

/** A player's area: `pl` the player as the view holds them, `you` the seat's own cards when it is this
 * player's (else null), `committed` whether they have chosen in a simultaneous choice, `yours` the card
 * this seat chose there, `known` the patron values this seat may see, `changed` whether the player
 * changed with the last state. */
export const PlayerArea = memo(function PlayerArea({ pl, p, you, committed, yours, known, changed }: {
  pl: JsonObject; p: BoardEnv; you: JsonObject | null; committed: boolean; yours: Json | null; known: Record<string, number>; changed: boolean
}) {
  const seat = typeof pl.seat === 'number' ? pl.seat : 0
  const colour = colourOf(p, seat)
  const mine = p.seat === seat
  const pieces = ((Array.isArray(pl.available) ? pl.available.length : 0) + (Array.isArray(pl.reserve) ? pl.reserve.length : 0))
  const leftY = 34 + 4 * 32 + 30
  const supplyY = leftY + 46
  const h = supplyY + 12 + Math.max(1, Math.ceil(pieces / 11)) * 40
  const state = [
    pl.passed ? p.catalog.label('passed') : '',
    committed ? p.catalog.label('committed') : '',
    typeof pl.finished === 'number' ? p.catalog.label('finished_rank').replace('{rank}', String(pl.finished)) : '',
  ].filter(Boolean).join(' · ')
  const title = `${p.catalog.seat(seat)} · ${p.catalog.label('prestige')} ${pl.prestige ?? 0}${state ? ` · ${state}` : ''}`
  const hand = mine && you && Array.isArray(you.wonder_hand) ? (you.wonder_hand as string[]) : []
  const handBacks = !mine && typeof pl.wonder_cards === 'number' ? pl.wonder_cards : 0
  const objective = mine && you && typeof you.objective === 'string' ? you.objective : typeof pl.objective === 'string' ? pl.objective : null
  const revealed = typeof pl.objective === 'string'
  return (
    <div class={`sk-player${mine ? ' mine' : ''}`} data-part="player-area" data-seat={seat}>
      <Panel w={W} h={h} title={title} colour={colour} part="player-board" seat={seat} changed={changed}>
        <Tracks pl={pl} p={p} />
        <LeftArea pl={pl} p={p} known={known} y={leftY + 8} />
        <Supply pl={pl} p={p} y={supplyY} seat={seat} />
      </Panel>
      <div class="sk-hand" data-part="cards" data-seat={seat}>
        {typeof pl.kept_wonder === 'string' && <TableCard id={pl.kept_wonder} p={p} state={p.catalog.label('kept')} />}
        {hand.map((id) => <TableCard id={id} p={p} state={id === yours ? p.catalog.label('kept') : undefined} />)}
        {handBacks > 0 && <CardBack kind="wonder" p={p} count={handBacks} />}
        {objective ? <TableCard id={objective} p={p} state={revealed ? undefined : p.catalog.label('yours')} /> : <CardBack kind="objective" p={p} />}
      </div>
    </div>
  )
})
