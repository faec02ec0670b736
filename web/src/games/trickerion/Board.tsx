/** Trickerion's table: the tracks (turn, initiative order, Fame), the city (Downtown with its six
 * dice, Market Row, the Workshop, the Dark Alley with its decks and Prophecies), the Theater's four
 * days with their Performance cards and slots, the Dahlgaard Residence, then the player boards.
 * Every slot, die, card and component a legal move names is clickable.
 *
 * Each part gets the slices of the view it draws and the board's steady `BoardEnv`, and is memoized:
 * a state redraws only the parts whose slices changed (../choosable.tsx). */
import type { JsonObject } from '../../api'
import { capital } from '../../catalog'
import { SeatBadge, SeatToken } from '../../seatMarks'
import { changedWithin, memo, useBoardEnv, useSettle } from '../choosable'
import { useNarrow } from '../narrow'
import { FitText, Panel, Spot, changedUnder, colourOf } from '../svg'
import type { BoardEnv, BoardProps } from '../types'
import { hasData, isDarkAlley, playerOf, playersOf, type PlayerView, type StageCard, tdata } from './data'
import {
  AssignmentTip, CardBack, Frame, LocationIcon, PERF_H, PERF_W, PerformanceCard, PerformanceTip, ProphecyCard, ProphecyTip, TRICK_H, TRICK_W,
  TrickCard, TrickTip,
} from './cards'
import { ApIcon, CATEGORY_COLOURS, CharacterIcon, CoinIcon, ComponentIcon, DieFace, FameIcon } from './icons'
import { PlayerBoards } from './Players'
import { SetUpWizard, useWizard, type Wizard } from './Wizard'

/** Grid columns for the Theater's narrow panels (a card wide): several side by side. */
const NARROW = { gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 160px), 1fr))' }

/** A character on a slot: whose, whether it changed with the last state, and its AP while it acts. */
interface Placed { seat: number; character: string; changed: boolean; ap?: number }
type Placements = Record<string, Placed[]>

/** Which characters stand on which slot (from the players' characters). */
function placements(players: PlayerView[], current: JsonObject | null, changed: ReadonlySet<string>): Placements {
  const out: Placements = {}
  for (const pl of players) {
    for (const [character, c] of Object.entries(pl.characters ?? {})) {
      if (typeof c.slot !== 'string') continue
      const acting = current !== null && current.seat === pl.seat && current.character === character
      const placed: Placed = { seat: pl.seat, character, changed: changedUnder({ changed }, `players/${pl.seat}/characters/${character}`) }
      if (acting) placed.ap = Number(current.ap)
      out[c.slot] = [...(out[c.slot] ?? []), placed]
    }
  }
  return out
}

/** The placements on `ids` alone: what one part's slots show. */
const placedOn = (all: Placements, ids: string[]): Placements => Object.fromEntries(ids.filter((id) => all[id]).map((id) => [id, all[id]]))

/** A character's disc in its owner's colour. */
export function CharacterDisc({ p, seat, character, x, y, s = 22, ap }: { p: Pick<BoardEnv, 'colours'>; seat: number; character: string; x: number; y: number; s?: number; ap?: number }) {
  return (
    <g class="character-disc" data-seat={seat} data-character={character}>
      <circle cx={x} cy={y} r={s / 2} fill={colourOf(p, seat)} stroke="#1b140e" stroke-width={1} />
      <CharacterIcon character={character} x={x} y={y + 1} s={s * 0.8} fill="#1b140e" ink="#fff" />
      {ap !== undefined && <ApIcon x={x + s / 2} y={y - s / 2 + 2} s={12} value={ap} />}
      <SeatBadge seat={seat} colour={colourOf(p, seat)} cx={x - s / 2 - 1} cy={y - s / 2 + 2} r={5.5} />
    </g>
  )
}

