/** The decision panel: the current decision's legal moves as buttons labelled through the move
 * templates. Long lists are narrowed field by field (e.g. piece, then place), or by clicking a
 * board element a move targets. Keys 1–9 press the first nine choices. */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { ComponentChildren } from 'preact'
import type { Json, JsonObject, Legal, Move } from '../api'
import type { Catalog } from '../catalog'
import type { BoardProps, GameUI } from '../games/types'
import { useI18n, type I18n } from '../i18n'
import { Named } from './Log'

/** How a choice reads: its label (players named in colour), the drawn thing it is about, and what it
 * costs and gives. */
export interface ChoiceLooks {
  ui: GameUI
  p: BoardProps | null
  colours: string[]
  /** the move a hint suggested (its JSON), marked among the choices */
  hinted?: string | null
}

function ChoiceLabel({ move, catalog, seat, looks }: { move: Move; catalog: Catalog; seat: number | null; looks: ChoiceLooks }) {
  const template = catalog.data.moves[move.kind]
  const detail = looks.p && looks.ui.moveDetail ? looks.ui.moveDetail(move, looks.p) : null
  const Art = looks.ui.MoveArt
  return (
    <>
        {Art && looks.p && <span class="move-art"><Art move={move} p={looks.p} /></span>}
        <span class="move-text">
          {/* one span: the column's items are the sentence and its detail, not each name or icon in it */}
          <span>{template === undefined ? catalog.move(move, seat) : <Named parts={catalog.segments(template, move as JsonObject, seat)} colours={looks.colours} />}</span>
          {detail && <small class="move-detail"><Named parts={catalog.icons(detail)} colours={looks.colours} /></small>}
        </span>
    </>
  )
}

const DIRECT = 12
/** Above this many buttons they share each row evenly, so a list of bids fills the panel's width
 * instead of leaving its last row below the fold. */
const MANY = 6

function fieldsOf(move: Move): string[] {
  return Object.keys(move).filter((k) => k !== 'kind')
}

const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b)

/** A move's number fields as one key, `field=value` sorted by field ('level=1,line=2'); '' if none.
 * Boards name the targets of moves by numbers (a seat, an object's line and level) this way. */
export function numericKey(move: Move): string {
  return fieldsOf(move).filter((k) => typeof move[k] === 'number').sort().map((k) => `${k}=${move[k]}`).join(',')
}

export function mentions(move: Move, id: string): boolean {
  if (/^\w+=-?\d+(,\w+=-?\d+)*$/.test(id)) {
    return id.split(',').every((pair) => {
      const [k, v] = pair.split('=')
      return typeof move[k] === 'number' && String(move[k]) === v
    })
  }
  return fieldsOf(move).some((k) => {
    const v = move[k]
    return v === id || (Array.isArray(v) && v.includes(id))
  })
}

function Group({ kind, moves, catalog, seat, send, disabled, looks, titled }: {
  kind: string; moves: Legal[]; catalog: Catalog; seat: number | null; send: (m: Move) => void; disabled: boolean; looks: ChoiceLooks
  titled: boolean
}) {
  const { t } = useI18n()
  const [chosen, setChosen] = useState<[string, Json][]>([])
  const matching = moves.filter((l) => chosen.every(([k, v]) => same(l.move[k], v)))
  const fields = fieldsOf(moves[0].move)
  const split = matching.length > DIRECT
    ? fields.find((f) => !chosen.some(([k]) => k === f) && new Set(matching.map((l) => JSON.stringify(l.move[f]))).size > 1)
    : undefined
  const values: Json[] = []
  if (split) {
    for (const l of matching) if (!values.some((v) => same(v, l.move[split]))) values.push(l.move[split])
  }
  // the hinted move, where it is among these: its value of the field being chosen is marked too
  const hinted = looks.hinted ? JSON.parse(looks.hinted) as Move : null
  const hintedHere = hinted !== null && hinted.kind === kind && chosen.every(([k, v]) => same(hinted[k], v))
  const named = (f: string, v: Json) => (looks.p && looks.ui.valueName ? looks.ui.valueName(f, v, looks.p) : null)
  const label = (f: string, v: Json) => (f === 'seat' || f === 'to' ? catalog.seat(v) : named(f, v) ?? catalog.name(v))
  return (
    <div class="move-group" data-kind={kind}>
      {titled && (moves.length > 1 || split) && <h4><Named parts={catalog.icons(catalog.kind(kind))} colours={looks.colours} /></h4>}
      {chosen.length > 0 && (
        <p class="chosen">
          {chosen.map(([k, v]) => <span class="chip">{label(k, v)}</span>)}
          <button type="button" class="step-back" onClick={() => setChosen(chosen.slice(0, -1))}>{t('back')}</button>
        </p>
      )}
      {split ? (
        <div class="choices" role="group" aria-label={t('chooseField', { field: catalog.field(split) })}>
          <p class="muted">{t('chooseField', { field: catalog.field(split) })}</p>
          {values.map((v) => (
            <button type="button" class={`step choice${hintedHere && same(hinted[split], v) ? ' hinted' : ''}`}
              data-field={split} data-value={String(v)}
              onClick={() => setChosen([...chosen, [split, v]])}>
              {looks.ui.ValueArt && looks.p && <span class="move-art"><looks.ui.ValueArt field={split} value={v} p={looks.p} /></span>}
              <span class="move-text">{label(split, v)}</span>
              <span class="count">{choicesAfter(matching.filter((l) => same(l.move[split], v)).length, t)}</span>
            </button>
          ))}
        </div>
      ) : (
        <div class={matching.length > MANY ? 'choices many' : 'choices'}>
          {matching.map((l) => (
            <button type="button" class={`move choice${looks.hinted === JSON.stringify(l.move) ? ' hinted' : ''}`}
              data-kind={l.move.kind} data-move={JSON.stringify(l.move)}
              disabled={disabled} onClick={() => send(l.move)}>
              <ChoiceLabel move={l.move} catalog={catalog} seat={seat} looks={looks} />
            </button>
          ))}
        </div>
      )}
    </div>
  )
}

