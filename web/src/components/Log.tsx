import { useEffect, useRef } from 'preact/hooks'
import type { LogEntry, Move } from '../api'
import { TOGETHER, type Catalog, type Segment } from '../catalog'
import { useI18n } from '../i18n'
import { InlineIcon } from '../icons'
import { inkOf } from '../ink'
import { SeatMark } from '../seatMarks'

/** Filled-in text with every player's name in that player's colour and the game's tokens as icons;
 * a number keeps its icon on its line ("gains 2 ★", never "2" at a line's end and "★" on the next). */
export function Named({ parts, colours }: { parts: Segment[]; colours: string[] }) {
  return (
    <>
      {parts.map((s, i) => {
        const next = parts[i + 1]
        if (typeof s === 'string') return next !== undefined && typeof next !== 'string' && 'icon' in next ? s.replace(/[+-]?\d+\s?$/, '') : s
        if ('icon' in s) {
          const before = parts[i - 1]
          const amount = typeof before === 'string' ? /[+-]?\d+\s?$/.exec(before)?.[0] ?? '' : ''
          const icon = <InlineIcon game={s.game} token={s.icon} word={s.text} />
          return amount ? <span class="amount">{amount}{icon}</span> : icon
        }
        return <strong class="player-name" data-seat-name={s.seat} style={{ color: colours[s.seat] !== undefined ? inkOf(colours[s.seat]) : 'inherit' }}>
          {colours[s.seat] !== undefined && <SeatMark seat={s.seat} colour={colours[s.seat]} />}{s.text}</strong>
      })}
    </>
  )
}

/** An event as a log tells it. */
type Told = Omit<LogEntry, 'index'>

/** The log's entries as the lines it reads: a run of entries of one kind by different players that read
 * alike (the same values in the fields their sentence names) is one line where the catalog has the kind's
 * `_together` sentence ("Ada, Bob and Cy pass"; at Star Road's table of eight, each declaration asks every
 * other player in turn), as the terminal's log (core/text.py `EventLog`). A player's same entry again right
 * after itself (two weapons returning to the supply) joins its line, which then says "(×2)". */
export function logLines<E extends Told>(log: E[], catalog: Catalog): E[][] {
  const lines: E[][] = []
  let run: E[] | null = null
  const named = new Map<string, string[]>()  // kind -> the fields its together sentence names, read once
  const alike = (a: E, b: E): boolean => {
    let fields = named.get(a.kind)
    if (!fields) {
      fields = [...(catalog.data.events[a.kind + TOGETHER] ?? '').matchAll(/\{(\w+)/g)].map((m) => m[1]).filter((f) => f !== 'players')
      named.set(a.kind, fields)
    }
    return fields.every((f) => JSON.stringify(a.data[f] ?? null) === JSON.stringify(b.data[f] ?? null))
  }
  for (const e of log) {
    if (run && e.seat !== null && e.kind === run[0].kind && run.every((told) => told.seat !== e.seat) &&
        alike(run[0], e)) {
      run.push(e)
      continue
    }
    const last = lines[lines.length - 1]
    if (last && e.seat !== null && repeats(last) && last[0].kind === e.kind && last[0].seat === e.seat &&
        JSON.stringify(last[0].data) === JSON.stringify(e.data)) {
      last.push(e)
      run = null
      continue
    }
    const line = [e]
    lines.push(line)
    run = e.seat !== null && catalog.data.events[e.kind + TOGETHER] !== undefined ? line : null
  }
  return lines
}

/** Whether a line is one entry told again and again (every entry by one seat), not players alike. */
const repeats = (line: Told[]): boolean => line.every((e) => e.seat === line[0].seat)

/** One line of the log in words: an entry's sentence ("(×2)" when it came twice in a row), or one sentence
 * for a run of players alike. */
export function LogLine({ entries, catalog, colours }: { entries: Told[]; catalog: Catalog; colours: string[] }) {
  const [first] = entries
  if (repeats(entries)) {
    const parts = catalog.eventSegments(first.kind, first.data, first.seat)
    return <><Named parts={parts} colours={colours} />{entries.length > 1 && <span class="times">{catalog.aside(`×${entries.length}`)}</span>}</>
  }
  return <Named parts={catalog.togetherSegments(first.kind, first.data, entries.map((e) => e.seat ?? 0))} colours={colours} />
}

/** Where a replay or a review stands: "Move 3 of 120", and before the first move the position the
 * setup left, "Setup · 120 moves" (not "Move 0"). */
export function stepWords(t: ReturnType<typeof useI18n>['t'], step: number, total: number): string {
  return step === 0 ? t('stepStart', { total }) : t('step', { n: step, total })
}

/** The move a past step ended with, as the table said it: who made it and the choice's words ("Ada: Pass";
 * the choice alone named no one), then the log lines it caused. A replay's and a review's. */
export function LastMove({ id, last, names, catalog, colours }: {
  id: string; last: { seat: number; move: Move | null; events: Told[] }; names: string[]; catalog: Catalog; colours: string[]
}) {
  return (
    <div class="replay-move" id={id}>
      {last.move && <strong><Named parts={[{ seat: last.seat, text: names[last.seat] ?? '' }, catalog.marks.colon,
        ...catalog.segments(catalog.data.moves[last.move.kind] ?? '', last.move, last.seat)]} colours={colours} /></strong>}
      <ul>{logLines(last.events, catalog).map((entries) => <li><LogLine entries={entries} catalog={catalog} colours={colours} /></li>)}</ul>
    </div>
  )
}

/** The game log in words (event templates), names in their colours; the last update highlighted. A line
 * by one player has that player's colour at its edge, a line by several none. */
export function Log({ log, catalog, colours, freshFrom }: { log: LogEntry[]; catalog: Catalog; colours: string[]; freshFrom: number }) {
  const { t } = useI18n()
  const box = useRef<HTMLOListElement>(null)
  useEffect(() => {
    const el = box.current
    if (el) el.scrollTop = el.scrollHeight
  }, [log.length])
  return (
    <section class="card log" aria-label={t('log')}>
      <h3>{t('log')}</h3>
      {/* it scrolls: a keyboard reaches it to scroll it; a new line is read out as it comes */}
      <ol ref={box} id="log" tabIndex={0} aria-live="polite" aria-relevant="additions">
        {logLines(log, catalog).map((entries) => {
          const last = entries[entries.length - 1]
          const seat = entries.length === 1 ? last.seat : null
          return (
            <li class={`${last.index >= freshFrom ? 'fresh' : ''} ${seat !== null ? `by-seat-${seat}` : ''}`} data-kind={last.kind}
              style={seat !== null ? { borderLeftColor: colours[seat] } : undefined}>
              <LogLine entries={entries} catalog={catalog} colours={colours} />
            </li>
          )
        })}
      </ol>
    </section>
  )
}
