/** One city of the map (OP-2.6): its figure fields with the figures standing there, and every opera
 * house the city has at this player count: a player's house part by part (built parts framed, the
 * rest dashed), each hall with its piece; a house nobody has built yet drawn as its free main
 * building. */
import type { ComponentChildren } from 'preact'
import type { Move } from '../../api'
import { FitText, Panel, Spot, changedUnder, colourOf } from '../svg'
import type { BoardProps } from '../types'
import { PIECE_H, PIECE_W, Piece, pieceTip } from './look'
import {
  FIGURE_INK, type OperaData, type PartData, type Player, espertoValue, housesIn, incomeOf, opensIn, partsOf, pieceKeys, say,
} from './model'
import { CoinIcon, HallSpace, Pawn, StarIcon } from './pieces'

const W = 360
const HALL_GAP = 3
const PART_PAD = 3
const PART_GAP = 6

/** Parts in the order they stand: a left wing left of the main building, other wings right. */
const standing = (parts: PartData[]): PartData[] =>
  [...parts.filter((x) => x.kind === 'left_wing'), ...parts.filter((x) => x.kind !== 'left_wing')]

const partWidth = (part: PartData): number => part.halls * PIECE_W + (part.halls - 1) * HALL_GAP + 2 * PART_PAD

/** The moves that name this hall: with a supply piece in hand, putting it here; else taking the
 * piece out or selling it (or, when only that is possible, putting some piece in). */
function hallMoves(p: BoardProps, city: string, hall: number, held: string | null): Move[] {
  const here = p.legal.map((l) => l.move).filter((m) => (m.city === city || m.source === city) && m.hall === hall)
  if (held !== null) return here.filter((m) => m.kind === 'place' && m.piece === held)
  const out = here.filter((m) => m.kind !== 'place')
  return out.length ? out : here
}

/** A hall: its piece or its number; clickable when a move names it (one move: played at once;
 * several: the decision panel narrows to this city). */
function Hall({ p, d, city, hall, piece, owner, built, x, y, ladder, placed, held, slide }: {
  p: BoardProps; d: OperaData; city: string; hall: number; piece: string | null | undefined; owner: number; built: boolean
  x: number; y: number; ladder: string[]; placed: boolean; held: string | null; slide: string | undefined
}) {
  const moves = built && owner === p.seat ? hallMoves(p, city, hall, held) : []
  const key = `${city}-hall-${hall}`
  const local = moves.length ? { ...p, onPick: () => (moves.length === 1 ? p.send(moves[0]) : p.onPick(city)) } : p
  const label = piece
    ? `${say(p, 'hall_n', { n: hall })}${p.catalog.marks.colon}${p.catalog.name(piece)}`
    : `${say(p, 'hall_n', { n: hall })}${p.catalog.marks.colon}${p.catalog.label(built ? 'empty_hall' : 'not_built')}`
  return (
    <Spot id={moves.length ? key : null} p={local} label={label} clickable={moves.length > 0}
      tip={piece ? <div class="op-tip"><div>{say(p, 'hall_n', { n: hall })}</div>{pieceTip(p, d, ladder, piece, owner)}</div> : undefined}
      piece={piece ? slide : undefined}>
      <rect x={x} y={y} width={PIECE_W} height={PIECE_H} rx={5} fill="none" stroke="none"
        data-hall={hall} data-piece-in={piece ?? (built ? 'empty' : 'unbuilt')} />
      {piece ? <Piece piece={piece} owner={owner} x={x} y={y} p={p} ladder={ladder} />
        : <HallSpace x={x} y={y} w={PIECE_W} h={PIECE_H} number={hall} built={built} />}
      {placed && <circle cx={x + 6} cy={y + PIECE_H - 6} r={3.5} fill="#f0a800" stroke="#2b2118" stroke-width={0.5} />}
    </Spot>
  )
}

function partTip(p: BoardProps, part: PartData) {
  return (
    <div class="op-tip">
      <strong>{p.catalog.name(part.kind)}</strong>
      <div>{say(p, 'part_cost', { halls: part.halls, ducats: part.cost_ducats, vp: part.vp })}</div>
    </div>
  )
}

/** The build move that takes this part (OP-9.2.4, OP-9.2.5): a wing of your own house, or the main
 * building of the free house with the lowest index (the one a new house takes). */
