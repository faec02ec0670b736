/** A game's set-up for a real table (`#/tools/GAME/setup`): the player count and the options that change the
 * set-up chosen, what that table sets up, each fact with its rule (its sentence on hover), from the game's own
 * engine and data (`GET /api/tools/{game}/setup`), worded by the game's catalog. */
import type { JsonObject } from '../api'
import { useCatalog } from '../catalog'
import { Named } from '../components/Log'
import { useI18n } from '../i18n'
import { useSetupGuide, useTitles } from './api'
import { useKept } from './offline'

export function SetupGuidePage({ game }: { game: string }) {
  const { t, lang } = useI18n()
  const title = useTitles()
  const cat = useCatalog(game, lang, [])
  const guide = useSetupGuide(game)
  // the table's choices stay on this device, as a pad's entries do
  const [chosen, setChosen] = useKept<{ players: number; on: string[] }>(`parlor.setup.${game}`, { players: 0, on: [] })
  if (!cat || !guide) return <p class="muted">{t('loading')}</p>
  const counts = [...new Set(guide.guides.map((g) => g.players))]
  const players = counts.includes(chosen.players) ? chosen.players : counts[Math.min(1, counts.length - 1)]
  const on = guide.options.filter((o) => chosen.on.includes(o))
  const shown = guide.guides.find((g) => g.players === players && g.on.length === on.length && g.on.every((o) => on.includes(o)))
  const toggle = (option: string, value: boolean) =>
    setChosen({ players, on: value ? [...on, option] : on.filter((o) => o !== option) })
  return (
    <section class="card setup-guide" id="setup-guide" data-game={game}>
      <div class="sheet-head">
        <h2>{title(game)} · {t('toolSetup')}</h2>
        <button type="button" class="no-print" id="print-setup" onClick={() => window.print()}>{t('toolPrint')}</button>
      </div>
      <p class="muted">{t('toolSetupIntro')}</p>
      <fieldset class="setup-players no-print">
        <legend>{t('toolPlayerCount')}</legend>
        {counts.map((n) => (
          <label class="check">
            <input type="radio" name="setup-players" value={String(n)} checked={n === players}
              onChange={() => setChosen({ players: n, on })} />
            <span>{n}</span>
          </label>
        ))}
      </fieldset>
      {guide.options.length > 0 && (
        <fieldset class="setup-options no-print">
          <legend>{t('options')}</legend>
          {guide.options.map((option) => (
            <label class="check" for={`setup-${option}`}>
              <input type="checkbox" id={`setup-${option}`} checked={on.includes(option)}
                onChange={(e) => toggle(option, (e.currentTarget as HTMLInputElement).checked)} />
              <span>{cat.data.options[option]?.label ?? option}</span>
            </label>
          ))}
        </fieldset>
      )}
      <h3>{t('toolSetupFor', { n: players })}</h3>
      {on.length > 0 && (
        <p id="setup-with" class="print-only">{t('toolSetupWith', { options: on.map((o) => cat.data.options[o]?.label ?? o).join(cat.marks.names) })}</p>
      )}
      <ol class="setup-facts">
        {shown?.facts.map((fact) => (
          <li data-key={fact.key}>
            <span class="rule-id" title={cat.rule(fact.rule) ?? undefined}>{fact.rule}</span>{' '}
            <span class="fact"><Named parts={cat.icons(cat.fill(cat.label(`setup_${fact.key}`), fact.values as JsonObject, null))} colours={[]} /></span>
          </li>
        ))}
      </ol>
    </section>
  )
}
