/** Skyrise: the islands' neighbourhoods on their grid (SK-2.10 display coordinates), each with its
 * colour, windmill, disc and building (owner's colour, number, built or only bid). Neighbourhoods
 * a move can use are outlined and clickable. The players' areas follow in the generic view. */
import type { Json, JsonObject } from '../../api'
import { GenericView } from '../../components/GenericView'
import { Spot, changedUnder, fit, seatColour } from '../svg'
import type { BoardProps } from '../types'
import { SkyrisePlayers } from './Players'

export const COLOURS: Record<string, string> = { yellow: '#f3d36b', green: '#8fc98a', white: '#f4f1ea', brown: '#b98b62' }
const CELL = 56

interface Hood { id: string; island: string; colour: string; xy: [number, number]; windmill: boolean; disc: string | null; piece: JsonObject | null }

export function SkyriseBoard(p: BoardProps) {
  const board = (p.view.board ?? {}) as Record<string, Json>
  const hoods: Hood[] = Object.entries(board).map(([id, raw]) => ({ id, ...(raw as object) } as Hood))
  if (!hoods.length) return <GenericView {...p} />
  const xs = hoods.map((h) => h.xy[0])
  const ys = hoods.map((h) => h.xy[1])
  const minX = Math.min(...xs)
  const minY = Math.min(...ys)
  const w = (Math.max(...xs) - minX + 1) * CELL + 16
  const h = (Math.max(...ys) - minY + 1) * CELL + 16
  return (
    <div class="skyrise-board">
      <svg class="board-svg" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={p.t('board')}>
        {hoods.map((n) => {
          const x = (n.xy[0] - minX) * CELL + 8
          const y = (n.xy[1] - minY) * CELL + 8
          const piece = n.piece
          const owner = piece && typeof piece.seat === 'number' ? piece.seat : null
          const label = [p.catalog.name(n.island), p.catalog.name(n.colour), n.id,
            n.disc ? p.catalog.name(n.disc) : '', piece ? `${p.catalog.seat(owner)} ${piece.number ?? ''}` : ''].filter(Boolean).join(' · ')
          return (
            <Spot id={n.id} p={p} label={label} changed={changedUnder(p, `board/${n.id}`)}>
              <rect x={x} y={y} width={CELL - 4} height={CELL - 4} rx={5} fill={COLOURS[n.colour] ?? '#ddd'} stroke="#7d6b55" stroke-width={1} />
              <text x={x + 3} y={y + 11} font-size={8} fill="#5a4a38">{n.id}</text>
              {n.windmill && <text x={x + CELL - 16} y={y + 13} font-size={12}>✇</text>}
              {n.disc && (
                <g>
                  <circle cx={x + 14} cy={y + CELL - 18} r={9} fill="#fffdf5" stroke="#444" stroke-width={0.8} />
                  <text x={x + 14} y={y + CELL - 15} font-size={7} text-anchor="middle">{fit(p.catalog.name(n.disc), 3)}</text>
                </g>
              )}
              {piece && (
                <g>
                  <rect x={x + 22} y={y + 16} width={26} height={30} rx={3} fill={seatColour(owner)}
                    opacity={piece.built === false ? 0.45 : 1} stroke="#222" stroke-width={0.8} />
                  <text x={x + 35} y={y + 35} font-size={11} fill="#fff" text-anchor="middle" font-weight="bold">
                    {String(piece.number ?? piece.piece ?? '')}
                  </text>
                </g>
              )}
            </Spot>
          )
        })}
      </svg>
      <SkyrisePlayers {...p} />
      <GenericView {...p} omit={['board', 'auction', 'patron_values']}
        drawn={['tracks', 'track_values', 'excess', 'patrons', 'commissions', 'keys', 'wilds', 'available', 'prestige', 'passed']} />
    </div>
  )
}
