/** Skyrise's table: the city map (islands, districts, discs, pieces, the auction), the two panorama
 * cards in play, then the player areas (own first). Every part of the view is drawn here; nothing
 * falls back to a list of values. */
import type { BoardProps } from '../types'
import { Card } from './Cards'
import { boardData } from './geometry'
import { SkyriseMap } from './Map'
import { SkyrisePlayers } from './Players'
import './skyrise.css'

export function SkyriseBoard(p: BoardProps) {
  const board = boardData(p.data)
  const panoramas = (Array.isArray(p.view.panoramas) ? p.view.panoramas : []) as string[]
  return (
    <div class="skyrise-board">
      {board && (
        <div class="sk-map-scroll">
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