function buildMove(p: BoardProps, city: string, part: PartData, owner: Player | undefined, firstFree: boolean): Move | undefined {
  const mine = owner ? owner.seat === p.seat : firstFree && part.kind === 'main'
  if (!mine) return undefined
  return p.legal.map((l) => l.move).find((m) => m.kind === 'build' && m.city === city && m.part === part.kind)
}

/** A building part: its costs on hover; built with one click when a legal move builds it. */
function PartSpot({ p, part, move, children }: { p: BoardProps; part: PartData; move: Move | undefined; children: ComponentChildren }) {
  const key = `${part.city}-build-${part.kind}`
  const local = move ? { ...p, onPick: () => p.send(move) } : p
  return <Spot id={move ? key : null} p={local} clickable={move !== undefined} label={p.catalog.name(part.kind)} tip={partTip(p, part)}>{children}</Spot>
}

/** One house row: the owner's name, its income now and (where the Esperto stands) what the Esperto
 * would score, then its parts. */
function HouseRow({ p, d, city, index, owner, y, ladder, maestroHere, espertoHere, placed, held, firstFree }: {
  p: BoardProps; d: OperaData; city: string; index: number; owner: Player | undefined; y: number; ladder: string[]
  maestroHere: boolean; espertoHere: boolean; placed: Set<string>; held: string | null; firstFree: number | undefined
}) {
  const parts = standing(partsOf(d, city, index))
  const house = owner?.houses.get(city)
  const colour = owner ? colourOf(p, owner.seat) : '#b8a888'
  const slides = owner ? pieceKeys(owner, d.cities.map((c) => c.id)) : new Map<string, string>()
  let x = 8
  const name = owner ? p.catalog.seat(owner.seat) : p.catalog.label('free_house')
  const rowH = owner ? PIECE_H + 28 : PIECE_H + 26
  return (
    <g class={owner ? 'opera-house' : 'free-house'} data-seat={owner?.seat} data-house={index}>
      <rect x={4} y={y} width={W - 8} height={rowH - 4} rx={6} fill={owner ? '#fff' : 'none'} stroke={colour}
        stroke-width={owner ? 2 : 1} stroke-dasharray={owner ? undefined : '4 3'} />
      <FitText x={12} y={y + 15} width={owner ? 170 : 300} size={12} anchor="start" text={name} fill={owner ? colour : '#8a7a62'} font-weight="bold" />
      {owner && house && (
        <g class="house-income">
          <title>{say(p, 'income_now', { n: incomeOf(d, house, maestroHere) })}</title>
          <CoinIcon x={W - (espertoHere ? 112 : 44)} y={y + 11} r={6} />
          <text x={W - (espertoHere ? 103 : 35)} y={y + 15} font-size={12}>{`+${incomeOf(d, house, maestroHere)}`}</text>
        </g>
      )}
      {owner && house && espertoHere && (
        <g class="esperto-value" data-value={espertoValue(house, ladder)}>
          <title>{say(p, 'esperto_value', { n: espertoValue(house, ladder) })}</title>
          <Pawn x={W - 62} y={y + 14} size={16} fill={FIGURE_INK.esperto} />
          <StarIcon x={W - 46} y={y + 11} r={6} />
          <text x={W - 37} y={y + 15} font-size={12}>{`+${espertoValue(house, ladder)}`}</text>
        </g>
      )}
      {parts.map((part) => {
        const built = house ? part.hall_numbers.some((n) => house.halls.has(n)) : false
        const px = x
        x += partWidth(part) + PART_GAP
        return (
          <g class="building-part" data-kind={part.kind} data-built={String(built)}>
            <PartSpot p={p} part={part} move={built ? undefined : buildMove(p, city, part, owner, index === firstFree)}>
              <rect x={px} y={y + 21} width={partWidth(part)} height={PIECE_H + 2 * PART_PAD - 2} rx={5}
                fill={built ? '#e9dcc3' : '#fff'} fill-opacity={built ? 1 : 0} stroke={built ? '#8a7558' : '#c4b79c'}
                stroke-dasharray={built ? undefined : '3 2'} />
            </PartSpot>
            {part.hall_numbers.map((n, j) => (
              <Hall p={p} d={d} city={city} hall={n} piece={house?.halls.get(n)} owner={owner?.seat ?? -1} built={built}
                x={px + PART_PAD + j * (PIECE_W + HALL_GAP)} y={y + 21 + PART_PAD - 1} ladder={ladder}
                placed={placed.has(`${city}/${n}`) && owner?.seat === p.seat} held={held} slide={slides.get(`${city}/${n}`)} />
            ))}
          </g>
        )
      })}
    </g>
  )
}

