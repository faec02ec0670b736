/** Printable reference sheets (A4, print stylesheet in tools.css): the frame every game's sheet page
 * (web/src/games/<game>/tools/sheet.tsx) is printed in, with the game's catalog. */
import type { ComponentChildren, JSX } from 'preact'
import { useLayoutEffect, useRef } from 'preact/hooks'
import { useCatalog, type Catalog } from '../catalog'
import { useI18n } from '../i18n'
import { useTitles } from './api'


/** Each body cell of the section's tables labelled with its column's heading (`data-label`): on a phone
 * a table of four columns or more is drawn a row at a time, each cell under its heading's words
 * (tools.css), where a sideways scroll hid the columns that say what a thing does. */
function labelCells(section: HTMLElement) {
  for (const table of section.querySelectorAll<HTMLTableElement>('table.sheet-table')) {
    const headings = [...(table.tHead?.rows[0]?.cells ?? [])].map(headingWords)
    for (const body of table.tBodies) {
      for (const row of body.rows) {
        [...row.cells].forEach((cell, column) => {
          if (headings[column]) cell.dataset.label = headings[column]
          cell.toggleAttribute('data-blank', !cell.textContent?.trim())  // drawn without its heading
        })
      }
    }
  }
}

/** A heading's words without its icons' (an icon's word stands beside it for copying: "Cost [W]"
 * read "Cost Resources"). */
function headingWords(cell: HTMLTableCellElement): string {
  const words = cell.cloneNode(true) as HTMLElement
  for (const icon of words.querySelectorAll('.inline-icon')) icon.remove()
  return words.textContent?.trim() ?? ''
}

function Sheet({ game, children }: { game: string; children: ComponentChildren }) {
  const { t } = useI18n()
  const title = useTitles()
  const section = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    const element = section.current
    if (!element) return
    labelCells(element)
    // the game's page loads its sheet and changes language by itself: its rows come and go under this frame
    const observer = new MutationObserver(() => labelCells(element))
    observer.observe(element, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [])
  return (
    <section class="sheet" id="reference-sheet" data-game={game} ref={section}>
      <div class="sheet-head">
        <h2>{title(game)} · {t('toolSheet')}</h2>
        <button type="button" class="no-print" id="print-sheet" onClick={() => window.print()}>{t('toolPrint')}</button>
      </div>
      {children}
    </section>
  )
}

export const yesNo = (t: (k: 'toolYes' | 'toolNo') => string, v: boolean) => (v ? t('toolYes') : t('toolNo'))

/** A game's sheet page in the printable frame, once the game's catalog has loaded. */
export function ReferenceSheet({ game, Page }: { game: string; Page: (p: { cat: Catalog }) => JSX.Element }) {
  const { t, lang } = useI18n()
  const cat = useCatalog(game, lang, [])
  if (!cat) return <p class="muted">{t('loading')}</p>
  return <Sheet game={game}><Page cat={cat} /></Sheet>
}
