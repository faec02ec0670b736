/** Star Road: the characters seated around the table (HP, storage, faction and character when
 * known), with each one's distance from you (SR-11.1: counted in living characters, min(k, n-k)),
 * and every seat's production lines: objects by line and level, with their progress. */
import type { JsonObject } from '../../api'
import { GenericView } from '../../components/GenericView'
import { Chip, Panel, Spot, changedUnder, fit, pickId, seatColour } from '../svg'
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

const objName = (p: BoardProps, o: JsonObject | null | undefined): string =>
  o ? `${p.catalog.seat(o.seat as number)} ${p.catalog.term('line')} ${String(o.line)}/${p.catalog.term('level')} ${String(o.level)}${o.no ? ` ${p.catalog.name(o.no as string)}` : ''}` : '—'

/** One seat's production lines: objects by line (columns) and level (rows, 1 at the bottom),
 * with their [W] and completion; objects on the ground below. */
function Lines({ s, i, p }: { s: JsonObject; i: number; p: BoardProps }) {
  const seat = s.seat as number
  const lines = typeof s.lines === 'number' ? s.lines : 4
  const objects = (Array.isArray(s.objects) ? s.objects : []) as JsonObject[]
  const ground = (Array.isArray(s.ground) ? s.ground : []) as JsonObject[]
  const levels = Math.max(2, ...objects.map((o) => (o.level as number) ?? 1))
  const w = 300
  const cw = (w - 16) / lines
  const groundY = 44 + levels * 34
  const h = groundY + (ground.length ? 36 : 4)
  const mine = seat === p.seat
  return (
    <Panel w={w} h={h} title={`${p.catalog.seat(seat)}${mine ? ` (${p.catalog.term('you')})` : ''}`} colour={seatColour(seat)}
      part="lines" seat={seat} changed={changedUnder(p, `seats/${i}/objects`)}>
      <text x={w - 10} y={20} font-size={11} text-anchor="end">{s.alive === false ? '✝' : `♥ ${String(s.hp)} · ⚙ ${String(s.storage ?? 0)}`}</text>
      {Array.from({ length: lines }, (_, l) => (
        <g>
          <text x={8 + l * cw + cw / 2} y={36} font-size={10} text-anchor="middle" fill="#6b5a44">{`${p.catalog.term('line')} ${l + 1}`}</text>
          {Array.from({ length: levels }, (_, lv) => {
            const o = objects.find((ob) => ob.line === l + 1 && ob.level === lv + 1)
            const oy = 40 + (levels - lv - 1) * 34
            const name = o ? (o.no ? p.catalog.name(o.no as string) : '?') : ''
            const keys = [`level=${lv + 1},line=${l + 1},seat=${seat}`, ...(mine ? [`level=${lv + 1},line=${l + 1}`] : [])]
            const id = o || mine ? pickId(p, keys) : null
            const label = o ? `${name} · ${String(o.marks ?? 0)}/${String(o.w ?? '')} [W]${o.complete ? ' ✓' : ''}${o.armed ? ' ⚑' : ''}${o.delay ? ` ⏳${String(o.delay)}` : ''}` : `${p.catalog.term('line')} ${l + 1} · ${p.catalog.term('level')} ${lv + 1}`
            return (
              <Spot id={id} p={p} label={label} changed={changedUnder(p, `seats/${i}/objects`) && !!o}>
                <rect x={10 + l * cw} y={oy} width={cw - 4} height={30} rx={4} data-object={o ? `${l + 1}/${lv + 1}` : undefined}
                  fill={o ? (o.complete ? '#cfe8cf' : '#fff3c4') : '#f4f1ea'} stroke={o ? '#8a7558' : '#ccc'} stroke-width={o ? 1 : 0.6} />
                {o && <text x={10 + l * cw + (cw - 4) / 2} y={oy + 13} font-size={10} text-anchor="middle">{fit(name, 9)}</text>}
                {o && <text x={10 + l * cw + (cw - 4) / 2} y={oy + 25} font-size={9} text-anchor="middle" fill="#6b5a44">
                  {`${String(o.marks ?? 0)}/${String(o.w ?? '')}${o.complete ? ' ✓' : ''}${o.delay ? ` ⏳${String(o.delay)}` : ''}`}
                </text>}
              </Spot>
            )
          })}
        </g>
      ))}
      {ground.length > 0 && <text x={10} y={groundY + 12} font-size={10} font-weight="bold">{p.catalog.term('ground')}</text>}
      {ground.map((g, j) => (
        <Spot id={typeof g.no === 'string' ? g.no : null} p={p} label={`${p.catalog.name(g.no ?? null)} · ${String(g.w)} [W]${g.complete ? ' ✓' : ''}`}>
          <Chip x={100 + j * 66} y={groundY} w={62} h={24} text={fit(p.catalog.name(g.no ?? null), 9)} fill={g.complete ? '#cfe8cf' : '#fff3c4'} size={10} />
        </Spot>
      ))}
    </Panel>
  )
}