/** A city: its name, when it opens, its figure fields, then one row per opera house. Clickable
 * when a move names the city (a figure's destination, a building site). */
export function City({ p, d, city, players, ladder, held }: {
  p: BoardProps; d: OperaData; city: string; players: Player[]; ladder: string[]; held: string | null
}) {
  const data = d.cities.find((c) => c.id === city)
  if (!data) return null
  const v = p.view
  const figures = Object.entries((v.figures ?? {}) as Record<string, string>).filter(([, at]) => at === city).map(([role]) => role)
  const round = typeof v.round === 'number' ? v.round : 1
  const opens = opensIn(data, p.options)
  const houses = housesIn(d, city, p.players)
  const owners = new Map(players.flatMap((pl) => {
    const h = pl.houses.get(city)
    return h ? [[h.house, pl] as const] : []
  }))
  const decision = (v.decision ?? {}) as { placed_this_rearrangement?: [string, number][] }
  const placed = new Set((decision.placed_this_rearrangement ?? []).map(([c, n]) => `${c}/${n}`))
  const rowHeights = houses.map((i) => (owners.has(i) ? PIECE_H + 28 : PIECE_H + 26))
  const h = 40 + rowHeights.reduce((a, b) => a + b, 0) + 4
  let y = 40
  const maestroHere = figures.includes('maestro')
  return (
    <Panel w={W} h={h} title={p.catalog.name(city)} part="city" changed={changedUnder(p, 'figures')}>
      <g data-city={city}>
        <Spot id={city} p={p} label={p.catalog.name(city)} field="city"
          tip={<div class="op-tip"><strong>{p.catalog.name(city)}</strong>
            <div>{say(p, 'city_houses', { n: houses.length })}</div>
            {round < opens && <div>{say(p, 'opens_in', { round: opens })}</div>}
            <div>{say(p, 'figure_fields', { n: data.figure_fields })}</div></div>}>
          <rect x={4} y={4} width={W - 8} height={30} rx={6} fill={round < opens ? '#8a7558' : '#fff'} fill-opacity={round < opens ? 0.13 : 0} stroke="none" />
          {round < opens && <FitText x={130} y={22} width={120} size={11} anchor="start" text={say(p, 'opens_in', { round: opens })} fill="#7a3b12" />}
        </Spot>
        {Array.from({ length: data.figure_fields }, (_, i) => {
          const figure = figures[i]
          const cx = W - 22 - i * 34
          return (
            <g class="figure-field" data-field={i}>
              <circle cx={cx} cy={19} r={13} fill="#fffdf5" stroke="#8a7558" stroke-dasharray={figure ? undefined : '2 2'} />
              {figure && (
                <g class="figure" data-figure={figure} data-at={city} data-piece={`figure-${figure}`}>
                  <title>{p.catalog.name(figure)}{figure === 'maestro' ? ` · ${say(p, 'maestro_doubles')}` : ''}</title>
                  <Pawn x={cx} y={23} size={22} fill={FIGURE_INK[figure] ?? '#555'} />
                </g>
              )}
            </g>
          )
        })}
        {maestroHere && (
          <g class="maestro-doubles">
            <title>{say(p, 'maestro_doubles')}</title>
            <CoinIcon x={W - 35 - (data.figure_fields - 1) * 34 - 36} y={19} r={7} />
            <text x={W - 35 - (data.figure_fields - 1) * 34 - 5} y={24} font-size={12} font-weight="bold" text-anchor="end">× {d.maestro_multiplier}</text>
          </g>
        )}
        {houses.map((index, i) => {
          const rowY = y
          y += rowHeights[i]
          return (
            <HouseRow p={p} d={d} city={city} index={index} owner={owners.get(index)} y={rowY} ladder={ladder}
              maestroHere={maestroHere} espertoHere={figures.includes('esperto')} placed={placed} held={held}
              firstFree={houses.find((i) => !owners.has(i))} />
          )
        })}
      </g>
    </Panel>
  )
}
