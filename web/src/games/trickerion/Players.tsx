/** Trickerion player boards: the Magician card, Fame, Coins, Shards, the poster and the weekday;
 * the characters with their wages and the Assignment card under each (others' hidden cards as
 * backs); the Workshop's component piles (the Manager's spaces marked); the Trick cards with their
 * prepared markers (the Engineer's card framed); and the hand: one's own Assignment cards face up,
 * the others' as backs. */
import type { JsonObject } from '../../api'
import { changedWithin, memo, useSettle } from '../choosable'
import { FitText, Panel, Spot, changedUnder, colourOf } from '../svg'
import type { BoardEnv, BoardProps } from '../types'
import { type Character, characterType, isDarkAlley, type PlayerView, playersOf, tdata } from './data'
import {
  AssignmentCard, AssignmentTip, CARD_H, CARD_W, CardBack, Frame, MagicianCard, MagicianTip, TRICK_H, TRICK_W, TrickCard, TrickTip,
} from './cards'
import { ApIcon, CharacterIcon, CoinIcon, ComponentIcon, FameIcon, ShardIcon, WageIcon } from './icons'
import type { Wizard } from './Wizard'

const W = 460
const MINI = 0.56

/** A small Assignment card (or its back) under a character. */
function CardUnder({ p, card, x, y, hidden, piece }: {
  p: BoardEnv; card: string | null; x: number; y: number; hidden: boolean; piece: string
}) {
  // the same piece key for the back and the face: the frame turns the card over when it is revealed
  // (the animated group has no transform of its own: an animation's transform would replace it)
  if (hidden) return <g data-piece={piece} data-face="back"><g transform={`translate(${x} ${y}) scale(${MINI})`}><CardBack x={0} y={0} /></g></g>
  if (!card) return null
  return (
    <Spot id={null} p={p} label={p.catalog.name(card)} tip={<AssignmentTip p={p} card={card} />}>
      <g data-piece={piece} data-face={card}><g transform={`translate(${x} ${y}) scale(${MINI})`}><Frame x={0} y={0} w={CARD_W} h={CARD_H} /><AssignmentCard p={p} card={card} x={0} y={0} mini /></g></g>
    </Spot>
  )
}

/** What a player board draws beyond the player: the "last change" paths under the player, and the
 * seat's own hand and assignments (`you`, on the own board only). */
interface Drawn { p: BoardEnv; pl: PlayerView; changed: ReadonlySet<string>; you: JsonObject }

function Characters({ p, pl, y, mine, changed, you }: Drawn & { y: number; mine: boolean }) {
  const assigned = (mine ? you.assigned ?? {} : {}) as Record<string, string>
  const chars = Object.entries(pl.characters ?? {}) as [string, Character][]
  const step = Math.min(56, (W - 20) / Math.max(chars.length, 1))
  return (
    <g data-part="characters">
      {chars.map(([name, c], i) => {
        const x = 10 + i * step
        const type = characterType(name)
        const wage = tdata(p).characters[type]?.wage ?? 0
        const base = tdata(p).characters[type]?.base_ap ?? 0
        const card = c.special ?? c.mimics ?? (c.card && c.card !== 'face_down' ? c.card : null) ?? assigned[name] ?? null
        const hidden = c.card === 'face_down'
        const where = typeof c.slot === 'string' ? p.catalog.name(c.slot) : c.card_state === 'idle' ? p.catalog.term('idle') : ''
        const label = `${p.catalog.name(name)} · ${p.catalog.term('wage')} ${wage} · ${base} ${p.catalog.term('ap')}${where ? ` · ${where}` : ''}`
        return (
          <Spot id={mine ? name : null} p={p} label={label} field="character" changed={changedUnder({ changed }, `players/${pl.seat}/characters/${name}`)}>
            <g class="character" data-character={name} data-owned={c.owned ? 'true' : 'false'} data-card={hidden ? 'back' : card ?? undefined}
              data-slot={c.slot ?? undefined} opacity={c.owned ? 1 : 0.6}>
              <rect x={x} y={y} width={step - 4} height={112} rx={5} fill={c.slot ? '#efe4c8' : '#fffaf0'} stroke={colourOf(p, pl.seat)} />
              <circle cx={x + step / 2 - 2} cy={y + 17} r={13} fill={colourOf(p, pl.seat)} />
              <CharacterIcon character={name} x={x + step / 2 - 2} y={y + 18} s={20} fill="#1b140e" ink="#fff" />
              {type !== 'magician' && <WageIcon x={x + 10} y={y + 38} s={13} value={wage} />}
              {/* the character's Action Points as the board draws AP everywhere, beside its wage: words
                  ("3 行動點") did not fit a tile and ran into the wage; the tip says them */}
              <ApIcon x={x + step - 16} y={y + 38} s={13} value={base} />
              <CardUnder p={p} card={card} x={x + (step - 4 - CARD_W * MINI) / 2} y={y + 52} hidden={hidden}
                piece={`assignment-${pl.seat}-${name}`} />
              {c.slot && <circle cx={x + step - 10} cy={y + 8} r={4} fill="#2a7d3b"><title>{where}</title></circle>}
            </g>
          </Spot>
        )
      })}
    </g>
  )
}