/** One placement slot of a Location: its AP modifier, and the characters on it. */
function SlotSpot({ p, id, x, y, w, h, placed, unused }: { p: BoardEnv; id: string; x: number; y: number; w: number; h: number; placed: Placed[]; unused?: boolean }) {
  const slot = tdata(p).slots[id]
  const mod = slot?.ap_modifier ?? 0
  const label = `${p.catalog.name(id)}${placed.length ? ` — ${placed.map((q) => `${p.catalog.seat(q.seat)}${p.catalog.marks.colon}${p.catalog.name(q.character)}`).join(p.catalog.marks.groups)}` : ''}`
  return (
    <Spot id={id} p={p} label={label} field="slot" changed={placed.some((q) => q.changed)}>
      <g class="slot" data-slot={id} data-placed={placed.map((q) => `${q.seat}:${q.character}`).join(',')}>
        <rect x={x} y={y} width={w} height={h} rx={5} fill={unused ? '#d9d0bf' : '#fffaf0'} stroke="#8a7558" stroke-dasharray={unused ? '3 2' : undefined} />
        {!slot?.performance && <text x={x + 4} y={y + 12} font-size={10} font-weight="bold" fill={mod > 0 ? '#2a7d3b' : mod < 0 ? '#a0302a' : '#6b5a44'}>{mod > 0 ? `+${mod}` : String(mod)}</text>}
        {slot?.performance && <CharacterIcon character="magician" x={x + 9} y={y + 10} s={12} fill="#8a7558" />}
        {placed.map((q, i) => (
          <CharacterDisc p={p} seat={q.seat} character={q.character} x={x + w / 2 + (i - (placed.length - 1) / 2) * 20} y={y + h / 2 + 2} s={20}
            ap={q.ap} />
        ))}
      </g>
    </Spot>
  )
}

function Slots({ p, ids, x, y, w, h, placed }: { p: BoardEnv; ids: string[]; x: number; y: number; w: number; h: number; placed: Placements }) {
  return (
    <g>
      {ids.map((id, i) => {
        const minPlayers = tdata(p).slots[id]?.min_players ?? 2
        return <SlotSpot p={p} id={id} x={x + i * (w + 4)} y={y} w={w} h={h} placed={placed[id] ?? []} unused={p.players < minPlayers} />
      })}
    </g>
  )
}

interface Fame { seat: number; fame: number }

