/** Opera: the six cities with every player's opera house (halls and the pieces in them) and the
 * figures, the hall of fame, the display and the Palazzo, the roles taken this round and the budget
 * track (rows 0..10). Cities, composers and roles a move names are clickable. */
import type { Json, JsonObject } from '../../api'
import { GenericView } from '../../components/GenericView'
import { Spot, changedUnder, fit, seatColour } from '../svg'
import type { BoardProps } from '../types'

const CITIES = ['venezia', 'milano', 'paris', 'london', 'berlin', 'wien']
const ROLES = ['impresario', 'architetto', 'signora', 'maestro', 'critico', 'esperto']
const COMPOSER_COLOURS: Record<string, string> = {
  bach: '#8c6d46', handel: '#6f8fb5', mozart: '#c47aa5', verdi: '#5e9e61', wagner: '#a2473f', monteverdi: '#c9a53f',
}
const W = 760
const PLAYER_COLOURS: Record<string, string> = { red: '#c0392b', blue: '#2e6fd1', green: '#2a9d4b', yellow: '#d9a400', purple: '#8e44ad', black: '#333' }
const colourOf = (pl: JsonObject, seat: number): string =>
  (typeof pl.color === 'string' && PLAYER_COLOURS[pl.color]) || seatColour(seat)

function Card({ x, y, composer, p, id }: { x: number; y: number; composer: string; p: BoardProps; id: string | null }) {
  return (
    <Spot id={id} p={p} label={p.catalog.name(composer)}>
      <rect x={x} y={y} width={62} height={26} rx={4} fill={COMPOSER_COLOURS[composer] ?? '#999'} stroke="#333" stroke-width={0.6} />
      <text x={x + 31} y={y + 17} font-size={11} fill="#fff" text-anchor="middle">{fit(p.catalog.name(composer), 10)}</text>
    </Spot>
  )
}

