import { useEffect, useRef } from 'preact/hooks'
import type { LogEntry } from '../api'
import type { Catalog, Segment } from '../catalog'
import { useI18n } from '../i18n'
import { InlineIcon } from '../icons'

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
        return <strong class="player-name" data-seat-name={s.seat} style={{ color: colours[s.seat] ?? 'inherit' }}>{s.text}</strong>
      })}
    </>
  )
}

/** The game log in words (event templates), names in their colours; the last update highlighted. */
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
      <ol ref={box} id="log">
        {log.map((e) => (
          <li class={`${e.index >= freshFrom ? 'fresh' : ''} ${e.seat !== null ? `by-seat-${e.seat}` : ''}`} data-kind={e.kind}
            style={e.seat !== null ? { borderLeftColor: colours[e.seat] } : undefined}>
            <Named parts={catalog.eventSegments(e.kind, e.data, e.seat)} colours={colours} />
          </li>
        ))}
      </ol>
    </section>
  )
}