/** Turn counter, initiative order (the Advertise spaces) and the Fame track. */
const Tracks = memo(function Tracks({ p, turn, last, order, spaces, players, changed }: {
  p: BoardEnv; turn: number; last: number; order: number[]; spaces: number[]; players: Fame[]; changed: boolean
}) {
  const maxFame = Math.max(40, ...players.map((pl) => pl.fame + 5))
  const W = 440
  const fx = (f: number) => 20 + (f / maxFame) * (W - 40)
  // two players a row, so that a name ("電腦 2（簡單）", or 24 letters) reads at its size: four to a
  // row squeezed a bot's name to a few pixels on a phone
  const rows = Math.max(1, Math.ceil(order.length / 2))
  const down = (rows - 1) * 36  // what the extra rows push the Fame track down by
  return (
    <Panel w={W} h={170 + down} title={p.catalog.term('tracks')} part="tracks" changed={changed}>
      <g data-part="turn-track" data-turn={turn} data-last-turn={last}>
        {Array.from({ length: last }, (_, i) => (
          <g>
            <rect x={W - 12 - (last - i) * 24} y={8} width={20} height={20} rx={4} fill={i + 1 === turn ? '#8a2434' : i + 1 < turn ? '#c9b99c' : '#fffaf0'} stroke="#8a7558" />
            <text x={W - 2 - (last - i) * 24} y={22} font-size={11} text-anchor="middle" fill={i + 1 === turn ? '#fff' : '#2b2118'}>{i + 1}</text>
          </g>
        ))}
      </g>
      <text x={10} y={48} font-size={11} fill="#6b5a44">{p.catalog.term('turn_order')}</text>
      <g data-part="initiative">
        {order.map((seat, i) => {
          const x = 10 + (i % 2) * 216, y = 54 + Math.floor(i / 2) * 36
          return (
            <g data-seat={seat} data-position={i + 1}>
              <rect x={x} y={y} width={210} height={30} rx={5} fill="#fffaf0" stroke={colourOf(p, seat)} stroke-width={2} />
              <text x={x + 8} y={y + 20} font-size={12} font-weight="bold" fill="#6b5a44">{i + 1}</text>
              <SeatToken seat={seat} colour={colourOf(p, seat)} cx={x + 28} cy={y + 15} r={8} />
              <FitText x={x + 40} y={y + 19} width={140} size={12} text={p.catalog.seat(seat)} anchor="start" fill="#2b2118" />
              {spaces[i] !== undefined && <CoinIcon x={x + 190} y={y + 4} s={14} value={spaces[i]} />}
            </g>
          )
        })}
      </g>
      <g transform={`translate(0 ${down})`}>
        <text x={10} y={106} font-size={11} fill="#6b5a44">{capital(p.catalog.name('fame'))}</text>
        <g data-part="fame-track">
          <line x1={20} x2={W - 20} y1={130} y2={130} stroke="#8a7558" stroke-width={3} />
          {Array.from({ length: Math.floor(maxFame / 5) + 1 }, (_, i) => (
            <g><line x1={fx(i * 5)} x2={fx(i * 5)} y1={125} y2={135} stroke="#8a7558" /><text x={fx(i * 5)} y={148} font-size={9} text-anchor="middle" fill="#6b5a44">{i * 5}</text></g>
          ))}
          {tdata(p).fame_thresholds.filter((t) => t > 1 && t <= maxFame).map((t) => (
            <g><FameIcon x={fx(t)} y={160} s={14} /><text x={fx(t) + 9} y={164} font-size={9} fill="#c0392b">{t}</text></g>
          ))}
          {players.map((pl, i) => (
            <g data-seat={pl.seat} data-fame={pl.fame} class="fame-marker" data-piece={`fame-${pl.seat}`}>
              <SeatToken seat={pl.seat} colour={colourOf(p, pl.seat)} cx={fx(pl.fame)} cy={130 - 10 - i * 5} r={6} stroke="#1b140e" />
              <title>{`${p.catalog.seat(pl.seat)}${p.catalog.marks.colon}${pl.fame} ${p.catalog.name('fame')}`}</title>
            </g>
          ))}
        </g>
      </g>
    </Panel>
  )
})

const DICE_GROUPS: [string, string[]][] = [['residence', ['residence_a', 'residence_b']], ['inn', ['inn_specialist', 'inn_apprentice']], ['bank', ['bank_a', 'bank_b']]]

const Downtown = memo(function Downtown({ p, dice, placed, changed }: {
  p: BoardEnv; dice: Record<string, string | null>; placed: Placements; changed: ReadonlySet<string>
}) {
  const ids = Object.keys(tdata(p).dice)
  return (
    <Panel w={380} h={200} title={p.catalog.name('downtown')} part="downtown" changed={changed.size > 0}>
      <Slots p={p} ids={['downtown_1', 'downtown_2', 'downtown_3', 'downtown_4']} x={10} y={30} w={87} h={40} placed={placed} />
      {DICE_GROUPS.map(([group, dieIds], g) => (
        <g>
          <rect x={10 + g * 122} y={80} width={116} height={110} rx={6} fill="#f1e6d0" stroke="#c9b99c" />
          <FitText x={68 + g * 122} y={96} width={108} size={11} text={p.catalog.term(`die_group_${group}`)} fill="#6b4a2f" font-weight="bold" />
          {dieIds.map((die, k) => {
            // null before the first roll (setup): a die without a face, never an X it did not roll
            const face = dice[die] ?? null
            const index = ids.indexOf(die)
            const shown = face === null ? p.catalog.term('dice_unrolled') : p.catalog.name(face)
            return (
              <Spot id={`die=${index}`} p={p} label={`${p.catalog.name(die)}${p.catalog.marks.colon}${shown}`} field="die" changed={changedUnder({ changed }, `dice/${die}`)}
                tip={<DieTip p={p} die={die} face={face} />}>
                <g class="die" data-die={die} data-face={face ?? 'unrolled'} data-piece={`die-${die}`}>
                  <Frame x={18 + g * 122 + k * 56} y={113} w={44} h={44} />
                  <DieFace face={face} x={40 + g * 122 + k * 56} y={135} s={44} />
                  <FitText x={40 + g * 122 + k * 56} y={178} width={52} size={9} text={p.catalog.term(`die_short_${die}`)} fill="#6b5a44" />
                </g>
              </Spot>
            )
          })}
        </g>
      ))}
    </Panel>
  )
})