function Components({ p, pl, y, changed }: Omit<Drawn, 'you'> & { y: number }) {
  const piles = Object.entries(pl.components ?? {})
  const storage = 6
  return (
    <g data-part="components">
      {Array.from({ length: Math.max(storage, piles.length) }, (_, i) => {
        const x = 10 + i * 54
        const pile = piles[i]
        if (!pile) return <rect x={x} y={y} width={50} height={44} rx={5} fill="none" stroke="#c9b99c" stroke-dasharray="3 2" />
        const [comp, c] = pile
        const tier = tdata(p).components[comp]?.tier ?? 'basic'
        return (
          <Spot id={comp} p={p} label={`${p.catalog.name(comp)} × ${c.count}${c.manager ? p.catalog.aside(p.catalog.name('manager')) : ''}`} field="component"
            changed={changedUnder({ changed }, `players/${pl.seat}/components/${comp}`)}>
            <g class="component-pile" data-component={comp} data-count={c.count} data-effective={c.effective} data-manager={c.manager ? 'true' : 'false'}>
              <rect x={x} y={y} width={50} height={44} rx={5} fill={c.manager ? '#f4e6bf' : '#fffaf0'} stroke={c.manager ? '#8a6a10' : '#c9b99c'} stroke-width={c.manager ? 2 : 1} />
              <ComponentIcon component={comp} tier={tier} x={x + 16} y={y + 20} s={24} />
              <text x={x + 36} y={y + 25} font-size={13} font-weight="bold" fill="#2b2118">{`×${c.count}`}</text>
              {c.effective !== c.count && <text x={x + 25} y={y + 40} font-size={8} text-anchor="middle" fill="#8a6a10">{`= ${c.effective}`}</text>}
              {c.manager && <CharacterIcon character="manager" x={x + 43} y={y + 38} s={10} fill="#8a6a10" />}
            </g>
          </Spot>
        )
      })}
    </g>
  )
}

function Tricks({ p, pl, y, wizard, changed }: Omit<Drawn, 'you'> & { y: number; wizard: Wizard | null }) {
  const colour = colourOf(p, pl.seat)
  const bySlot = new Map(pl.tricks.map((t) => [t.slot, t]))
  const hasEngineer = Boolean(pl.characters.engineer?.owned)
  const slots: (number | 'engineer')[] = [1, 2, 3, ...(hasEngineer || bySlot.has('engineer') ? ['engineer' as const] : [])]
  return (
    <g data-part="tricks">
      {slots.map((slot, i) => {
        const x = 10 + i * (TRICK_W + 8)
        const t = bySlot.get(slot)
        if (!t) {
          return (
            <g data-trick-slot={String(slot)}>
              <rect x={x} y={y} width={TRICK_W} height={TRICK_H} rx={7} fill="none" stroke={slot === 'engineer' ? '#4a6b7d' : '#c9b99c'} stroke-dasharray="4 3" stroke-width={slot === 'engineer' ? 2 : 1} />
              {slot === 'engineer' && <CharacterIcon character="engineer" x={x + TRICK_W / 2} y={y + TRICK_H / 2} s={30} fill="#4a6b7d" />}
            </g>
          )
        }
        const picking = wizard !== null && wizard.step === 'trick' && pl.seat === p.seat && wizard.tricks.has(t.trick)
        const body = (
          <g data-trick-slot={String(slot)} data-trick={t.trick} data-prepared={t.prepared} data-scheduled={t.scheduled} data-supply={t.supply}>
            <Frame x={x} y={y} w={TRICK_W} h={TRICK_H} rx={8} />
            <TrickCard p={p} trick={t.trick} x={x} y={y} prepared={t.prepared} colour={colour} engineer={slot === 'engineer'} />
            <text x={x + TRICK_W / 2} y={y + TRICK_H + 12} font-size={9} text-anchor="middle" fill="#6b5a44">
              {`${p.catalog.term('on_stage')} ${t.scheduled} · ${p.catalog.term('supply')} ${t.supply}`}
            </text>
          </g>
        )
        if (picking) {
          return (
            <g class="clickable wizard-pick" data-wizard={`trick-${t.trick}`} onClick={() => wizard?.choose({ trick: t.trick })}>
              {body}
              <rect x={x - 3} y={y - 3} width={TRICK_W + 6} height={TRICK_H + 6} rx={9} fill="rgba(243,211,74,0.15)" stroke="#f3d34a" stroke-width={3} stroke-dasharray="6 3" />
            </g>
          )
        }
        return (
          <Spot id={t.trick} p={p} label={p.catalog.name(t.trick)} field="trick" tip={<TrickTip p={p} trick={t.trick} prepared={t.prepared} colour={colour} />}
            changed={changedUnder({ changed }, `players/${pl.seat}/tricks`)}>
            {body}
          </Spot>
        )
      })}
    </g>
  )
}