/** What waits to resolve: the declarations on the stack (top first, who is being asked), the
 * attack under way (weapons, targets, order, blockers) and who may still answer in the window. */
function Stack({ p }: { p: BoardProps }) {
  const stack = (Array.isArray(p.view.stack) ? p.view.stack : []) as JsonObject[]
  const attack = (p.view.attack ?? null) as JsonObject | null
  const window = (Array.isArray(p.view.window) ? p.view.window : []) as number[]
  const weapons = (attack && Array.isArray(attack.weapons) ? attack.weapons : []) as JsonObject[]
  const rows: { text: string; seat: number | null; cls: string }[] = []
  for (const d of [...stack].reverse()) {
    const what = d.kind === 'ability' ? p.catalog.name(d.card ?? null) : objName(p, d.object as JsonObject)
    const asking = typeof d.asking === 'number' ? ` — ${p.catalog.term('asking')} ${p.catalog.seat(d.asking)}` : ''
    rows.push({ text: `${p.catalog.seat(d.owner as number)}: ${p.catalog.name(d.kind as string)} · ${what}${asking}`, seat: d.owner as number, cls: 'stack-entry' })
  }
  if (attack) {
    rows.push({ text: `${p.catalog.term('attack')} — ${p.catalog.term('attacker')} ${p.catalog.seat(attack.attacker as number)} (${p.catalog.name(attack.stage as string)})`, seat: attack.attacker as number, cls: 'attack' })
    for (const wp of weapons) {
      const targets = ((wp.targets ?? []) as number[]).map((t) => p.catalog.seat(t)).join(', ')
      rows.push({ text: `  ⚔ ${objName(p, wp.weapon as JsonObject)} → ${targets}`, seat: null, cls: 'weapon' })
    }
    if (typeof attack.target === 'number') rows.push({ text: `  ◎ ${p.catalog.term('targets')}: ${((attack.order ?? []) as number[]).map((t) => (t === attack.target ? `[${p.catalog.seat(t)}]` : p.catalog.seat(t))).join(' → ')}`, seat: null, cls: 'order' })
    const blockers = (Array.isArray(attack.blockers) ? attack.blockers : []) as JsonObject[]
    if (blockers.length) rows.push({ text: `  ⛨ ${p.catalog.term('blockers')}: ${blockers.map((b) => objName(p, b)).join(', ')}`, seat: null, cls: 'blockers' })
  }
  if (window.length) rows.push({ text: `${p.catalog.term('window')}: ${window.map((t) => p.catalog.seat(t)).join(', ')}`, seat: null, cls: 'window' })
  if (!rows.length) return null
  const w = 440
  return (
    <Panel w={w} h={34 + rows.length * 22} title={p.catalog.term('stack')} part="stack" changed={changedUnder(p, 'stack') || changedUnder(p, 'attack')}>
      {rows.map((r, j) => (
        <g class={r.cls}>
          {r.seat !== null && <circle cx={16} cy={36 + j * 22} r={6} fill={seatColour(r.seat)} />}
          <text x={28} y={40 + j * 22} font-size={13} fill={r.cls === 'attack' ? '#a2271c' : '#222'}>{fit(r.text, 60)}</text>
        </g>
      ))}
    </Panel>
  )
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
  const attack = (p.view.attack ?? null) as JsonObject | null
  const attacked = new Set<number>(attack ? ((attack.weapons ?? []) as JsonObject[]).flatMap((wp) => (wp.targets ?? []) as number[]) : [])
  const left = (Array.isArray(p.view.left_play) ? p.view.left_play : []) as [number, string][]
  return (
    <div class="starroad-board">
      <div class="sr-top">
        <svg class="board-svg sr-ring" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={p.t('board')} data-part="ring">
          <circle cx={c} cy={c} r={r} fill="none" stroke="#c9b99c" stroke-dasharray="4 4" />
          {attack && seats.map((s, i) => (attacked.has(s.seat as number) ? (() => {
            const a = seats.findIndex((x) => x.seat === attack.attacker)
            if (a < 0) return null
            const [x1, y1] = pos(a)
            const [x2, y2] = pos(i)
            return <line x1={x1} y1={y1} x2={x2} y2={y2} stroke="#a2271c" stroke-width={3} stroke-dasharray="8 4" class="attack-line" />
          })() : null))}
          {left.length > 0 && <text x={c} y={c + 4} font-size={11} text-anchor="middle" fill="#6b5a44">{`${p.catalog.term('left_play')}: ${left.length}`}</text>}
          {seats.map((s, i) => {
            const seat = s.seat as number
            const [x, y] = pos(i)
            const alive = s.alive !== false
            const d = me !== null && seat !== me && alive ? distance(seats, me, seat, countEliminated) : null
            const label = `${p.catalog.seat(seat)} · ${p.catalog.term('hp')} ${String(s.hp)}${d !== null ? ` · ${p.catalog.term('distance')} ${d}` : ''}`
            const faction = typeof s.faction === 'string' ? p.catalog.name(s.faction) : ''
            return (
              <Spot id={pickId(p, [`seat=${seat}`, `target=${seat}`])} p={p} label={label} changed={changedUnder(p, `seats/${i}/hp`)}>
                <circle cx={x} cy={y} r={46} fill={alive ? '#fffdf5' : '#ddd'} stroke={seatColour(seat)} stroke-width={p.actors.includes(seat) ? 7 : 3} data-seat={String(seat)} class="sr-seat" />
                <text x={x} y={y - 24} font-size={12} text-anchor="middle" font-weight="bold">{fit(p.catalog.seat(seat), 12)}</text>
                <text x={x} y={y - 6} font-size={15} text-anchor="middle">{alive ? `♥ ${String(s.hp)}` : '✝'}</text>
                <text x={x} y={y + 11} font-size={11} text-anchor="middle">⚙ {String(s.storage ?? 0)}</text>
                <text x={x} y={y + 27} font-size={10} text-anchor="middle">
                  {s.character ? fit(p.catalog.name(s.character as string), 12) : '?'}{faction ? ` · ${fit(faction, 4)}` : ''}
                </text>
                {d !== null && (
                  <g class="distance">
                    <circle cx={x + 36} cy={y - 36} r={12} fill="#2b2118" />
                    <text x={x + 36} y={y - 31} font-size={12} fill="#fff" text-anchor="middle">{d}</text>
                  </g>
                )}
              </Spot>
            )
          })}
        </svg>
        <Stack p={p} />
      </div>
      <div class="panels sr-lines">
        {[...seats.keys()].sort((a, b) => Number(seats[b].seat === me) - Number(seats[a].seat === me)).map((i) => <Lines s={seats[i]} i={i} p={p} />)}
      </div>
      <GenericView {...p} omit={['stack', 'attack', 'window']} drawn={['hp', 'storage', 'objects', 'ground', 'lines', 'alive']} />
    </div>
  )
}
