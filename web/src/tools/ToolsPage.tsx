/** Companion tools for people playing the physical games: score pads, the trick reference and printable
 * reference sheets. Reachable from the lobby without a table; every page in the three languages. */
import { useI18n } from '../i18n'
import { href } from '../route'
import { useTitles } from './api'
import { useOfflineWorker } from './offline'
import { ScorePad } from './ScorePad'
import { ReferenceSheet } from './Sheets'
import { TrickReference } from './TrickReference'
import './tools.css'

const GAMES = ['trickerion', 'opera', 'skyrise', 'starroad'] as const

function Index() {
  const { t } = useI18n()
  const title = useTitles()
  return (
    <section class="tools-index" id="tools-index">
      <h2>{t('toolsTitle')}</h2>
      <p class="tagline">{t('toolsIntro')}</p>
      <div class="tools-games">
        {GAMES.map((game) => (
          <div class="card tools-game" data-game={game}>
            <h3>{title(game)}</h3>
            <a class="button primary" href={href.tools(game, 'pad')} data-tool="pad">{t('toolScorePad')}</a>
            {game === 'trickerion'
              ? <a class="button" href={href.tools(game, 'tricks')} data-tool="tricks">{t('toolTricks')}</a>
              : <a class="button" href={href.tools(game, 'sheet')} data-tool="sheet">{t('toolSheet')}</a>}
          </div>
        ))}
      </div>
    </section>
  )
}

export function ToolsPage({ game, tool }: { game: string | null; tool: string | null }) {
  const { t } = useI18n()
  useOfflineWorker(`${game}/${tool}`)
  const known = game !== null && (GAMES as readonly string[]).includes(game)
  return (
    <div class="tools">
      {known && <p class="no-print"><a href={href.tools()} id="tools-back">{t('toolsBack')}</a></p>}
      {!known && <Index />}
      {known && tool === 'pad' && <ScorePad game={game} />}
      {known && tool === 'tricks' && game === 'trickerion' && <TrickReference />}
      {known && tool === 'sheet' && game !== 'trickerion' && <ReferenceSheet game={game} />}
    </div>
  )
}
