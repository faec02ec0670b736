/** Skyrise's table: the city map (islands, districts, discs, pieces, the auction), the two panorama
 * cards in play, then the player areas (own first). Every part of the view is drawn here; nothing
 * falls back to a list of values. */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { BoardProps } from '../types'
import { Card } from './Cards'
import { boardData } from './geometry'
import { AuctionBox, BOX_W, FULL_MAP_MIN_WIDTH, KeysBox, PatronBox, SkyriseMap, auctionHeight, keysLeft } from './Map'
import { SkyrisePlayers } from './Players'
import './skyrise.css'

export function SkyriseBoard(p: BoardProps) {
  const board = boardData(p.data)
  const panoramas = (Array.isArray(p.view.panoramas) ? p.view.panoramas : []) as string[]
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
  const keys = keysLeft(p).length
  return (
    <div class="skyrise-board">
      {board && narrow && (
        <div class="sk-map-boxes">
          <svg class="board-svg" viewBox={`0 0 ${BOX_W} ${auctionHeight(p)}`} width={BOX_W}><AuctionBox p={p} x={0} y={0} w={BOX_W} /></svg>
          <svg class="board-svg" viewBox={`0 0 ${BOX_W} 78`} width={BOX_W}><PatronBox p={p} x={0} y={0} w={BOX_W} /></svg>
          {keys > 0 && <svg class="board-svg" viewBox={`0 0 ${BOX_W} ${keys * 34 - 6}`} width={BOX_W}><KeysBox p={p} x={0} y={0} w={BOX_W} /></svg>}
        </div>
      )}
      {board && (
        <div class="sk-map-scroll" ref={scroller}>
          <SkyriseMap p={p} board={board} corners={!narrow} room={room} />
        </div>
      )}
      <div class="sk-cards-row" data-part="panoramas">
        {panoramas.map((id) => <Card id={id} p={p} />)}
      </div>
      <SkyrisePlayers {...p} />
    </div>
  )
}
