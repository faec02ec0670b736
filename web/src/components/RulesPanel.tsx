/** The rules of the game in the page's language: the summary (setup, round structure, scoring, with
 * rule IDs) and every rule's one-sentence statement by its ID, in a side panel opened from the page. */
import { useEffect, useState } from 'preact/hooks'
import { api, type RulesText, ApiError } from '../api'
import { errorText, useI18n } from '../i18n'
import { Markdown } from './Markdown'

export function RulesPanel({ game, title, onClose }: { game: string; title: string; onClose: () => void }) {
  const { t, lang } = useI18n()
  const [rules, setRules] = useState<RulesText | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    api.rules(game, lang).then(setRules, (e: ApiError) => setError(errorText(t, e.code)))
  }, [game, lang])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  const ids = rules ? Object.keys(rules.rules).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })) : []
  return (
    <div class="drawer rules-panel" id="rules-panel" role="dialog" aria-label={t('rulesOf', { game: title })}>
      <div class="drawer-head">
        <h2>{t('rulesOf', { game: title })}</h2>
        <button type="button" class="close" onClick={onClose}>{t('close')}</button>
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      {!rules && !error && <p>{t('loading')}</p>}
      {rules && (rules.markdown ? <Markdown text={rules.markdown} /> : <p class="muted">{t('noRules')}</p>)}
      {ids.length > 0 && (
        <details class="rule-list">
          <summary>{t('ruleList')}</summary>
          <dl>{ids.map((id) => <div id={`rule-${id}`}><dt>{id}</dt><dd>{rules!.rules[id]}</dd></div>)}</dl>
        </details>
      )}
    </div>
  )
}
