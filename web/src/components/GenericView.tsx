/** The generic board: a readable, structured rendering of any game's view JSON, so every game is
 * playable before it has its own drawing. Ids are shown by their catalog names; values a legal
 * move targets are buttons that narrow the decision panel; the last changes are highlighted. */
import type { ComponentChildren } from 'preact'
import type { Json, JsonObject } from '../api'
import { humanize } from '../catalog'
import type { BoardProps } from '../games/types'

const PLAYER_KEYS = ['players', 'seats']
const PRIVATE_KEYS = ['you', 'hand', 'private']

function isObject(v: Json): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
}

export function Value({ value, path, p, depth = 0 }: { value: Json; path: string; p: BoardProps; depth?: number }): preact.JSX.Element {
  const cls = p.changed.has(path) ? ' changed' : ''
  if (value === null) return <span class={`v null${cls}`}>—</span>
  if (typeof value === 'boolean') return <span class={`v bool${cls}`}>{value ? '✓' : '✗'}</span>
  if (typeof value === 'number') return <span class={`v num${cls}`}>{value}</span>
  if (typeof value === 'string') {
    const label = p.catalog.has(value) ? p.catalog.name(value) : /^[a-z]+(_[a-z0-9]+)+$/.test(value) ? humanize(value) : value
    if (p.targets.has(value)) {
      return <button type="button" class={`v target${cls}`} data-target={value} onClick={() => p.onPick(value)}>{label}</button>
    }
    return <span class={`v str${cls}`} title={label !== value ? value : undefined}>{label}</span>
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return <span class={`v empty${cls}`}>—</span>
    if (value.every((v) => !isObject(v) && !Array.isArray(v))) {
      return <span class={`chips${cls}`}>{value.map((v, i) => <Value value={v} path={`${path}/${i}`} p={p} depth={depth + 1} />)}</span>
    }
    if (depth >= 2 && value.every(isObject)) {
      return <div class={`list compact${cls}`}>{value.map((v, i) => <Inline obj={v as JsonObject} path={`${path}/${i}`} p={p} />)}</div>
    }
    const items = value.map((v, i) => <div class="item"><Value value={v} path={`${path}/${i}`} p={p} depth={depth + 1} /></div>)
    return depth >= 2 && value.length > 6 ? <details><summary>{value.length}</summary>{items}</details> : <div class={`list${cls}`}>{items}</div>
  }
  return <Fields obj={value} path={path} p={p} depth={depth} />
}

/** A nested object on one line: `name value · name value`, for lists deep in a view. */
function Inline({ obj, path, p }: { obj: JsonObject; path: string; p: BoardProps }) {
  return (
    <div class={`item inline${p.changed.has(path) ? ' changed' : ''}`}>
      {Object.entries(obj).filter(([, v]) => v !== null && v !== false && !(Array.isArray(v) && !v.length)).map(([k, v]) => (
        <span class="pair"><small>{p.catalog.label(k)}</small> <Value value={v} path={`${path}/${k}`} p={p} depth={3} /></span>
      ))}
    </div>
  )
}

function Fields({ obj, path, p, depth, skip = [] }: { obj: JsonObject; path: string; p: BoardProps; depth: number; skip?: string[] }) {
  const entries = Object.entries(obj).filter(([k]) => !skip.includes(k))
  return (
    <dl class={`fields depth-${Math.min(depth, 3)}`}>
      {entries.map(([k, v]) => {
        const sub = path ? `${path}/${k}` : k
        return (
          <div class={`field${p.changed.has(sub) ? ' changed' : ''}`} data-key={k}>
            <dt>{p.catalog.label(k)}</dt>
            <dd>{k === 'seat' && typeof v === 'number' ? p.catalog.seat(v) : <Value value={v} path={sub} p={p} depth={depth + 1} />}</dd>
          </div>
        )
      })}
    </dl>
  )
}

export function Section({ title, children, cls = '' }: { title: string; children: ComponentChildren; cls?: string }) {
  return (
    <section class={`card ${cls}`}>
      <h3>{title}</h3>
      {children}
    </section>
  )
}

/** `omit`: top-level keys a game's own board already draws; `drawn`: keys of each player's area
 * it draws (the rest of every player's area is still listed here). */
export function GenericView(p: BoardProps & { omit?: string[]; drawn?: string[] }) {
  const v = p.view
  const playersKey = PLAYER_KEYS.find((k) => Array.isArray(v[k]) && (v[k] as Json[]).every(isObject))
  const privateKeys = PRIVATE_KEYS.filter((k) => k in v && v[k] !== null && typeof v[k] === 'object')
  const skip = [...(playersKey ? [playersKey] : []), ...privateKeys, ...(p.omit ?? [])]
  const players = playersKey ? (v[playersKey] as JsonObject[]) : []
  return (
    <div class="generic">
      {privateKeys.length > 0 && (
        <Section title={p.t('yourArea')} cls="private">
          {privateKeys.map((k) => (
            <div class="field" data-key={k}>
              {privateKeys.length > 1 && <h4>{p.catalog.label(k)}</h4>}
              <Value value={v[k]} path={k} p={p} depth={1} />
            </div>
          ))}
        </Section>
      )}
      <Section title={p.t('board')} cls="public">
        <Fields obj={v} path="" p={p} depth={0} skip={skip} />
      </Section>
      {players.length > 0 && (
        <div class="player-cards">
          {players.map((pl, i) => {
            const seat = typeof pl.seat === 'number' ? pl.seat : i
            const mine = seat === p.seat
            return (
              <Section title={`${p.catalog.seat(seat)}${mine ? p.catalog.aside(p.t('you')) : ''}`}
                cls={`player seat-${seat}${mine ? ' mine' : ''}${p.actors.includes(seat) ? ' acting' : ''}`}>
                <Fields obj={pl} path={`${playersKey}/${i}`} p={p} depth={1} skip={['seat', ...(p.drawn ?? [])]} />
              </Section>
            )
          })}
        </div>
      )}
    </div>
  )
}
