/** The Set up Trick wizard (TR-12): Performance card, then Trick, then slot, then direction (and how
 * the Links are paid), each step highlighted on the board, with a way back. It plays the chosen move
 * with `p.send`; the decision panel keeps listing the same moves for those who prefer it. */
import { useEffect, useMemo, useState } from 'preact/hooks'
import type { Move } from '../../api'
import type { BoardProps } from '../types'
import { TRICK_H, TRICK_W, TrickCard } from './cards'
import { tdata } from './data'
import { MarkerIcon } from './icons'
import { colourOf } from '../svg'

const KINDS = new Set(['set_up_trick', 'supercharge'])
export type Step = 'card' | 'trick' | 'slot' | 'dir'
const STEPS: Step[] = ['card', 'trick', 'slot', 'dir']

interface Chosen { card?: number; trick?: string; slot?: string }

export interface Wizard {
  active: boolean
  step: Step
  card?: number
  trick?: string
  slot?: string
  /** what the current step may choose */
  cards: Set<number>
  tricks: Set<string>
  slots: Set<string>
  /** the moves left after the choices so far */
  moves: Move[]
  choose: (c: Chosen) => void
  back: () => void
  close: () => void
  open: () => void
  available: boolean
}

export function useWizard(p: BoardProps): Wizard {
  const all = useMemo(() => p.legal.map((l) => l.move).filter((m) => KINDS.has(m.kind)), [p.legal])
  const key = all.map((m) => JSON.stringify(m)).join('|')
  const [chosen, setChosen] = useState<Chosen>({})
  const [closed, setClosed] = useState(false)
  useEffect(() => {
    setChosen({})
    setClosed(false)
  }, [key])
  // one object while nothing in it changes: the parts it is handed to are memoized on it
  return useMemo(() => {
    const moves = all.filter((m) => (chosen.card === undefined || m.card === chosen.card) && (chosen.trick === undefined || m.trick === chosen.trick)
      && (chosen.slot === undefined || m.slot === chosen.slot))
    const step: Step = chosen.card === undefined ? 'card' : chosen.trick === undefined ? 'trick' : chosen.slot === undefined ? 'slot' : 'dir'
    return {
      active: all.length > 0 && !closed && p.mode === 'live',
      available: all.length > 0 && p.mode === 'live',
      step, ...chosen,
      cards: new Set(moves.map((m) => Number(m.card))),
      tricks: new Set(moves.map((m) => String(m.trick))),
      slots: new Set(moves.map((m) => String(m.slot))),
      moves,
      choose: (c: Chosen) => setChosen({ ...chosen, ...c }),
      back: () => {
        const at = STEPS.indexOf(step)
        if (at <= 0) return
        const drop = STEPS[at - 1] as keyof Chosen
        const next = { ...chosen }
        delete next[drop]
        setChosen(next)
      },
      close: () => setClosed(true),
      open: () => setClosed(false),
    }
  }, [all, chosen, closed, p.mode])
}

/** The wizard's bar above the Theater: the step, the choices that have no board element (direction
 * and Link payment), the Tricks to choose (also clickable on the player board), back and close. */
export function SetUpWizard({ p, wizard }: { p: BoardProps; wizard: Wizard }) {
  if (!wizard.available) return null
  if (!wizard.active) {
    return (
      <div class="wizard closed" data-part="setup-wizard">
        <button type="button" class="step" onClick={wizard.open}>{p.catalog.term('wizard_open')}</button>
      </div>
    )
  }
  const number = STEPS.indexOf(wizard.step) + 1
  const colour = colourOf(p, p.seat)
  return (
    <div class="wizard" data-part="setup-wizard" data-step={wizard.step}>
      <p>
        <strong>{`${p.catalog.term('wizard_title')} · ${number}/4`}</strong>{' '}
        {p.catalog.term(`wizard_${wizard.step}`)}
      </p>
      {wizard.step === 'trick' && (
        <div class="wizard-choices">
          {[...wizard.tricks].map((trick) => (
            <button type="button" class="wizard-trick" data-trick={trick} onClick={() => wizard.choose({ trick })} aria-label={p.catalog.name(trick)}>
              <svg width={TRICK_W * 0.8} height={TRICK_H * 0.8} viewBox={`0 0 ${TRICK_W} ${TRICK_H}`}><TrickCard p={p} trick={trick} x={0} y={0} /></svg>
            </button>
          ))}
        </div>
      )}
      {wizard.step === 'dir' && (
        <div class="wizard-choices">
          {wizard.moves.map((m) => {
            const category = tdata(p).tricks[String(m.trick)]?.category ?? null
            const links = Number(m.coin_links ?? 0)
            return (
              <button type="button" class="move choice wizard-dir" data-dir={String(m.dir)} data-kind={m.kind} data-move={JSON.stringify(m)} onClick={() => p.send(m)}>
                <svg width={34} height={34} viewBox="0 0 34 34"><MarkerIcon x={17} y={17} s={30} colour={colour} category={category} dir={String(m.dir)} /></svg>
                <span>
                  {p.catalog.name(String(m.dir))}
                  {m.kind === 'supercharge' ? ` · ${p.catalog.term('supercharge_two')}` : ''}
                  {links > 0 ? ` · ${p.catalog.term('links_in_coins').replace('{n}', String(links))}` : ''}
                </span>
              </button>
            )
          })}
        </div>
      )}
      <p class="wizard-buttons">
        {number > 1 && <button type="button" class="step-back" onClick={wizard.back}>{p.t('back')}</button>}
        <button type="button" class="step" onClick={wizard.close}>{p.catalog.term('wizard_close')}</button>
      </p>
    </div>
  )
}