export function OperaBoard(p: BoardProps) {
  const v = p.view
  const players = (Array.isArray(v.players) ? v.players : []) as JsonObject[]
  const ladder = (v.ladder ?? []) as string[]
  const episode = (v.episode_composers ?? []) as string[]
  const display = (v.display ?? []) as string[]
  const palazzo = (v.palazzo ?? []) as string[]
  const figures = (v.figures ?? {}) as Record<string, string>
  const roles = (v.roles ?? {}) as Record<string, number | null>
  const cityY = 150
  const cityH = 40 + 34 * Math.max(1, players.length)
  const trackY = cityY + 2 * (cityH + 10) + 20
  const height = trackY + 30 + 22 * players.length
  return (
    <div class="opera-board">
      <svg class="board-svg" viewBox={`0 0 ${W} ${height}`} role="img" aria-label={p.t('board')}>
        <text x={10} y={18} font-size={13} font-weight="bold">{p.catalog.name('ladder')}</text>
        {ladder.map((c, i) => (
          <g>
            <text x={10 + i * 70} y={36} font-size={10} fill="#666">{i + 1}{episode.includes(c) ? ' ★' : ''}</text>
            <Card x={10 + i * 70} y={40} composer={c} p={p} id={c} />
          </g>
        ))}
        <text x={440} y={18} font-size={13} font-weight="bold">{p.catalog.name('display')}</text>
        {display.map((c, i) => <Card x={440 + (i % 4) * 70} y={26 + Math.floor(i / 4) * 30} composer={c} p={p} id={c} />)}
        <text x={10} y={90} font-size={13} font-weight="bold">{p.catalog.name('palazzo')}</text>
        {palazzo.map((c, i) => <Card x={80 + i * 66} y={76} composer={c} p={p} id={null} />)}
        {ROLES.map((r, i) => {
          const holder = roles[r]
          return (
            <Spot id={r} p={p} label={p.catalog.name(r)} changed={changedUnder(p, `roles/${r}`)}>
              <rect x={10 + i * 124} y={108} width={118} height={26} rx={13} fill={holder === null || holder === undefined ? '#fffdf5' : colourOf(players.find((pl) => pl.seat === holder) ?? {}, holder)}
                stroke="#6b5a44" stroke-width={1} />
              <text x={69 + i * 124} y={125} font-size={11} text-anchor="middle" fill={holder === null || holder === undefined ? '#222' : '#fff'}>
                {p.catalog.name(r)}
              </text>
            </Spot>
          )
        })}
        {CITIES.map((city, i) => {
          const x = 10 + (i % 3) * 250
          const y = cityY + Math.floor(i / 3) * (cityH + 10)
          const here = Object.entries(figures).filter(([, at]) => at === city).map(([f]) => p.catalog.name(f))
          return (
            <Spot id={city} p={p} label={p.catalog.name(city)}>
              <rect x={x} y={y} width={240} height={cityH} rx={6} fill="#f7efe0" stroke="#8a7558" stroke-width={1} />
              <text x={x + 8} y={y + 16} font-size={13} font-weight="bold">{p.catalog.name(city)}</text>
              {here.length > 0 && <text x={x + 232} y={y + 16} font-size={10} text-anchor="end" fill="#7a3b12">♟ {here.join(', ')}</text>}
              {players.filter((pl) => ((pl.houses ?? {}) as Record<string, Json>)[city]).map((pl, row) => {
                const k = players.indexOf(pl)
                const house = ((pl.houses ?? {}) as Record<string, Json>)[city] as JsonObject
                const seat = typeof pl.seat === 'number' ? pl.seat : k
                const hy = y + 24 + row * 34
                const halls = (house.halls ?? []) as [number, string | null][]
                return (
                  <g class={changedUnder(p, `players/${k}/houses/${city}`) ? 'changed-svg' : ''}>
                    <rect x={x + 6} y={hy} width={228} height={30} rx={4} fill="#fff" stroke={colourOf(pl, seat)} stroke-width={2} />
                    <text x={x + 12} y={hy + 19} font-size={10}>{fit(p.catalog.seat(seat), 8)}</text>
                    {halls.map(([n, piece], j) => (
                      <g>
                        <rect x={x + 66 + j * 42} y={hy + 4} width={38} height={22} rx={3}
                          fill={piece ? COMPOSER_COLOURS[piece] ?? '#bbb' : '#eee'} stroke="#999" stroke-width={0.5} />
                        <text x={x + 85 + j * 42} y={hy + 19} font-size={9} text-anchor="middle" fill={piece && piece !== 'house' ? '#fff' : '#333'}>
                          {piece ? fit(p.catalog.name(piece), 6) : String(n)}
                        </text>
                        <title>{`${n}: ${piece ? p.catalog.name(piece) : '—'}`}</title>
                      </g>
                    ))}
                  </g>
                )
              })}
            </Spot>
          )
        })}
        <text x={10} y={trackY} font-size={13} font-weight="bold">{p.catalog.name('budget')}</text>
        {Array.from({ length: 11 }, (_, r) => (
          <g>
            <rect x={90 + r * 60} y={trackY - 14} width={56} height={20 + 22 * players.length} fill="#f7efe0" stroke="#c9b99c" />
            <text x={118 + r * 60} y={trackY} font-size={11} text-anchor="middle">{r}</text>
          </g>
        ))}
        {players.map((pl, k) => {
          const seat = typeof pl.seat === 'number' ? pl.seat : k
          const row = typeof pl.row === 'number' ? pl.row : 0
          return (
            <g class={changedUnder(p, `players/${k}/row`) ? 'changed-svg' : ''}>
              <circle cx={118 + row * 60} cy={trackY + 16 + k * 22} r={9} fill={colourOf(pl, seat)} stroke="#222" />
              <title>{`${p.catalog.seat(seat)}: ${row}`}</title>
            </g>
          )
        })}
      </svg>
      <GenericView {...p} omit={['ladder', 'display', 'palazzo', 'roles', 'figures']} />
    </div>
  )
}