/** How many choices a step leads to, in words ("4 choices"): a bare number beside "7 (short)" read as part of its name. */
function choicesAfter(count: number, t: I18n['t']): string {
  return count === 1 ? t('choicesOne') : t('choicesMany', { n: count })
}

/** How a board pick reads in the panel: a name, a player, or fields with their numbers. */
function pickLabel(pick: string, catalog: Catalog): string {
  if (!/^\w+=/.test(pick)) return catalog.name(pick)
  return pick.split(',').map((pair) => {
    const [k, v] = pair.split('=')
    return k === 'seat' || k === 'target' ? catalog.seat(Number(v)) : `${catalog.term(k)} ${v}`
  }).join(' · ')
}

export function Decision({ legal, catalog, seat, send, pending, pick, clearPick, heading, looks, notes, after }: {
  legal: Legal[]; catalog: Catalog; seat: number | null; send: (m: Move) => void; pending: boolean
  pick: string | null; clearPick: () => void; heading: ComponentChildren; looks: ChoiceLooks; notes?: ComponentChildren
  /** below the choices: what goes with them (passing for the player when a pass is all they may do) */
  after?: ComponentChildren
}) {
  const { t } = useI18n()
  const shown = pick ? legal.filter((l) => mentions(l.move, pick)) : legal
  const groups = useMemo(() => {
    const out = new Map<string, Legal[]>()
    for (const l of shown) out.set(l.move.kind, [...(out.get(l.move.kind) ?? []), l])
    return [...out.entries()]
  }, [shown])
  const key = JSON.stringify(legal.map((l) => l.move))
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null
      if (el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA')) return
      if (e.altKey || e.ctrlKey || e.metaKey || !/^[1-9]$/.test(e.key)) return
      const buttons = document.querySelectorAll<HTMLButtonElement>('#decision button.choice:not([disabled])')
      buttons[Number(e.key) - 1]?.click()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [key])
  const panel = useRef<HTMLElement>(null)
  const hidden = useHiddenBelow(panel, `${key}/${pick}/${pending}`)
  return (
    <>
    <section id="decision" ref={panel} class="card decision" aria-live="polite" aria-label={t('decision')}>
      {/* read out when it changes: a player who cannot see the page hears whose turn it is */}
      <h3 id="status-sentence" aria-live="polite">{heading}</h3>
      {notes}
      {pending && <p class="muted">{t('sent')}</p>}
      {pick && (
        <p class="chosen">
          <span class="chip">{pickLabel(pick, catalog)}</span>
          <button type="button" class="clear-pick" onClick={clearPick}>{t('all')}</button>
        </p>
      )}
      {groups.map(([kind, moves]) => (
        <Group key={`${key}/${kind}/${pick}`} kind={kind} moves={moves} catalog={catalog} seat={seat} send={send} disabled={pending} looks={looks} titled={groups.length > 1} />
      ))}
      {after}
    </section>
    {/* below the panel, not over it: a hint laid over the list would take a tap meant for a choice */}
    {hidden && (
      <button type="button" id="more-below" class="more-below" aria-hidden="true" tabIndex={-1}
        onClick={() => panel.current?.scrollBy({ top: panel.current.clientHeight * 0.8, behavior: 'smooth' })}>
        ▾ {t('moreChoices')}
      </button>
    )}
    </>
  )
}

/** Whether the panel's list runs on below its visible part (the sticky panel keeps to a third of the
 * screen and scrolls inside): a cut-off row of choices alone does not tell a player there are more. */
function useHiddenBelow(panel: { current: HTMLElement | null }, content: string): boolean {
  const [hidden, setHidden] = useState(false)
  useLayoutEffect(() => {
    const el = panel.current
    if (!el) return
    const measure = () => setHidden(el.scrollHeight - el.scrollTop - el.clientHeight > 8)
    measure()
    el.addEventListener('scroll', measure, { passive: true })
    window.addEventListener('resize', measure)
    return () => {
      el.removeEventListener('scroll', measure)
      window.removeEventListener('resize', measure)
    }
  }, [content])
  return hidden
}