/** The hand: one's own Assignment cards face up (Permanent by Location with their count, Special
 * ones by name); another player's as backs (only how many is public). */
function Hand({ p, pl, y, mine, you, committing }: Omit<Drawn, 'changed'> & { y: number; mine: boolean; committing: boolean }) {
  if (mine) {
    const hand = Object.entries((you.hand ?? {}) as Record<string, number>)
    const specials = (you.specials ?? []) as string[]
    const drawn = (you.drawn ?? []) as string[]
    const cards: [string, number, boolean][] = [...hand.map(([c, n]) => [c, n, false] as [string, number, boolean]),
      ...specials.map((c) => [c, 1, false] as [string, number, boolean]), ...drawn.map((c) => [c, 1, true] as [string, number, boolean])]
    return (
      <g data-part="hand" data-own="true">
        {cards.map(([card, n, isDrawn], i) => (
          <Spot id={card} p={p} label={`${p.catalog.name(card)}${n > 1 ? ` ×${n}` : ''}`} field="card" tip={<AssignmentTip p={p} card={card} />}>
            <g class="hand-card" data-card={card} data-count={n} data-drawn={isDrawn ? 'true' : undefined}>
              <Frame x={10 + i * 76} y={y} w={CARD_W} h={CARD_H} />
              <AssignmentCard p={p} card={card} x={10 + i * 76} y={y} />
              {n > 1 && <g><circle cx={10 + i * 76 + CARD_W - 6} cy={y + CARD_H - 6} r={10} fill="#f3d34a" stroke="#2b2118" />
                <text x={10 + i * 76 + CARD_W - 6} y={y + CARD_H - 2} font-size={11} text-anchor="middle" font-weight="bold">{`×${n}`}</text></g>}
              {isDrawn && <rect x={10 + i * 76 - 2} y={y - 2} width={CARD_W + 4} height={CARD_H + 4} rx={7} fill="none" stroke="#f3d34a" stroke-width={2} stroke-dasharray="4 2" />}
            </g>
          </Spot>
        ))}
      </g>
    )
  }
  const held = Object.entries(pl.specials_held ?? {}).filter(([, n]) => n > 0)
  const size = typeof pl.hand_size === 'number' ? pl.hand_size : null
  return (
    <g data-part="hand" data-own="false">
      {size !== null && (
        <g class="hand-backs" data-count={size}>
          <CardBack x={10} y={y} label={`×${size}`} />
        </g>
      )}
      {held.map(([deck, n], i) => (
        <g class="hand-backs" data-deck={deck} data-count={n}>
          <CardBack x={(size !== null ? 90 : 10) + i * 76} y={y} location={deck} label={`×${n}`} />
        </g>
      ))}
      {committing && (
        <g class="assigned-backs"><CardBack x={W - 90} y={y} label="✓" /></g>
      )}
    </g>
  )
}

/** One player's board; `order` is the player's place in the turn order (-1: none yet), `committing`
 * whether the player has committed Assignments in the Assignment phase (their backs are shown). */