function DieTip({ p, die, face }: { p: BoardEnv; die: string; face: string | null }) {
  const faces = tdata(p).dice[die] ?? []
  return (
    <div class="card-tip">
      <svg width={56} height={56} viewBox="0 0 56 56"><DieFace face={face} x={28} y={28} s={50} /></svg>
      <div>
        <strong>{p.catalog.name(die)}</strong>
        <div>{face === null ? p.catalog.term('dice_unrolled')
          : `${p.catalog.term('face_up')}${p.catalog.marks.colon}${p.catalog.name(face)}`}</div>
        <div>{`${p.catalog.term('die_faces')}${p.catalog.marks.colon}${faces.map((f) => p.catalog.name(f)).join(p.catalog.marks.names)}`}</div>
      </div>
    </div>
  )
}

function ComponentSpot({ p, component, x, y, s = 30, field = 'component', dashed = false }: { p: BoardEnv; component: string | null; x: number; y: number; s?: number; field?: string; dashed?: boolean }) {
  if (!component) return <rect x={x} y={y} width={s} height={s} rx={5} fill="none" stroke="#b0a28a" stroke-dasharray="3 2" />
  const c = tdata(p).components[component]
  return (
    <Spot id={component} p={p} label={`${p.catalog.name(component)} · ${p.catalog.fill(p.catalog.label('amount_coins'), { n: c?.price ?? 0 }, null)}`} field={field}>
      <g class="component" data-component={component}>
        <Frame x={x} y={y} w={s} h={s} />
        <ComponentIcon component={component} tier={c?.tier ?? 'basic'} x={x + s / 2} y={y + s / 2} s={s} />
        {dashed && <rect x={x} y={y} width={s} height={s} rx={5} fill="none" stroke="#2b2118" stroke-dasharray="3 2" />}
        <CoinIcon x={x + s - 3} y={y + s - 3} s={13} value={c?.price} />
        <FitText x={x + s / 2} y={y + s + 11} width={s + 4} size={9} text={p.catalog.name(component)} fill="#2b2118" />
      </g>
    </Spot>
  )
}

const MarketRow = memo(function MarketRow({ p, market, extra, placed, changed }: {
  p: BoardEnv; market: JsonObject; extra: string[]; placed: Placements; changed: boolean
}) {
  const buy = (market.buy ?? []) as string[]
  const orders = (market.orders ?? []) as (string | null)[]
  const quick = (market.quick_order ?? null) as string | null
  return (
    <Panel w={380} h={222} title={p.catalog.name('market_row')} part="market-row" changed={changed}>
      <Slots p={p} ids={['market_row_1', 'market_row_2', 'market_row_3', 'market_row_4']} x={10} y={30} w={87} h={40} placed={placed} />
      <text x={10} y={92} font-size={11} fill="#6b5a44">{p.catalog.term('buy_row')}</text>
      <g data-part="buy-row">{buy.map((c, i) => <ComponentSpot p={p} component={c} x={10 + i * 44} y={98} s={34} />)}
        {extra.map((c, i) => <ComponentSpot p={p} component={c} x={10 + (buy.length + i) * 44} y={98} s={34} dashed />)}</g>
      <text x={10} y={160} font-size={11} fill="#6b5a44">{p.catalog.term('orders')}</text>
      <g data-part="orders">{orders.map((c, i) => <g data-order={i + 1}><ComponentSpot p={p} component={c} x={10 + i * 44} y={166} s={34} /></g>)}</g>
      <text x={250} y={160} font-size={11} fill="#6b5a44">{p.catalog.term('quick_order')}</text>
      <g data-part="quick-order"><ComponentSpot p={p} component={quick} x={250} y={166} s={34} />
        <CoinIcon x={300} y={183} s={16} value={`+${tdata(p).quick_order_surcharge}`} /></g>
    </Panel>
  )
})

