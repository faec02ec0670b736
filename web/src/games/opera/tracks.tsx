/** The tracks of Opera's board: the round track with the episode composers on the scoring spaces
 * (OP-2.4), the fame ladder (OP-2.3) and the budget table with every player's marker and the turn
 * order it makes (OP-2.2, OP-3.6). */
import type { JsonObject } from '../../api'
import { FitText, Panel, Spot, changedUnder, colourOf } from '../svg'
import type { BoardProps } from '../types'
import { PIECE_H, PIECE_W, pieceTip } from './look'
import {
  type OperaData, type Player, inkOn, opensIn, performedCounts, roundPlan, say,
} from './model'
import { BudgetDisc, BudgetIcon, CoinIcon, MusicPiece, Note, PassMarker, StarIcon } from './pieces'

const W = 360

/** Rounds grouped by episode, each group followed by its scoring space holding the episode
 * composer's piece (OP-3.10, OP-4.6). */
export function RoundTrack({ p, d }: { p: BoardProps; d: OperaData }) {
  const v = p.view
  const plan = roundPlan(d, p.options)
  const round = typeof v.round === 'number' ? v.round : 1
  const episode = typeof v.episode === 'number' ? v.episode : 1
  const composers = (Array.isArray(v.episode_composers) ? v.episode_composers : []) as string[]
  const ladder = (Array.isArray(v.ladder) ? v.ladder : []) as string[]
  const episodes = [...new Set(plan.episode_of_round)]
  const blockW = (W - 16) / episodes.length
  const opening = (r: number) => d.cities.filter((c) => r > 1 && opensIn(c, p.options) === r).map((c) => p.catalog.name(c.id))
  return (
    <Panel w={W} h={150} title={p.catalog.label('round_track')} part="round-track" changed={changedUnder(p, 'round')}>
      <text x={W - 10} y={20} font-size={12} text-anchor="end" fill="#6b5a44">{say(p, 'round_of', { round, rounds: plan.rounds })}</text>
      {episodes.map((e, i) => {
        const rounds = plan.episode_of_round.map((ep, k) => [ep, k + 1]).filter(([ep]) => ep === e).map(([, r]) => r)
        const x0 = 8 + i * blockW
        const space = (blockW - 6) / rounds.length
        const composer = composers[i]
        const bonus = d.episode_bonus[i] ?? 0
        const current = e === episode
        return (
          <g class="episode" data-episode={e}>
            <rect x={x0 + 1} y={30} width={blockW - 4} height={114} rx={6} fill={current ? '#f3e6c8' : '#f7f0e2'} stroke="#c9b99c" />
            {rounds.map((r, j) => {
              const opens = opening(r)
              return (
                <Spot id={null} p={p} label={say(p, 'round_n', { round: r })}
                  tip={<div class="op-tip"><strong>{say(p, 'round_n', { round: r })}</strong>{opens.length > 0 && <div>{say(p, 'cities_open', { cities: opens.join(p.catalog.marks.names) })}</div>}</div>}>
                  <rect x={x0 + 4 + j * space} y={36} width={space - 4} height={34} rx={4} data-round={r}
                    fill={r < round ? '#e4d9c4' : '#fffdf5'} stroke="#8a7558" />
                  <text x={x0 + 4 + j * space + (space - 4) / 2} y={51} font-size={13} text-anchor="middle" fill={r < round ? '#9a8a70' : '#2b2118'}>{r}</text>
                  {opens.length > 0 && <path d={`M${x0 + j * space + space - 11},45 l4,-6 l4,6 z`} fill="#8a7558" />}
                  {r === round && (
                    <g class="round-marker" data-piece="round-marker" data-round={r}>
                      <ellipse cx={x0 + 4 + j * space + (space - 4) / 2} cy={66} rx={8} ry={3} fill="#5b3a1e" />
                      <rect x={x0 + 4 + j * space + (space - 4) / 2 - 8} y={59} width={16} height={7} fill="#7a5230" />
                      <ellipse cx={x0 + 4 + j * space + (space - 4) / 2} cy={59} rx={8} ry={3} fill="#9c6b3f" />
                    </g>
                  )}
                </Spot>
              )
            })}
            <Spot id={null} p={p} label={say(p, 'episode_composer', { n: e })}
              tip={<div class="op-tip"><strong>{say(p, 'episode_composer', { n: e })}</strong>
                {composer && <div>{p.catalog.name(composer)}</div>}
                <div>{say(p, 'episode_bonus_rule', { n: bonus })}</div></div>}>
              <rect x={x0 + 6} y={76} width={blockW - 14} height={62} rx={5} fill="#fffaf0" stroke="#a08a64" stroke-dasharray="2 2" data-scoring={e} />
              <FitText x={x0 + 6 + (blockW - 14) / 2} y={88} width={blockW - 20} size={10} text={say(p, 'scoring_n', { n: e })} fill="#6b5a44" />
              {composer && <MusicPiece x={x0 + 10} y={92} w={PIECE_W - 4} h={PIECE_H - 4} composer={composer} name={p.catalog.name(composer)}
                value={ladder.indexOf(composer) + 1} />}
              <StarIcon x={x0 + blockW - 32} y={114} r={8} />
              <text x={x0 + blockW - 20} y={119} font-size={13} font-weight="bold">{`+${bonus}`}</text>
            </Spot>
          </g>
        )
      })}
    </Panel>
  )
}

