/** Trickerion player boards: magician, Fame, Coins, Shards, characters with their assignment
 * cards and slots, Trick cards (category, prepared markers, markers left), components and, for
 * your own seat, the assignment cards in hand. Tricks, components and your characters are
 * clickable where a legal move names them. */
import type { Json, JsonObject } from '../../api'
import { Chip, Panel, Spot, changedUnder, fit, seatColour } from '../svg'
import type { BoardProps } from '../types'

export const SUIT_COLOURS = ['#7d5ba6', '#3f8f8a', '#9a6a2f', '#3567a8']
export const SUITS = ['escape', 'spiritual', 'mechanical', 'optical']
const W = 360

function PlayerBoard({ pl, k, p }: { pl: JsonObject; k: number; p: BoardProps }) {
  const seat = typeof pl.seat === 'number' ? pl.seat : k
  const mine = seat === p.seat
  const colour = seatColour(seat)
  const chars = Object.entries((pl.characters ?? {}) as Record<string, Json>).filter(([, c]) => (c as JsonObject).owned !== false)
  const tricks = (Array.isArray(pl.tricks) ? pl.tricks : []) as JsonObject[]
  const comps = Object.entries((pl.components ?? {}) as Record<string, Json>)
  const you = (p.view.you ?? {}) as JsonObject
  const hand = mine && you.hand && typeof you.hand === 'object' ? Object.entries(you.hand as Record<string, number>) : []
  const charRows = Math.ceil(chars.length / 4)
  const trickY = 58 + charRows * 40 + 8
  const trickRows = Math.ceil(tricks.length / 4)
  const compY = trickY + 18 + (trickRows ? trickRows * 66 : 2)
  const compRows = Math.ceil(comps.length / 4)
  const handY = compY + 18 + (compRows ? compRows * 26 : 2)
  const h = handY + (hand.length ? 44 : 4)
  const title = `${p.catalog.seat(seat)} — ${p.catalog.name(pl.magician ?? null)}`
  return (
    <Panel w={W} h={h} title={fit(title, 40)} colour={colour} part="player-board" seat={seat} changed={changedUnder(p, `players/${k}`)}>
      <text x={10} y={42} font-size={12}>
        {`★ ${p.catalog.term('fame')} ${pl.fame ?? 0}   ◎ ${p.catalog.term('coins')} ${pl.coins ?? 0}   ◆ ${p.catalog.term('shards')} ${pl.shards ?? 0}`}
        {pl.poster ? `   ▣ ${p.catalog.term('poster')}` : ''}
      </text>
      {typeof pl.weekday === 'string' && (
        <text x={W - 10} y={20} font-size={11} text-anchor="end" fill="#6b5a44">{`${p.catalog.term('weekday')} ${p.catalog.name(pl.weekday)}`}</text>
      )}
      {chars.map(([name, raw], i) => {
        const c = raw as JsonObject
        const x = 8 + (i % 4) * 87
        const y = 52 + Math.floor(i / 4) * 40
        const where = typeof c.slot === 'string' ? c.slot : typeof c.card === 'string' ? c.card : null
        const label = `${p.catalog.name(name)}${where ? ` · ${p.catalog.name(where)}` : ''}${c.card_state ? ` (${p.catalog.name(c.card_state)})` : ''}`
        return (
          <Spot id={mine ? name : null} p={p} label={label} changed={changedUnder(p, `players/${k}/characters/${name}`)}>
            <rect x={x} y={y} width={83} height={36} rx={5} fill={c.slot ? colour : '#fff'} stroke="#8a7558" />
            <text x={x + 41} y={y + 14} font-size={10} text-anchor="middle" font-weight="bold" fill={c.slot ? '#fff' : '#222'}>{fit(p.catalog.name(name), 13)}</text>
            <text x={x + 41} y={y + 29} font-size={9} text-anchor="middle" fill={c.slot ? '#fff' : '#6b5a44'}>{where ? fit(p.catalog.name(where), 15) : '·'}</text>
          </Spot>
        )
      })}
      <text x={10} y={trickY + 10} font-size={12} font-weight="bold">{p.catalog.term('tricks')}</text>
      {!tricks.length && <text x={90} y={trickY + 10} font-size={11} fill="#888">{p.catalog.term('nothing')}</text>}
      {tricks.map((tr, i) => {
        const x = 8 + (i % 4) * 87
        const y = trickY + 16 + Math.floor(i / 4) * 66
        const suit = typeof tr.suit === 'number' ? tr.suit : 0
        const prepared = typeof tr.prepared === 'number' ? tr.prepared : 0
        const name = p.catalog.name(tr.trick ?? null)
        const label = `${name} · ${p.catalog.name(SUITS[suit])} · ${p.catalog.term('prepared')} ${prepared}, ${p.catalog.term('markers')} ${tr.supply ?? 0}`
        return (
          <Spot id={typeof tr.trick === 'string' ? tr.trick : null} p={p} label={label} changed={changedUnder(p, `players/${k}/tricks/${i}`)}>
            <rect x={x} y={y} width={83} height={60} rx={5} fill="#fffdf5" stroke={SUIT_COLOURS[suit]} stroke-width={2} />
            <rect x={x + 2} y={y + 2} width={79} height={13} rx={3} fill={SUIT_COLOURS[suit]} />
            <text x={x + 41} y={y + 12} font-size={9} fill="#fff" text-anchor="middle">{fit(p.catalog.name(SUITS[suit]), 14)}</text>
            <text x={x + 41} y={y + 28} font-size={10} text-anchor="middle">{fit(name, 14)}</text>
            {Array.from({ length: Math.min(4, prepared) }, (_, j) => (
              <circle cx={x + 12 + j * 14} cy={y + 46} r={5.5} fill={colour} stroke="#222" stroke-width={0.6} />
            ))}
            <text x={x + 78} y={y + 50} font-size={9} text-anchor="end" fill="#6b5a44">{`${prepared}/${Number(tr.supply ?? 0) + prepared}`}</text>
          </Spot>
        )
      })}
      <text x={10} y={compY + 10} font-size={12} font-weight="bold">{p.catalog.term('components')}</text>
      {!comps.length && <text x={110} y={compY + 10} font-size={11} fill="#888">{p.catalog.term('nothing')}</text>}
      {comps.map(([name, raw], i) => {
        const c = raw as JsonObject
        const x = 8 + (i % 4) * 87
        const y = compY + 16 + Math.floor(i / 4) * 26
        return (
          <Spot id={name} p={p} label={`${p.catalog.name(name)} × ${c.count}${c.manager ? ' (M)' : ''}`} changed={changedUnder(p, `players/${k}/components/${name}`)}>
            <Chip x={x} y={y} w={83} text={`${fit(p.catalog.name(name), 10)} ×${c.count}`} fill={c.manager ? '#fff3c4' : '#fff'} size={10} />
          </Spot>
        )
      })}
      {hand.length > 0 && (
        <g>
          <text x={10} y={handY + 12} font-size={12} font-weight="bold">{p.catalog.term('hand')}</text>
          {hand.map(([loc, n], i) => (
            <Chip x={8 + i * 87} y={handY + 18} w={83} text={`${fit(p.catalog.name(loc), 10)} ×${n}`} fill="#efe6d2" size={10} />
          ))}
        </g>
      )}
    </Panel>
  )
}

export function TrickerionPlayers(p: BoardProps) {
  const players = (Array.isArray(p.view.players) ? p.view.players : []) as JsonObject[]
  const order = [...players.keys()].sort((a, b) => Number(players[b].seat === p.seat) - Number(players[a].seat === p.seat))
  return <div class="panels player-boards">{order.map((k) => <PlayerBoard pl={players[k]} k={k} p={p} />)}</div>
}
