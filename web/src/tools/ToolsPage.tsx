/** Companion tools for people playing the physical games: score pads, the trick reference, printable
 * reference sheets and set-up guides. Reachable from the lobby without a table; every page in the three languages. */
import { useI18n } from '../i18n'
import { href } from '../route'
import { useGuided, useTitles } from './api'
import { useOfflineWorker } from './offline'
import { toolGames, toolsOf } from './registry'
import { ScorePad } from './ScorePad'
import { SetupGuidePage } from './SetupGuide'
import '../games/tools'
import './tools.css'

function Index() {
  const { t } = useI18n()
  const title = useTitles()
  const guided = useGuided()
  return (
    <section class="tools-index" id="tools-index">
      <h2>{t('toolsTitle')}</h2>
      <p class="tagline">{t('toolsIntro')}</p>
      <div class="tools-games">
        {toolGames().map((game) => {
          const reference = toolsOf(game)?.reference
          return (
            <div class="card tools-game" data-game={game}>
              <h3>{title(game)}</h3>
              <a class="button primary" href={href.tools(game, 'pad')} data-tool="pad">{t('toolScorePad')}</a>
              {reference && <a class="button" href={href.tools(game, reference.tool)} data-tool={reference.tool}>{t(reference.label)}</a>}
              {guided(game) && <a class="button" href={href.tools(game, 'setup')} data-tool="setup">{t('toolSetup')}</a>}
            </div>
          )
        })}
      </div>
    </section>
  )
}

export function ToolsPage({ game, tool }: { game: string | null; tool: string | null }) {
  const { t } = useI18n()
  useOfflineWorker(`${game}/${tool}`)
  const tools = game !== null ? toolsOf(game) : null
  const Reference = tools?.reference && tool === tools.reference.tool ? tools.reference.Page : null
  return (
    <div class="tools">
      {tools && <p class="no-print"><a href={href.tools()} id="tools-back">{t('toolsBack')}</a></p>}
      {!tools && <Index />}
      {game !== null && tools && tool === 'pad' && <ScorePad game={game} form={tools.pad} />}
      {Reference && <Reference />}
      {game !== null && tools && tool === 'setup' && <SetupGuidePage game={game} />}
    </div>
  )
}
