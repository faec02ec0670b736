/** Your own area: your faction card (with captain), your character card (with its ability), the
 * set-aside card, the two cards dealt while choosing, and the decision you are in the middle of: what
 * you are producing, attacking with or choosing for. */
import type { ComponentChildren } from 'preact'
import type { JsonObject } from '../../api'
import { memo, useChoosable } from '../choosable'
import { FitText, Panel, Spot, colourOf } from '../svg'
import { CARD_H, CARD_W, CharacterCard, CharacterTip, FactionCard, Icon } from './Cards'
import { character, design, faceName } from './faces'
import { NamedObject, SeatChip } from './Named'
import { labelled, list, nums, type StarRoadEnv } from './parts'

/** Your own cards: faction (with captain), character (with its ability), the set-aside card, the two
 * cards dealt while choosing, and what you are producing, attacking with or choosing for. */
export const OwnArea = memo(function OwnArea({ p, you, factionUp, changed }: {
  p: StarRoadEnv; you: JsonObject | null; factionUp: boolean | null; changed: boolean
}) {
  if (!you) return null
  const dealt = (Array.isArray(you.dealt) ? you.dealt : []) as string[]
  const chosen = typeof you.character === 'string' ? you.character : null
  const aside = typeof you.set_aside === 'string' ? you.set_aside : null
  const draft = (you.draft ?? null) as JsonObject | null
  const cards = chosen ? [chosen, ...(aside ? [aside] : [])] : dealt
  const abilitiesOff = p.options.character_abilities === false
  const w = Math.max(360, 120 + cards.length * (CARD_W + 14))
  const h = 40 + CARD_H + 10 + (draft ? 150 : 0)
  return (
    <Panel w={w} h={h} title={`${p.catalog.seat(p.seat)}${p.catalog.aside(p.t('you'))}`} colour={colourOf(p, p.seat)} part="own" seat={p.seat ?? undefined}
      changed={changed}>
      <Spot id={null} p={p} label={p.catalog.label('your_faction')} tip={<div class="sr-tip"><strong>{p.catalog.label('your_faction')}</strong><div>{p.catalog.name(String(you.faction))}</div>{factionUp === false && <div>{p.catalog.label('hidden_faction')}</div>}</div>}>
        <rect x={10} y={30} width={84} height={118} fill="none" />
        <FactionCard p={p} code={String(you.faction)} x={10} y={34} scale={1.4} />
      </Spot>
      <FitText x={52} y={CARD_H + 46} width={84} size={11} text={factionUp === true ? p.catalog.label('revealed') : p.catalog.label('face_down')} fill="#6b5a44" />
      {cards.map((key, j) => <OwnCard p={p} card={key} x={110 + j * (CARD_W + 14)} aside={key === aside} chosen={chosen !== null} abilitiesOff={abilitiesOff} />)}
      {draft && <DraftView p={p} you={you} draft={draft} y={CARD_H + 56} w={w} />}
    </Panel>
  )
})

/** One of your character cards (dealt, chosen or set aside): clickable while a move names it. */
function OwnCard({ p, card, x, aside, chosen, abilitiesOff }: {
  p: StarRoadEnv; card: string; x: number; aside: boolean; chosen: boolean; abilitiesOff: boolean
}) {
  // the card's id goes to its Spot only while a move names it: a card no move names is not offered
  // to be tried (the frame's "why not")
  const { hot } = useChoosable(card, undefined)
  const face = character(p, card)
  const words = aside ? p.catalog.label('set_aside_card') : chosen ? p.catalog.label('your_character') : p.catalog.label('choose_one')
  return (
    <Spot id={hot ? card : null} p={p} label={faceName(p, face, card)} field="card" tip={<CharacterTip p={p} face={face} extra={[words]} />}>
      <rect x={x - 2} y={30} width={CARD_W + 4} height={CARD_H + 4} rx={8} fill="none" stroke="none" />
      <CharacterCard p={p} face={face} x={x} y={32} dim={aside} off={abilitiesOff} />
      <FitText x={x + CARD_W / 2} y={CARD_H + 46} width={CARD_W} size={10} text={words} fill="#6b5a44" />
    </Spot>
  )
}