const PlayerBoard = memo(function PlayerBoard({ p, pl, wizard, changed, you, order, da, committing }: Drawn & {
  wizard: Wizard | null; order: number; da: boolean; committing: boolean
}) {
  const mine = pl.seat === p.seat
  const colour = colourOf(p, pl.seat)
  const charY = 100
  const compY = charY + 140
  const trickY = compY + 66
  const handY = trickY + TRICK_H + 40
  const handCount = mine ? Object.keys((you.hand ?? {}) as JsonObject).length + ((you.specials ?? []) as string[]).length + ((you.drawn ?? []) as string[]).length : 1
  const h = handY + (handCount ? CARD_H + 14 : 10)
  return (
    <Panel w={W} h={h} title={p.catalog.seat(pl.seat)} colour={colour} part="player-board" seat={pl.seat} changed={changed.size > 0}>
      {order >= 0 && <text x={W - 10} y={20} font-size={11} text-anchor="end" fill="#6b5a44" data-turn-order={order + 1}>{`${p.catalog.term('turn_order')} ${order + 1}`}</text>}
      {pl.magician
        ? <Spot id={pl.magician} p={p} label={p.catalog.name(pl.magician)} tip={<MagicianTip p={p} magician={pl.magician} darkAlley={da} />}>
          <MagicianCard p={p} magician={pl.magician} x={10} y={30} darkAlley={da} colour={colour} />
        </Spot>
        : <rect x={10} y={30} width={150} height={62} rx={7} fill="none" stroke="#c9b99c" stroke-dasharray="4 3" />}
      <g data-part="resources" data-fame={pl.fame} data-coins={pl.coins} data-shards={pl.shards}>
        <FameIcon x={185} y={48} s={26} /><text x={202} y={54} font-size={16} font-weight="bold">{pl.fame}</text>
        <CoinIcon x={250} y={48} s={24} /><text x={266} y={54} font-size={16} font-weight="bold">{pl.coins}</text>
        <ShardIcon x={310} y={48} s={22} /><text x={324} y={54} font-size={16} font-weight="bold">{pl.shards}</text>
      </g>
      <g data-part="poster" data-poster={pl.poster ? 'true' : 'false'}>
        <rect x={370} y={32} width={30} height={40} rx={3} fill={pl.poster ? colour : 'none'} stroke={pl.poster ? '#2b2118' : '#c9b99c'} stroke-dasharray={pl.poster ? undefined : '3 2'} />
        {pl.poster && <FameIcon x={385} y={52} s={16} />}
        <FitText x={385} y={84} width={60} size={9} text={p.catalog.term('poster')} fill="#6b5a44" />
      </g>
      {pl.weekday && <FitText x={185} y={84} width={170} size={11} text={`${p.catalog.term('weekday')}${p.catalog.marks.colon}${p.catalog.name(pl.weekday)}`} anchor="start" fill="#6b5a44" />}
      <Characters p={p} pl={pl} y={charY} mine={mine} changed={changed} you={you} />
      <text x={10} y={compY - 6} font-size={11} fill="#6b5a44">{p.catalog.term('components')}</text>
      <Components p={p} pl={pl} y={compY} changed={changed} />
      <text x={10} y={trickY - 6} font-size={11} fill="#6b5a44">{p.catalog.term('tricks')}</text>
      <Tricks p={p} pl={pl} y={trickY} wizard={wizard} changed={changed} />
      <text x={10} y={handY - 6} font-size={11} fill="#6b5a44">{p.catalog.term('hand')}</text>
      <Hand p={p} pl={pl} y={handY} mine={mine} you={you} committing={committing} />
    </Panel>
  )
})

const NOT_YOURS: JsonObject = {}

/** The player boards, the seat's own first. `wizard` only while the Set up Trick wizard is open. */
export function PlayerBoards({ p, env, wizard }: { p: BoardProps; env: BoardEnv; wizard: Wizard | null }) {
  const settle = useSettle()
  const players = playersOf(p.view)
  const ordered = [...players].sort((a, b) => Number(b.seat === p.seat) - Number(a.seat === p.seat))
  const order = (p.view.initiative ?? []) as number[]
  const da = isDarkAlley(p.view)
  return (
    <div class="panels player-boards">
      {ordered.map((pl) => {
        const mine = pl.seat === p.seat
        const under = changedWithin(p.changed, [`players/${pl.seat}`])
        return (
          <PlayerBoard p={env} pl={pl} wizard={mine ? wizard : null} changed={settle(`changed-${pl.seat}`, under, [...under].join('\n'))}
            you={mine ? (p.view.you ?? NOT_YOURS) as JsonObject : NOT_YOURS} order={order.indexOf(pl.seat)} da={da}
            committing={pl.assignment_committed && p.view.phase === 'assignment'} />
        )
      })}
    </div>
  )
}