const Workshop = memo(function Workshop({ p, placed }: { p: BoardEnv; placed: Placements }) {
  return (
    <Panel w={380} h={90} title={p.catalog.name('workshop')} part="workshop">
      <Slots p={p} ids={['workshop_1', 'workshop_2']} x={10} y={32} w={176} h={48} placed={placed} />
    </Panel>
  )
})

const DarkAlley = memo(function DarkAlley({ p, da, placed, changed }: { p: BoardEnv; da: JsonObject; placed: Placements; changed: boolean }) {
  const decks = (da.special_decks ?? {}) as Record<string, number>
  const active = (da.active_prophecy ?? null) as string | null
  const pending = (da.pending_prophecies ?? []) as (string | null)[]
  return (
    <Panel w={380} h={290} title={p.catalog.name('dark_alley')} part="dark-alley" changed={changed}>
      <Slots p={p} ids={['dark_alley_1', 'dark_alley_2', 'dark_alley_3', 'dark_alley_4']} x={10} y={30} w={87} h={40} placed={placed} />
      <text x={10} y={90} font-size={11} fill="#6b5a44">{p.catalog.term('special_decks')}</text>
      <g data-part="special-decks">
        {['downtown', 'market_row', 'workshop', 'theater'].map((loc, i) => (
          <Spot id={loc} p={p} label={`${p.catalog.name(loc)}${p.catalog.marks.colon}${decks[loc] ?? 0}`} field="deck">
            <g data-deck={loc} data-count={decks[loc] ?? 0}>
              <Frame x={14 + i * 90} y={96} w={56} h={74} />
              <CardBack x={14 + i * 90} y={96} w={56} h={74} location={loc} />
              <LocationIcon location={loc} x={42 + i * 90} y={124} s={22} />
              <text x={42 + i * 90} y={186} font-size={12} text-anchor="middle" font-weight="bold" fill="#2b2118">{`×${decks[loc] ?? 0}`}</text>
            </g>
          </Spot>
        ))}
      </g>
      <text x={10} y={196} font-size={11} fill="#6b5a44">{p.catalog.term('prophecies')}</text>
      <g data-part="prophecy-track">
        {active
          ? <Spot id={active} p={p} label={p.catalog.name(active)} tip={<ProphecyTip p={p} prophecy={active} />}><ProphecyCard p={p} prophecy={active} x={10} y={202} w={90} h={64} active /></Spot>
          : <rect x={10} y={202} width={90} height={64} rx={8} fill="none" stroke="#9a86b0" stroke-dasharray="3 2" />}
        <text x={55} y={280} font-size={9} text-anchor="middle" fill="#6b5a44">{p.catalog.term('active_prophecy')}</text>
        {pending.map((pr, i) => (
          <g data-pending={i + 1}>
            {pr ? <Spot id={`pending=${i + 1}`} p={p} label={p.catalog.name(pr)} tip={<ProphecyTip p={p} prophecy={pr} />}><ProphecyCard p={p} prophecy={pr} x={108 + i * 72} y={206} w={68} h={56} /></Spot>
              : <rect x={108 + i * 72} y={206} width={68} height={56} rx={6} fill="none" stroke="#9a86b0" stroke-dasharray="3 2" />}
          </g>
        ))}
        <g data-pile={Number(da.prophecy_pile ?? 0)}>
          <rect x={108 + pending.length * 72} y={206} width={40} height={56} rx={6} fill="#3a3046" stroke="#9a86b0" />
          <text x={128 + pending.length * 72} y={239} font-size={12} text-anchor="middle" fill="#f3e3b5">{`×${Number(da.prophecy_pile ?? 0)}`}</text>
        </g>
      </g>
    </Panel>
  )
})

