import { useMemo, useState } from 'preact/hooks'
import { I18nContext, LANGS, initialLang, makeI18n, storeLang, useI18n, type Lang } from './i18n'
import { href, pageOf, useRoute } from './route'
import { Lobby } from './components/Lobby'
import { TablePage } from './components/TablePage'
import { JoinPage } from './components/JoinPage'
import { ReplayPage } from './components/ReplayPage'
import { TipLayer } from './components/Tip'
import { ToolsPage } from './tools/ToolsPage'
import { YourGames } from './components/YourGames'
import { SeatMarksShown } from './seatMarks'
import { useSettings } from './settings'

function LangSwitch() {
  const { lang, setLang, t } = useI18n()
  return (
    <label class="lang">
      <span class="sr-only">{t('language')}</span>
      <select id="lang-select" aria-label={t('language')} value={lang}
        onChange={(e) => setLang((e.currentTarget as HTMLSelectElement).value as Lang)}>
        {LANGS.map((l) => <option value={l.id}>{l.label}</option>)}
      </select>
    </label>
  )
}

export function App() {
  const [lang, setLangState] = useState<Lang>(() => {
    const l = initialLang()
    storeLang(l)
    return l
  })
  const i18n = useMemo(() => makeI18n(lang, (l) => {
    storeLang(l)
    setLangState(l)
  }), [lang])
  const route = useRoute()
  const [settings] = useSettings()
  return (
    <I18nContext.Provider value={i18n}>
    <SeatMarksShown.Provider value={settings.distinctColours}>
      <header class="top">
        <h1 class="brand-heading"><a class="brand" href={href.lobby()}>{i18n.t('appTitle')}</a></h1>
        <LangSwitch />
      </header>
      <main>
      {/* a layer a page: a tip left open on one page (a card at the table) is not carried to the next */}
      <TipLayer key={pageOf(route)}>
        {route.page === 'lobby' && <Lobby />}
        {route.page === 'table' && <TablePage key={route.id} id={route.id} rules={route.rules} />}
        {route.page === 'join' && <JoinPage key={`${route.id}/${route.seat}`} id={route.id} seat={route.seat} />}
        {route.page === 'replay' && <ReplayPage key={route.id} id={route.id} analyse={route.analyse} />}
        {route.page === 'mine' && <YourGames />}
        {route.page === 'tools' && <ToolsPage game={route.game} tool={route.tool} />}
      </TipLayer>
      </main>
    </SeatMarksShown.Provider>
    </I18nContext.Provider>
  )
}