/** The fame ladder: position 6 at the top. Each composer with the value of its pieces, what a piece
 * costs and fetches at the Signora, how many are performed now (OP-12.2), the episode composer
 * and the Critico's last move. */
export function FameLadder({ p, d, players }: { p: BoardProps; d: OperaData; players: Player[] }) {
  const v = p.view
  const ladder = (Array.isArray(v.ladder) ? v.ladder : []) as string[]
  const episode = typeof v.episode === 'number' ? v.episode : 1
  const episodeComposer = ((Array.isArray(v.episode_composers) ? v.episode_composers : []) as string[])[episode - 1]
  const critico = (v.critico_last ?? null) as JsonObject | null
  const performed = performedCounts(players)
  const rowH = 36
  const top = 46
  const h = top + ladder.length * rowH + 8
  return (
    <Panel w={W} h={h} title={p.catalog.label('ladder')} part="ladder" changed={changedUnder(p, 'ladder')}>
      <text x={186} y={38} font-size={10} text-anchor="middle" fill="#6b5a44">{p.catalog.label('price')}</text>
      <text x={244} y={38} font-size={10} text-anchor="middle" fill="#6b5a44">{p.catalog.name('signora')}</text>
      <text x={316} y={38} font-size={10} text-anchor="middle" fill="#6b5a44">{p.catalog.label('performed')}</text>
      {ladder.map((_, i) => {
        const position = ladder.length - i
        const composer = ladder[position - 1]
        const fame = d.fame[position - 1]
        const y = top + i * rowH
        const moved = critico && critico.composer === composer ? Number(critico.steps) : 0
        const isEpisode = composer === episodeComposer
        return (
          <g class="ladder-row" data-position={position} data-composer={composer}>
            <circle cx={22} cy={y + rowH / 2} r={12} fill="#2b2118" />
            <text x={22} y={y + rowH / 2 + 5} font-size={14} font-weight="bold" text-anchor="middle" fill="#f3e6c8">{position}</text>
            <Spot id={composer} p={p} label={p.catalog.name(composer)} field="composer" piece={`ladder-${composer}`}
              changed={changedUnder(p, `ladder/${position - 1}`)} tip={pieceTip(p, d, ladder, composer, null)}>
              <rect x={40} y={y + 3} width={116} height={rowH - 6} rx={5} fill="#fffdf5" stroke="#8a7558" />
              <MusicPiece x={42} y={y + 5} w={34} h={rowH - 10} composer={composer} name="" value={position} />
              <FitText x={82} y={y + rowH / 2 + 5} width={isEpisode ? 56 : 70} size={13} anchor="start" text={p.catalog.name(composer)} font-weight="bold" />
              {isEpisode && <StarIcon x={146} y={y + rowH / 2} r={7} />}
            </Spot>
            {moved !== 0 && critico && (
              <g class="critico-last" data-composer={composer} data-steps={moved}>
              <Spot id={null} p={p} label={say(p, 'critico_moved', { player: p.catalog.seat(critico.seat), composer: p.catalog.name(composer), steps: moved })}>
                <circle cx={162} cy={y + rowH / 2} r={10} fill="#222" stroke={colourOf(p, Number(critico.seat))} stroke-width={2} />
                {Array.from({ length: Math.abs(moved) }, (_, k) => {
                  const cy = y + rowH / 2 + (Math.abs(moved) === 2 ? (k ? 3 : -3) : 0)
                  return <path d={moved > 0 ? `M156,${cy + 2} l6,-5 l6,5` : `M156,${cy - 2} l6,5 l6,-5`} fill="none" stroke="#fff" stroke-width={2} />
                })}
              </Spot>
              </g>
            )}
            <CoinIcon x={176} y={y + rowH / 2} />
            <text x={186} y={y + rowH / 2 + 5} font-size={13}>{fame?.purchase_price ?? position}</text>
            <CoinIcon x={212} y={y + rowH / 2} />
            <text x={221} y={y + rowH / 2 + 5} font-size={13}>{fame?.signora_ducats ?? ''}</text>
            <text x={245} y={y + rowH / 2 + 5} font-size={11} fill="#6b5a44">/</text>
            <StarIcon x={258} y={y + rowH / 2} />
            <text x={267} y={y + rowH / 2 + 5} font-size={13}>{fame?.signora_vp ?? ''}</text>
            <Note x={306} y={y + rowH / 2} size={18} fill="#6b5a44" />
            <text x={318} y={y + rowH / 2 + 5} font-size={13} data-performed={performed.get(composer) ?? 0}>{`× ${performed.get(composer) ?? 0}`}</text>
          </g>
        )
      })}
    </Panel>
  )
}