/** One day of the Theater: its weekday modifiers, backstage slots and the Performance slot. */
const TheaterDay = memo(function TheaterDay({ p, day, placed, performing }: { p: BoardEnv; day: string; placed: Placements; performing: boolean }) {
  const mods = tdata(p).weekdays_modifiers[day] ?? { fame: 0, coins: 0 }
  const W = PERF_W + 20
  const sign = (n: number) => (n > 0 ? `+${n}` : String(n))
  return (
    <Panel w={W} h={146} title={p.catalog.name(day)} part="theater-day" colour={performing ? '#8a2434' : undefined}>
      <g data-day={day} data-modifier-fame={mods.fame} data-modifier-coins={mods.coins}>
        <FameIcon x={W - 60} y={14} s={16} /><text x={W - 50} y={19} font-size={11} font-weight="bold">{sign(mods.fame)}</text>
        <CoinIcon x={W - 28} y={14} s={16} /><text x={W - 18} y={19} font-size={11} font-weight="bold">{sign(mods.coins)}</text>
      </g>
      <text x={10} y={40} font-size={10} fill="#6b5a44">{p.catalog.term('backstage')}</text>
      <Slots p={p} ids={[`${day}_backstage_1`, `${day}_backstage_2`]} x={10} y={44} w={(PERF_W - 4) / 2} h={40} placed={placed} />
      <text x={10} y={100} font-size={10} fill="#6b5a44">{p.catalog.term('performance_slot')}</text>
      <Slots p={p} ids={[`${day}_performance`]} x={10} y={104} w={PERF_W} h={36} placed={placed} />
    </Panel>
  )
})

/** One of the Theater's N+1 card positions (1 newest; the last leaves at the end of the turn). `wizard`
 * only while the Set up Trick wizard is open (null otherwise: the position need not follow its steps). */
const StagePosition = memo(function StagePosition({ p, index, stage, wizard, changed }: {
  p: BoardEnv; index: number; stage: StageCard | null; wizard: Wizard | null; changed: boolean
}) {
  const W = PERF_W + 20
  const last = index === p.players
  const cardId = stage ? `card=${stage.position}` : null
  const picking = wizard !== null && wizard.step === 'card' && stage !== null && wizard.cards.has(stage.position)
  const chosen = wizard !== null && stage !== null && wizard.card === stage.position
  return (
    <Panel w={W} h={PERF_H + 40} title={`${p.catalog.term('position')} ${index + 1}`} part="stage-position" changed={changed}>
      {last && <FitText x={W - 10} y={20} width={W - 100} size={10} text={p.catalog.term('leaves_next')} anchor="end" fill="#8a2434" />}
      {stage ? (
        <g class={`${picking ? 'clickable wizard-pick' : ''}${chosen ? ' wizard-chosen' : ''}`} onClick={picking ? () => wizard.choose({ card: stage.position }) : undefined}
          data-wizard={picking ? `card-${stage.position}` : undefined}>
          <Spot id={wizard ? null : cardId} p={p} label={p.catalog.name(stage.card)} field="card" tip={<PerformanceTip p={p} card={stage.card} markers={stage.markers} />}>
            <g data-position={stage.position}>
              <Frame x={10} y={30} w={PERF_W} h={PERF_H} rx={9} />
              <PerformanceCard p={p} card={stage.card} x={10} y={30} markers={stage.markers}
                slotContent={chosen && wizard.step === 'slot' ? (slot, sx, sy) => wizard.slots.has(slot) && (
                  <path class="clickable hot wizard-slot" data-wizard={`slot-${slot}`} d={`M${sx} ${sy - 15} L${sx + 15} ${sy} L${sx} ${sy + 15} L${sx - 15} ${sy} z`}
                    fill="rgba(243,211,74,0.35)" stroke="#f3d34a" stroke-width={2.5} onClick={(e) => { e.stopPropagation(); wizard.choose({ slot }) }} />
                ) : undefined} />
            </g>
          </Spot>
          {(chosen || picking) && <rect x={7} y={27} width={PERF_W + 6} height={PERF_H + 6} rx={10} fill={picking ? 'rgba(243,211,74,0.12)' : 'none'}
            stroke="#f3d34a" stroke-width={3} stroke-dasharray={picking ? '6 3' : undefined} />}
        </g>
      ) : (
        <g data-position="empty"><rect x={10} y={30} width={PERF_W} height={PERF_H} rx={8} fill="#e9e2d3" stroke="#b0a28a" stroke-dasharray="4 3" /></g>
      )}
    </Panel>
  )
})

