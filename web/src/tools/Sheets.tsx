/** Printable reference sheets (A4, print stylesheet in tools.css): the frame every game's sheet page
 * (web/src/games/<game>/tools/sheet.tsx) is printed in, with the game's catalog. */
import type { ComponentChildren, JSX } from 'preact'
import { useCatalog, type Catalog } from '../catalog'
import { useI18n } from '../i18n'
import { useTitles } from './api'


function Sheet({ game, children }: { game: string; children: ComponentChildren }) {
  const { t } = useI18n()
  const title = useTitles()
  return (
    <section class="sheet" id="reference-sheet" data-game={game}>
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