/** The decision you are in the middle of, drawn: the object being produced, the weapons and targets
 * of the attack being declared, the effects being chosen for, the blockers, the reward left. */
function DraftView({ p, you, draft, y, w }: { p: StarRoadEnv; you: JsonObject; draft: JsonObject; y: number; w: number }) {
  const kind = String(draft.kind)
  const title = p.catalog.step(kind) ?? p.catalog.name(kind)
  const out: ComponentChildren[] = [<FitText x={10} y={y + 14} width={w - 20} size={13} anchor="start" text={title} font-weight="bold" />]
  if (kind === 'produce') {
    const face = draft.ground === true ? null : design(p, draft.no)
    if (face) out.push(<NamedObject p={p} o={{ seat: p.seat, no: draft.no, line: draft.line ?? null, level: draft.level ?? null }} x={10} y={y + 22} scale={0.85} />)
    const where = typeof draft.line === 'number' ? `${p.catalog.label('line')} ${String(draft.line)} · ${p.catalog.label('level')} ${String(draft.level)}` : ''
    out.push(<FitText x={110} y={y + 48} width={w - 120} size={12} anchor="start" text={labelled(p, p.catalog.label('producing'), face ? faceName(p, face, draft.no) : p.catalog.name(draft.no ?? null))} />)
    if (where) out.push(<FitText x={110} y={y + 68} width={w - 120} size={12} anchor="start" text={where} fill="#6b5a44" />)
    // the cap in resource markers: the marker drawn before the words, as the log and choices show it
    out.push(<Icon kind="w" x={110} y={y + 77} size={14} />)
    out.push(<FitText x={128} y={y + 88} width={w - 138} size={12} anchor="start" text={labelled(p, p.catalog.label('invest_cap'), String(you.invest_cap))} fill="#6b5a44" />)
  } else if (kind === 'attack') {
    list(draft.weapons).forEach((wp, j) => {
      const weapon = wp.weapon as JsonObject
      const x = 10 + j * 150
      out.push(<NamedObject p={p} o={weapon} x={x} y={y + 22} scale={0.6} />)
      nums(wp.targets).forEach((t, k) => out.push(<SeatChip p={p} seat={t} x={x + 66} y={y + 26 + k * 26} w={80} />))
    })
  } else if (kind === 'use') {
    const effects = Array.isArray(draft.effects) ? draft.effects as string[] : []
    if (draft.object) out.push(<NamedObject p={p} o={draft.object as JsonObject} x={10} y={y + 22} scale={0.6} />)
    out.push(<FitText x={80} y={y + 44} width={w - 90} size={12} anchor="start" text={effects.map((e) => p.catalog.name(e)).join(p.catalog.marks.names)} />)
    if (typeof draft.sub === 'number' && draft.sub >= 0) out.push(<SeatChip p={p} seat={draft.sub} x={80} y={y + 56} w={130} />)
  } else if (kind === 'block') {
    list(draft.weapons).forEach((o, j) => out.push(<NamedObject p={p} o={o} x={10 + j * 58} y={y + 22} scale={0.5} />))
    list(draft.blockers).forEach((o, j) => out.push(<NamedObject p={p} o={o} x={w - 60 - j * 58} y={y + 22} scale={0.5} />))
  } else if (kind === 'reward') {
    out.push(<g><Icon kind="w" x={10} y={y + 26} size={20} /><text x={36} y={y + 42} font-size={15} font-weight="bold">{labelled(p, p.catalog.label('reward_left'), String(draft.remaining))}</text></g>)
  }
  return <g data-part="draft" data-kind={kind}>{out}</g>
}