const TheaterDeck = memo(function TheaterDeck({ p, deck, discarded }: { p: BoardEnv; deck: number; discarded: number }) {
  return (
    <Panel w={170} h={150} title={p.catalog.term('performance_deck')} part="performance-deck">
      <g data-deck="performance" data-count={deck}>
        <CardBack x={10} y={30} w={72} h={72} />
        <text x={46} y={120} font-size={12} text-anchor="middle" font-weight="bold">{`×${deck}`}</text>
      </g>
      <g data-part="discarded" data-count={discarded}>
        <rect x={90} y={30} width={72} height={72} rx={6} fill="#e9e2d3" stroke="#b0a28a" stroke-dasharray="4 3" />
        <text x={126} y={72} font-size={12} text-anchor="middle" font-weight="bold">{`×${discarded}`}</text>
        <FitText x={126} y={120} width={76} size={10} text={p.catalog.term('discarded')} fill="#6b5a44" />
      </g>
    </Panel>
  )
})

/** The Dahlgaard Residence: the Tricks nobody has learned, by category and level; what the player
 * could learn now (Fame threshold met, components owned) is marked. */
/** What the Residence needs of the seat's own player: whether each Trick can be learned. */
type Learner = Pick<PlayerView, 'fame' | 'components'>

const Residence = memo(function Residence({ p, residence, me, changed }: { p: BoardEnv; residence: string[]; me: Learner | null; changed: boolean }) {
  const d = tdata(p)
  const narrow = useNarrow(600)  // a phone: three cards a row instead of four
  const perRow = narrow ? 3 : 4
  return (
    <div class="panels residence" data-part="residence">
      {d.categories.map((category) => {
        const tricks = residence.filter((t) => d.tricks[t]?.category === category)
        const levels = [...new Set(tricks.map((t) => d.tricks[t].level))].sort()
        // a row per level (four cards of a level side by side); on a phone, three a row by level
        const byLevel = levels.map((lv) => tricks.filter((t) => d.tricks[t].level === lv))
        const rows = narrow ? [byLevel.flat()] : byLevel
        const heights = rows.map((r) => Math.ceil(r.length / perRow) * (TRICK_H + 24))
        const H = 34 + heights.reduce((a, b) => a + b, 0)
        let y = 30
        return (
          <Panel w={perRow * (TRICK_W + 6) + 14} h={Math.max(H, 60)} title={`${p.catalog.term('residence')} · ${p.catalog.name(category)}`} part="residence-category"
            colour={CATEGORY_COLOURS[category]} changed={changed}>
            {rows.map((row) => {
              const top = y
              y += Math.ceil(row.length / perRow) * (TRICK_H + 24)
              return row.map((trick, i) => {
                const t = d.tricks[trick]
                const x = 10 + (i % perRow) * (TRICK_W + 6)
                const ty = top + Math.floor(i / perRow) * (TRICK_H + 24)
                const fameOk = me ? me.fame >= t.threshold : false
                const compsOk = me ? Object.entries(t.components).every(([c, n]) => (me.components[c]?.effective ?? 0) >= n) : false
                return (
                  <Spot id={trick} p={p} label={p.catalog.name(trick)} field="trick" tip={<TrickTip p={p} trick={trick} />}>
                    <g data-residence-trick={trick} data-affordable={fameOk ? 'true' : 'false'} data-components-owned={compsOk ? 'true' : 'false'}>
                      <Frame x={x} y={ty} w={TRICK_W} h={TRICK_H} rx={8} />
                      <TrickCard p={p} trick={trick} x={x} y={ty} dim={me !== null && !fameOk} />
                      {me && (
                        <g>
                          <rect x={x} y={ty + TRICK_H + 3} width={TRICK_W} height={17} rx={4} fill={fameOk ? '#e3f1dc' : '#f4dcd6'} />
                          <FitText x={x + TRICK_W / 2} y={ty + TRICK_H + 15} width={TRICK_W - 6} size={9}
                            text={fameOk ? (compsOk ? p.catalog.term('can_learn_prepare') : p.catalog.term('can_learn')) : p.catalog.term('fame_too_low')}
                            fill={fameOk ? '#2a6b2a' : '#8a2a1a'} />
                        </g>
                      )}
                    </g>
                  </Spot>
                )
              })
            })}
          </Panel>
        )
      })}
    </div>
  )
})

