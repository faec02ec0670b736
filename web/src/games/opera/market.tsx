/** The board's shared spaces: the display of music pieces with the draw and discard piles
 * (OP-4.10, OP-12.3), the Palazzo (OP-2.5) and the six role spaces with the figures' start space
 * (OP-2.10, OP-9). */
import { FitText, Panel, Spot, changedUnder, colourOf } from '../svg'
import type { BoardProps } from '../types'
import { PIECE_H, PIECE_W, Piece, pieceTip } from './look'
import { FIGURE_INK, type OperaData, type RoleData, inkOn, say } from './model'
import { BudgetDisc, BudgetIcon, MusicPiece, Note, Pawn } from './pieces'

const W = 360
const PER_ROW = 6

/** The display (pieces for sale, at their value), the draw pile (backs, counted) and the discard
 * pile (open: counted per composer). */
export function Display({ p, d }: { p: BoardProps; d: OperaData }) {
  const v = p.view
  const display = (Array.isArray(v.display) ? v.display : []) as string[]
  const ladder = (Array.isArray(v.ladder) ? v.ladder : []) as string[]
  const discard = (v.discard ?? {}) as Record<string, number>
  const drawPile = typeof v.draw_pile === 'number' ? v.draw_pile : 0
  const size = d.display_by_players[String(p.players)] ?? display.length
  const rows = Math.max(1, Math.ceil(Math.max(size, display.length) / PER_ROW))
  const gap = (W - 16 - PER_ROW * PIECE_W) / (PER_ROW - 1)
  const pilesY = 32 + rows * (PIECE_H + 6) + 8
  return (
    <Panel w={W} h={pilesY + 78} title={p.catalog.label('display')} part="display" changed={changedUnder(p, 'display')}>
      {Array.from({ length: Math.max(size, display.length) }, (_, i) => {
        const x = 8 + (i % PER_ROW) * (PIECE_W + gap)
        const y = 30 + Math.floor(i / PER_ROW) * (PIECE_H + 6)
        const piece = display[i]
        if (!piece) return <rect x={x} y={y} width={PIECE_W} height={PIECE_H} rx={5} fill="none" stroke="#c9b99c" stroke-dasharray="3 2" />
        return (
          <Spot id={piece} p={p} label={p.catalog.name(piece)} field="composer" piece={`display-${i}-${piece}`}
            tip={pieceTip(p, d, ladder, piece, null)}>
            <rect x={x - 1} y={y - 1} width={PIECE_W + 2} height={PIECE_H + 2} rx={6} fill="none" stroke="none" data-display={piece} />
            <Piece piece={piece} owner={null} x={x} y={y} p={p} ladder={ladder} />
          </Spot>
        )
      })}
      <g class="draw-pile" data-count={drawPile}>
        <Spot id={null} p={p} label={say(p, 'draw_pile_count', { n: drawPile })}>
          {[4, 2, 0].map((o) => <rect x={10 + o} y={pilesY + 4 - o} width={46} height={40} rx={5} fill="#5a2d3a" stroke="#2b2118" stroke-width={0.8} />)}
          <Note x={33} y={pilesY + 20} size={20} fill="#e2c98f" />
        </Spot>
        <text x={35} y={pilesY + 62} font-size={11} text-anchor="middle">{p.catalog.label('draw_pile')}</text>
        <text x={35} y={pilesY + 75} font-size={12} font-weight="bold" text-anchor="middle">{drawPile}</text>
      </g>
      <text x={76} y={pilesY + 8} font-size={11} fill="#6b5a44">{p.catalog.label('discard')}</text>
      {d.composers.map((c, i) => {
        const x = 76 + i * 46
        const n = discard[c.id] ?? 0
        return (
          <Spot id={null} p={p} label={`${p.catalog.name(c.id)}${p.catalog.marks.colon}${n}`}>
            <rect x={x} y={pilesY + 14} width={42} height={58} rx={4} fill="none" stroke="none" />
            <MusicPiece x={x + 3} y={pilesY + 14} w={36} h={32} composer={c.id} name="" value={ladder.indexOf(c.id) + 1} faded={n === 0} />
            <text x={x + 21} y={pilesY + 58} font-size={9} text-anchor="middle" fill="#6b5a44">{p.catalog.name(c.id)}</text>
            <text x={x + 21} y={pilesY + 70} font-size={11} font-weight="bold" text-anchor="middle" data-discard={c.id}>{`× ${n}`}</text>
          </Spot>
        )
      })}
    </Panel>
  )
}

