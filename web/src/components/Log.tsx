import { useEffect, useRef } from 'preact/hooks'
import type { LogEntry } from '../api'
import type { Catalog } from '../catalog'
import { useI18n } from '../i18n'

/** The game log in words (event templates); entries of the last update are highlighted. */
export function Log({ log, catalog, freshFrom }: { log: LogEntry[]; catalog: Catalog; freshFrom: number }) {
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
          <li class={`${e.index >= freshFrom ? 'fresh' : ''} ${e.seat !== null ? `by-seat-${e.seat}` : ''}`} data-kind={e.kind}>
            {catalog.event(e.kind, e.data, e.seat)}
          </li>
        ))}
      </ol>
    </section>
  )
}