const slotIds = (location: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${location}_${i + 1}`)

export function TrickerionBoard(p: BoardProps) {
  const v = p.view
  const env = useBoardEnv(p)
  const wizard = useWizard(p)
  const settle = useSettle()
  if (!hasData(p)) return <div class="trickerion-board" />
  const players = playersOf(v)
  const placed = placements(players, (v.placement ?? null) as JsonObject | null, p.changed)
  // each part's placements keep their identity while they do not change (its memo holds)
  const on = (part: string, ids: string[]) => settle(part, placedOn(placed, ids))
  const changed = (prefixes: string[]) => changedWithin(p.changed, prefixes).size > 0
  const theater = (Array.isArray(v.theater) ? v.theater : []) as (StageCard | null)[]
  const days = tdata(p).weekdays
  const da = isDarkAlley(v) ? v.dark_alley as JsonObject : null
  const open = wizard.active ? wizard : null
  return (
    <div class="trickerion-board">
      <div class="panels">
        <Tracks p={env} turn={Number(v.turn ?? 0)} last={Number(v.last_turn ?? 0)} order={(v.initiative ?? []) as number[]}
          spaces={(v.initiative_spaces ?? []) as number[]} players={settle('fame', players.map((pl) => ({ seat: pl.seat, fame: pl.fame })))}
          changed={changed(['turn', 'initiative'])} />
        {da && <DarkAlley p={env} da={da} placed={on('dark_alley', slotIds('dark_alley', 4))} changed={changed(['dark_alley'])} />}
      </div>
      <h3 class="board-part-title">{p.catalog.term('city')}</h3>
      <div class="panels">
        <Downtown p={env} dice={(v.dice ?? {}) as Record<string, string | null>} placed={on('downtown', slotIds('downtown', 4))}
          changed={settle('dice', changedWithin(p.changed, ['dice']), [...changedWithin(p.changed, ['dice'])].join('\n'))} />
        <MarketRow p={env} market={(v.market ?? {}) as JsonObject} extra={(da?.logistics_stock ?? NO_STOCK) as string[]}
          placed={on('market_row', slotIds('market_row', 4))} changed={changed(['market'])} />
        <Workshop p={env} placed={on('workshop', slotIds('workshop', 2))} />
      </div>
      <h3 class="board-part-title">{p.catalog.name('theater')}</h3>
      <SetUpWizard p={p} wizard={wizard} />
      <div class="panels theater" data-part="theater" style={NARROW}>
        {theater.map((stage, i) => <StagePosition p={env} index={i} stage={stage} wizard={open} changed={changed([`theater/${i}`])} />)}
        <TheaterDeck p={env} deck={Number(v.deck_size ?? 0)} discarded={((v.discarded ?? []) as string[]).length} />
      </div>
      <div class="panels theater-days" style={NARROW}>
        {days.map((day) => (
          <TheaterDay p={env} day={day} placed={on(day, [`${day}_backstage_1`, `${day}_backstage_2`, `${day}_performance`])}
            performing={v.performance_day === day} />
        ))}
      </div>
      <h3 class="board-part-title">{p.catalog.term('residence')}</h3>
      <Residence p={env} residence={(v.residence ?? []) as string[]} me={settle('learner', learner(playerOf(v, p.seat)))} changed={changed(['residence'])} />
      <h3 class="board-part-title">{p.catalog.term('player_board')}</h3>
      <PlayerBoards p={p} env={env} wizard={open} />
    </div>
  )
}

const NO_STOCK: string[] = []
const learner = (me: PlayerView | null): Learner | null => (me ? { fame: me.fame, components: me.components } : null)

export { AssignmentTip }
