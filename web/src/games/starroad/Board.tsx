/** Star Road: the characters seated around the table (HP, storage, faction and character when
 * known), with each one's distance from you (SR-11.1: counted in living characters, min(k, n-k)),
 * and every seat's production lines: objects by line and level, with their progress. */
import type { JsonObject } from '../../api'
import { GenericView } from '../../components/GenericView'
import { Spot, changedUnder, fit, seatColour } from '../svg'
import type { BoardProps } from '../types'

/** SR-11.1: distance between two seats counted in living characters (or every seat, by option). */
export function distance(seats: JsonObject[], a: number, b: number, countEliminated: boolean): number {
  const ring = seats.filter((s) => countEliminated || s.alive !== false || s.seat === a || s.seat === b).map((s) => s.seat as number)
  const i = ring.indexOf(a)
  const j = ring.indexOf(b)
  if (i < 0 || j < 0) return 0
  const k = Math.abs(i - j)
  return Math.min(k, ring.length - k)
}

export function StarroadBoard(p: BoardProps) {
  const seats = (Array.isArray(p.view.seats) ? p.view.seats : []) as JsonObject[]
  if (!seats.length) return <GenericView {...p} />
  const n = seats.length
  const size = 420
  const c = size / 2
  const r = c - 62
  const me = p.seat
  const countEliminated = p.options.distance_counts_eliminated === true
  const pos = (i: number) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n
    return [c + r * Math.cos(a), c + r * Math.sin(a)]
  }
  const lineW = 170
  return (
    <div class="starroad-board">
      <svg class="board-svg" viewBox={`0 0 ${size + 20 + lineW * 2} ${Math.max(size, 40 + Math.ceil(n / 2) * 150)}`} role="img" aria-label={p.t('board')}>
        <circle cx={c} cy={c} r={r} fill="none" stroke="#c9b99c" stroke-dasharray="4 4" />
        {seats.map((s, i) => {
          const seat = s.seat as number
          const [x, y] = pos(i)
          const alive = s.alive !== false
          const d = me !== null && seat !== me && alive ? distance(seats, me, seat, countEliminated) : null
          const label = `${p.catalog.seat(seat)} · HP ${s.hp}`
          return (
            <Spot id={null} p={p} label={label} changed={changedUnder(p, `seats/${i}`)}>
              <circle cx={x} cy={y} r={44} fill={alive ? '#fffdf5' : '#ddd'} stroke={seatColour(seat)} stroke-width={p.actors.includes(seat) ? 6 : 3} />
              <text x={x} y={y - 22} font-size={11} text-anchor="middle" font-weight="bold">{fit(p.catalog.seat(seat), 12)}</text>
              <text x={x} y={y - 6} font-size={13} text-anchor="middle">{alive ? `♥ ${s.hp}` : '✝'}</text>
              <text x={x} y={y + 10} font-size={10} text-anchor="middle">⚙ {String(s.storage ?? 0)}</text>
              <text x={x} y={y + 24} font-size={9} text-anchor="middle">
                {s.character ? fit(p.catalog.name(s.character as string), 14) : '?'}{s.faction ? ` · ${s.faction}` : ''}
              </text>
              {d !== null && (
                <g>
                  <circle cx={x + 34} cy={y - 34} r={11} fill="#2b2118" />
                  <text x={x + 34} y={y - 30} font-size={11} fill="#fff" text-anchor="middle">{d}</text>
                  <title>{`d = ${d}`}</title>
                </g>
              )}
            </Spot>
          )
        })}
        {seats.map((s, i) => {
          const seat = s.seat as number
          const x = size + 10 + (i % 2) * lineW
          const y = 10 + Math.floor(i / 2) * 150
          const lines = typeof s.lines === 'number' ? s.lines : 4
          const objects = (Array.isArray(s.objects) ? s.objects : []) as JsonObject[]
          const levels = Math.max(2, ...objects.map((o) => (o.level as number) ?? 1))
          const cw = (lineW - 30) / lines
          return (
            <g>
              <text x={x} y={y + 10} font-size={11} font-weight="bold" fill={seatColour(seat)}>{fit(p.catalog.seat(seat), 18)}</text>
              {Array.from({ length: lines }, (_, l) => (
                <g>
                  <text x={x + 8 + l * cw + cw / 2} y={y + 24} font-size={9} text-anchor="middle">{l + 1}</text>
                  {Array.from({ length: levels }, (_, lv) => {
                    const o = objects.find((ob) => ob.line === l + 1 && ob.level === lv + 1)
                    const oy = y + 28 + (levels - lv - 1) * 28
                    const name = o ? (o.no ? p.catalog.name(o.no as string) : '?') : ''
                    return (
                      <g>
                        <rect x={x + 8 + l * cw} y={oy} width={cw - 4} height={24} rx={3}
                          fill={o ? (o.complete ? '#cfe8cf' : '#fff3c4') : '#f4f1ea'} stroke="#aaa" stroke-width={0.6} />
                        {o && <text x={x + 8 + l * cw + (cw - 4) / 2} y={oy + 15} font-size={8} text-anchor="middle">{fit(name, 6)} {String(o.marks ?? 0)}/{String(o.w ?? '')}</text>}
                        {o && <title>{`${name} · ${o.marks}/${o.w}${o.complete ? ' ✓' : ''}`}</title>}
                      </g>
                    )
                  })}
                </g>
              ))}
            </g>
          )
        })}
      </svg>
      <GenericView {...p} />
    </div>
  )
}
