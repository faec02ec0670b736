/** Skyrise's table: the city map (islands, districts, discs, pieces, the auction), the two panorama
 * cards in play, then the player areas (own first). Every part of the view is drawn here; nothing
 * falls back to a list of values. */
import { useEffect, useRef } from 'preact/hooks'
import type { BoardProps } from '../types'
import { Card } from './Cards'
import { boardData } from './geometry'
import { SkyriseMap } from './Map'
import { SkyrisePlayers } from './Players'
import './skyrise.css'

export function SkyriseBoard(p: BoardProps) {
  const board = boardData(p.data)
  const panoramas = (Array.isArray(p.view.panoramas) ? p.view.panoramas : []) as string[]
  // on a narrow screen the map scrolls sideways: start with the central island in the middle
  const scroller = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = scroller.current
    if (!el) return
    const centre = () => {
      if (el.scrollWidth > el.clientWidth && el.scrollLeft === 0) el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2
    }
    centre()
    window.addEventListener('resize', centre)
    return () => window.removeEventListener('resize', centre)
  }, [board !== null])
  return (
    <div class="skyrise-board">
      {board && (
        <div class="sk-map-scroll" ref={scroller}>
          <SkyriseMap p={p} board={board} />
        </div>
      )}
      <div class="sk-cards-row" data-part="panoramas">
        {panoramas.map((id) => <Card id={id} p={p} />)}
      </div>
      <SkyrisePlayers {...p} />
    </div>
  )
}
