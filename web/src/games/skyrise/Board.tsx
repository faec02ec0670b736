/** Skyrise's table: the city map (islands, districts, discs, pieces, the auction), the two panorama
 * cards in play, then the player areas (own first). Every part of the view is drawn here; nothing
 * falls back to a list of values. */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { BoardProps } from '../types'
import { Card } from './Cards'
import { boardData } from './geometry'
import { AuctionBox, BOX_W, KeysBox, PatronBox, SkyriseMap, auctionHeight, keysLeft } from './Map'
import { SkyrisePlayers } from './Players'
import './skyrise.css'

export function SkyriseBoard(p: BoardProps) {
  const board = boardData(p.data)
  const panoramas = (Array.isArray(p.view.panoramas) ? p.view.panoramas : []) as string[]
  // on a narrow screen the map scrolls sideways: start with the central island in the middle
  const scroller = useRef<HTMLDivElement>(null)
  // a map wider than the page (a phone): its corner boxes go above it, where the scroll cannot hide them
  const [narrow, setNarrow] = useState(false)
  useEffect(() => {
    const el = scroller.current
    if (!el) return
    const centre = () => {
      setNarrow(el.scrollWidth > el.clientWidth + 1)
      if (el.scrollWidth > el.clientWidth && el.scrollLeft === 0) el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2
    }
    centre()
    window.addEventListener('resize', centre)
    return () => window.removeEventListener('resize', centre)
  }, [board !== null])
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
          <SkyriseMap p={p} board={board} corners={!narrow} />
        </div>
      )}
      <div class="sk-cards-row" data-part="panoramas">
        {panoramas.map((id) => <Card id={id} p={p} />)}
      </div>
      <SkyrisePlayers {...p} />
    </div>
  )
}
