/** Skyrise's table: the city map (islands, districts, discs, pieces, the auction), the two panorama
 * cards in play, then the player areas (own first). Every part of the view is drawn here; nothing
 * falls back to a list of values.
 *
 * Each part gets the slices of the view it draws and the board's steady `BoardEnv`, and is memoized:
 * a state redraws only the parts whose slices changed (../choosable.tsx). */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { Json, JsonObject } from '../../api'
import { changedWithin, useBoardEnv, useSettle } from '../choosable'
import { changedUnder } from '../svg'
import type { BoardProps } from '../types'
import { Panoramas } from './Cards'
import { AuctionBox, BOX_W, KeysBox, PatronBox, auctionHeight, keysLeft } from './Corners'
import { boardData } from './geometry'
import { type Cell, FULL_MAP_MIN_WIDTH, SkyriseMap } from './Map'
import { PlayerArea } from './Players'
import './skyrise.css'

const NO_PANORAMAS: string[] = []
const NO_CELLS: Record<string, Cell> = {}
const NO_VALUES: Record<string, number> = {}

export function SkyriseBoard(p: BoardProps) {
  const env = useBoardEnv(p)
  const settle = useSettle()
  const v = p.view
  const board = boardData(p.data)
  const panoramas = Array.isArray(v.panoramas) ? v.panoramas as string[] : NO_PANORAMAS
  // on a narrow screen the map scrolls sideways: start with the central island in the middle
  const scroller = useRef<HTMLDivElement>(null)
  // a page narrower than the whole map (a phone): the corner boxes go above the map, which draws only the
  // islands in play (and scrolls sideways if they are still wider than the page)
  const [room, setRoom] = useState(Infinity)
  const narrow = room < FULL_MAP_MIN_WIDTH
  useEffect(() => {
    const el = scroller.current
    if (!el) return
    // by the whole map's width, not the scroll: the narrow map may fit where the whole one would not
    const measure = () => setRoom(el.clientWidth)
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [board !== null])
  useEffect(() => {
    const el = scroller.current
    if (el && el.scrollWidth > el.clientWidth) el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2
  }, [board !== null, narrow])
  const players = (Array.isArray(v.players) ? v.players : []) as JsonObject[]
  const auction = (v.auction ?? null) as JsonObject | null
  const era = typeof v.era === 'number' ? v.era : 1
  const known = (v.patron_values ?? NO_VALUES) as Record<string, number>
  // derived anew each state: each keeps its identity while it does not change (the parts' memos hold)
  const left = keysLeft(p, players)
  const keys = settle('keys', left, left.map(([id]) => id).join('\n'))
  const kept = settle('kept', Object.fromEntries(players.filter((pl) => typeof pl.kept_wonder === 'string').map((pl) => [String(pl.seat), pl.kept_wonder as string])))
  const marked = settle('marked', [...changedWithin(p.changed, ['board'])].map((path) => path.split('/')[1]))
  const order = [...players].sort((a, b) => Number(b.seat === p.seat) - Number(a.seat === p.seat))
  const choosing = (v.choosing ?? null) as JsonObject | null
  const committed = choosing && Array.isArray(choosing.committed) ? choosing.committed as Json[] : []
  const yours = choosing && choosing.yours && typeof choosing.yours === 'object' ? (choosing.yours as JsonObject).card ?? null : null
  return (
    <div class="skyrise-board">
      {board && narrow && (
        <div class="sk-map-boxes">
          <svg class="board-svg" viewBox={`0 0 ${BOX_W} ${auctionHeight(auction)}`} width={BOX_W}><AuctionBox p={env} a={auction} era={era} x={0} y={0} w={BOX_W} /></svg>
          <svg class="board-svg" viewBox={`0 0 ${BOX_W} 78`} width={BOX_W}><PatronBox p={env} known={known} x={0} y={0} w={BOX_W} /></svg>
          {keys.length > 0 && <svg class="board-svg" viewBox={`0 0 ${BOX_W} ${keys.length * 34 - 6}`} width={BOX_W}><KeysBox p={env} left={keys} x={0} y={0} w={BOX_W} /></svg>}
        </div>
      )}
      {board && (
        <div class="sk-map-scroll" ref={scroller} tabIndex={0}>
          <SkyriseMap p={env} board={board} corners={!narrow} room={room} layout={v.layout} cells={(v.board ?? NO_CELLS) as unknown as Record<string, Cell>}
            bridges={v.bridges} hammer={v.hammer} auction={auction} kept={kept} marked={marked} era={era} known={known} keys={keys} />
        </div>
      )}
      <Panoramas p={env} ids={panoramas} />
      <div class="sk-players">
        {order.map((pl) => {
          const mine = pl.seat === p.seat
          return (
            <PlayerArea pl={pl} p={env} you={mine ? (v.you ?? null) as JsonObject | null : null} committed={committed.includes(pl.seat)}
              yours={mine ? yours : null} known={known} changed={changedUnder(p, `players/${String(pl.seat)}`)} />
          )
        })}
      </div>
    </div>
  )
}