/** The Palazzo's four spaces with the pieces sold to the King (OP-9.3). */
export function Palazzo({ p, d }: { p: BoardProps; d: OperaData }) {
  const v = p.view
  const palazzo = (Array.isArray(v.palazzo) ? v.palazzo : []) as string[]
  const ladder = (Array.isArray(v.ladder) ? v.ladder : []) as string[]
  const gap = 10
  return (
    <Panel w={W} h={96} title={p.catalog.label('palazzo')} part="palazzo" changed={changedUnder(p, 'palazzo')}>
      <path d={`M${W - 70},40 l20,-14 l20,14 v44 h-40 z`} fill="#e9dcc3" stroke="#8a7558" />
      <path d={`M${W - 56},84 v-18 a6,6 0 0 1 12,0 v18`} fill="#c9b99c" />
      {Array.from({ length: d.palazzo_capacity }, (_, i) => {
        const x = 10 + i * (PIECE_W + gap)
        const piece = palazzo[i]
        return (
          <g class="palazzo-space" data-filled={piece ? 'true' : 'false'}>
            <rect x={x - 2} y={36} width={PIECE_W + 4} height={PIECE_H + 4} rx={6} fill="#f3e6c8" stroke="#a08a64" stroke-dasharray={piece ? undefined : '3 2'} />
            {piece && (
              <Spot id={null} p={p} label={p.catalog.name(piece)} tip={pieceTip(p, d, ladder, piece, null)}>
                <rect x={x} y={38} width={PIECE_W} height={PIECE_H} fill="none" stroke="none" />
                <Piece piece={piece} owner={null} x={x} y={38} p={p} ladder={ladder} />
              </Spot>
            )}
          </g>
        )
      })}
    </Panel>
  )
}

function roleTip(p: BoardProps, role: RoleData) {
  return (
    <div class="op-tip">
      <strong>{p.catalog.name(role.id)}</strong>
      <div>{say(p, 'role_cost', { n: role.cost })}</div>
      <div>{p.catalog.label(`role_${role.id}`)}</div>
      {role.followable && <div>{say(p, 'role_follow', { n: role.follow_cost_per_use })}</div>}
    </div>
  )
}

/** The six role spaces: each tile with its budget cost and, for a character, its figure; a tile
 * taken this round shows the chooser's marker. Beside them the start space, where figures that
 * never moved stand (OP-4.2). */
export function Roles({ p, d }: { p: BoardProps; d: OperaData }) {
  const v = p.view
  const roles = (v.roles ?? {}) as Record<string, number | null>
  const figures = (v.figures ?? {}) as Record<string, string>
  const tileW = 110
  const tileH = 84
  const atStart = Object.entries(figures).filter(([, at]) => at === 'start').map(([role]) => role)
  const h = 30 + 2 * (tileH + 6) + 50
  return (
    <Panel w={W} h={h} title={p.catalog.label('roles')} part="roles" changed={changedUnder(p, 'roles')}>
      {d.roles.map((role, i) => {
        const x = 8 + (i % 3) * (tileW + 5)
        const y = 30 + Math.floor(i / 3) * (tileH + 6)
        const holder = roles[role.id]
        const taken = holder !== null && holder !== undefined
        const colour = taken ? colourOf(p, holder) : '#999'
        return (
          <Spot id={role.id} p={p} label={p.catalog.name(role.id)} field="role" tip={roleTip(p, role)} changed={changedUnder(p, `roles/${role.id}`)}>
            <rect x={x} y={y} width={tileW} height={tileH} rx={6} fill={taken ? '#e4d9c4' : role.kind === 'character' ? '#efe6f3' : '#f6ecd6'}
              stroke="#6b5a44" stroke-width={1.2} data-role={role.id} data-taken={taken ? String(holder) : undefined} />
            <FitText x={x + tileW / 2} y={y + 18} width={tileW - 10} size={13} text={p.catalog.name(role.id)} font-weight="bold" fill={taken ? '#8a7a62' : '#2b2118'} />
            <BudgetIcon x={x + 14} y={y + 36} r={7} />
            <text x={x + 25} y={y + 41} font-size={13} font-weight="bold">{role.cost}</text>
            {role.kind === 'character'
              ? <Pawn x={x + tileW - 18} y={y + 42} size={26} fill={FIGURE_INK[role.id] ?? '#555'} />
              : (
                <g>
                  <title>{say(p, 'role_follow', { n: role.follow_cost_per_use })}</title>
                  <FitText x={x + tileW / 2} y={y + 59} width={tileW - 10} size={11} text={p.catalog.label('followable')} fill="#6b5a44" />
                </g>
              )}
            {taken && (
              <g class="role-taken" data-seat={holder}>
                <BudgetDisc cx={x + 13} cy={y + tileH - 11} r={7} colour={colour} ink={inkOn(colour)} passed={false} />
                <FitText x={x + 24} y={y + tileH - 7} width={tileW - 28} size={11} anchor="start" text={p.catalog.seat(holder)} fill={colour} font-weight="bold" />
              </g>
            )}
          </Spot>
        )
      })}
      <g class="start-space" data-part="start-space">
        <rect x={8} y={h - 44} width={W - 16} height={36} rx={6} fill="#f7f0e2" stroke="#a08a64" stroke-dasharray="3 2" />
        <FitText x={16} y={h - 21} width={120} size={12} anchor="start" text={p.catalog.label('start_space')} fill="#6b5a44" />
        {atStart.map((role, i) => (
          <g class="figure" data-figure={role} data-at="start" data-piece={`figure-${role}`}>
            <title>{p.catalog.name(role)}</title>
            <Pawn x={160 + i * 70} y={h - 24} size={24} fill={FIGURE_INK[role] ?? '#555'} />
            <FitText x={174 + i * 70} y={h - 21} width={50} size={10} anchor="start" text={p.catalog.name(role)} />
          </g>
        ))}
      </g>
    </Panel>
  )
}