/** The budget table (rows 10 at the top to 0, four slots each) with every marker, numbered by the
 * turn order it makes; beside it the turn order with each player's roles chosen and pass marker. */
export function BudgetTrack({ p, d, players }: { p: BoardProps; d: OperaData; players: Player[] }) {
  const v = p.view
  const order = (Array.isArray(v.turn_order) ? v.turn_order : []) as number[]
  const rows = d.budget.rows
  const rowH = 21
  const top = 34
  const slotW = 27
  const left = 34
  const h = top + (rows + 1) * rowH + 10
  const listX = left + d.budget.slots * slotW + 16
  const bids = (Array.isArray(v.bids) ? v.bids : null) as number[] | null
  return (
    <Panel w={W} h={h} title={p.catalog.label('budget')} part="budget" changed={changedUnder(p, 'turn_order')}>
      {Array.from({ length: rows + 1 }, (_, i) => {
        const row = rows - i
        const y = top + i * rowH
        return (
          <g class="budget-row" data-row={row}>
            <text x={left - 8} y={y + rowH / 2 + 4} font-size={12} text-anchor="end" fill="#6b5a44">{row}</text>
            {Array.from({ length: d.budget.slots }, (_, s) => (
              <rect x={left + s * slotW} y={y + 1} width={slotW - 2} height={rowH - 2} rx={3} fill={row === 0 ? '#efe3c9' : '#fffdf5'} stroke="#c9b99c" />
            ))}
          </g>
        )
      })}
      {players.map((pl) => {
        const colour = colourOf(p, pl.seat)
        const place = order.indexOf(pl.seat) + 1
        const cx = left + (pl.slot - 1) * slotW + (slotW - 2) / 2
        const cy = top + (rows - pl.row) * rowH + rowH / 2
        return (
          <g class="budget-marker" data-seat={pl.seat} data-row={pl.row} data-slot={pl.slot} data-piece={`budget-${pl.seat}`}>
            <title>{say(p, 'budget_marker', { player: p.catalog.seat(pl.seat), row: pl.row, place })}</title>
            <BudgetDisc cx={cx} cy={cy} r={8.5} colour={colour} ink={inkOn(colour)} label={String(place)} passed={pl.passed}
              seat={pl.seat} />
          </g>
        )
      })}
      <text x={listX} y={top + 8} font-size={11} font-weight="bold" fill="#6b5a44">{p.catalog.label('turn_order')}</text>
      {order.map((seat, i) => {
        const pl = players.find((x) => x.seat === seat)
        if (!pl) return null
        const colour = colourOf(p, seat)
        const y = top + 18 + i * 44
        const bid = bids ? bids[seat] : null
        return (
          <g class="turn-entry" data-seat={seat}>
            <BudgetDisc cx={listX + 9} cy={y + 9} r={9} colour={colour} ink={inkOn(colour)} label={String(i + 1)} passed={false} />
            <FitText x={listX + 24} y={y + 14} width={W - listX - 30} size={13} anchor="start" text={p.catalog.seat(seat)} fill={colour} font-weight="bold" />
            <g transform={`translate(${listX + 24} ${y + 22})`}>
              {Array.from({ length: d.max_roles }, (_, r) => (
                <rect x={r * 13} y={0} width={10} height={14} rx={2} fill={r < pl.rolesChosen ? colour : 'none'} stroke="#8a7558" stroke-width={0.8} />
              ))}
              <title>{say(p, 'roles_chosen_of', { n: pl.rolesChosen, max: d.max_roles })}</title>
            </g>
            <BudgetIcon x={listX + 24 + d.max_roles * 13 + 10} y={y + 29} r={6} />
            <text x={listX + 24 + d.max_roles * 13 + 19} y={y + 34} font-size={12}>{pl.row}</text>
            {bid !== null && bid !== undefined && (
              <g class="bid-shown">
                <title>{say(p, 'bid_was', { player: p.catalog.seat(seat), amount: bid })}</title>
                <CoinIcon x={listX + 24 + d.max_roles * 13 + 42} y={y + 29} r={6} />
                <text x={listX + 24 + d.max_roles * 13 + 51} y={y + 34} font-size={12}>{bid ? `−${bid}` : '0'}</text>
              </g>
            )}
            {pl.passed && <PassMarker cx={W - 18} cy={y + 28} r={7} />}
          </g>
        )
      })}
    </Panel>
  )
}
