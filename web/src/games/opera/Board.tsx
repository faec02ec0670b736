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

/** Each city's building parts (data/cities.toml): the main building's halls, then each wing's,
 * hall numbers running on from the main building's. */
const PARTS: Record<string, [string, number][]> = {
  venezia: [['main', 1], ['left_wing', 1], ['right_wing', 1]], wien: [['main', 2], ['wing', 2]],
  berlin: [['main', 2], ['wing', 1]], london: [['main', 2], ['wing', 2]], paris: [['main', 3], ['wing', 2]],
  milano: [['main', 3], ['wing', 3]],
}
const CW = 250
const HALL = 26

/** One city: every player's opera house, part by part (built parts solid, the rest dashed), each
 * hall with the piece in it; the figures standing there. Clickable when a move names the city. */
function City({ city, players, figures, p }: { city: string; players: JsonObject[]; figures: Record<string, string>; p: BoardProps }) {
  const owners = players.filter((pl) => ((pl.houses ?? {}) as Record<string, Json>)[city])
  const here = Object.entries(figures).filter(([, at]) => at === city).map(([f]) => p.catalog.name(f))
  const h = 34 + 40 * Math.max(1, owners.length) + (here.length ? 16 : 0)
  const parts = PARTS[city] ?? [['main', 3]]
  return (
    <svg class="board-svg panel-svg" viewBox={`0 0 ${CW} ${h}`} data-part="city" data-city={city} role="img" aria-label={p.catalog.name(city)}>
      <Spot id={city} p={p} label={p.catalog.name(city)}>
        <rect x={1} y={1} width={CW - 2} height={h - 2} rx={8} fill="#f7efe0" stroke="#8a7558" stroke-width={1} />
        <text x={10} y={20} font-size={15} font-weight="bold">{p.catalog.name(city)}</text>
        {here.length > 0 && <text x={CW - 8} y={h - 8} font-size={11} text-anchor="end" fill="#7a3b12">♟ {here.join(', ')}</text>}
        {!owners.length && <text x={10} y={50} font-size={11} fill="#888">{p.catalog.term('empty')}</text>}
        {owners.map((pl, row) => {
          const k = players.indexOf(pl)
          const house = ((pl.houses ?? {}) as Record<string, Json>)[city] as JsonObject
          const seat = typeof pl.seat === 'number' ? pl.seat : k
          const hy = 30 + row * 40
          const halls = new Map(((house.halls ?? []) as [number, string | null][]).map(([n, piece]) => [n, piece]))
          let first = 1
          let x = 52
          return (
            <g class={`opera-house${changedUnder(p, `players/${k}/houses/${city}`) ? ' changed-svg' : ''}`} data-seat={String(seat)}>
              <title>{`${p.catalog.seat(seat)} · ${p.catalog.name(city)}`}</title>
              <rect x={4} y={hy} width={CW - 8} height={36} rx={4} fill="#fff" stroke={colourOf(pl, seat)} stroke-width={2} />
              <text x={10} y={hy + 15} font-size={10} font-weight="bold" fill={colourOf(pl, seat)}>{fit(p.catalog.seat(seat), 7)}</text>
              <text x={10} y={hy + 29} font-size={9} fill="#6b5a44">{`#${String(house.house ?? '')}`}</text>
              {parts.map(([part, n]) => {
                const nums = Array.from({ length: n }, (_, j) => first + j)
                first += n
                const built = nums.some((m) => halls.has(m))
                const px = x
                x += n * (HALL + 2) + 6
                return (
                  <g class="building-part" data-built={String(built)}>
                    <title>{`${p.catalog.name(part)}${built ? '' : ' —'}`}</title>
                    <rect x={px - 2} y={hy + 3} width={n * (HALL + 2) + 2} height={30} rx={3} fill={built ? '#e9dcc3' : 'none'}
                      stroke="#8a7558" stroke-width={0.8} stroke-dasharray={built ? undefined : '3 2'} />
                    {nums.map((m, j) => {
                      const piece = halls.get(m)
                      return (
                        <g>
                          <title>{`${p.catalog.name(part)} · ${m}: ${piece ? p.catalog.name(piece) : '—'}`}</title>
                          <rect x={px + j * (HALL + 2)} y={hy + 7} width={HALL} height={22} rx={3}
                            fill={!built ? 'none' : piece ? COMPOSER_COLOURS[piece] ?? '#bbb' : '#fffdf5'} stroke="#999" stroke-width={0.5} />
                          <text x={px + j * (HALL + 2) + HALL / 2} y={hy + 22} font-size={9} text-anchor="middle"
                            fill={piece && piece !== 'house' ? '#fff' : built ? '#333' : '#aaa'}>
                            {piece ? fit(p.catalog.name(piece), 4) : String(m)}
                          </text>
                        </g>
                      )
                    })}
                  </g>
                )
              })}
            </g>
          )
        })}
      </Spot>
    </svg>
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
  const trackY = 170
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
              <title>{`${p.catalog.seat(seat)}: ${row}`}</title>
              <circle cx={118 + row * 60} cy={trackY + 16 + k * 22} r={9} fill={colourOf(pl, seat)} stroke="#222" />
            </g>
          )
        })}
      </svg>
      <div class="panels cities">
        {CITIES.map((city) => <City city={city} players={players} figures={figures} p={p} />)}
      </div>
      <GenericView {...p} omit={['ladder', 'display', 'palazzo', 'roles', 'figures']} drawn={['houses', 'row', 'color']} />
    </div>
  )
}
