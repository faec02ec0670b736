/** A score pad for a game played on a real table: players' names, what lies on the table at the end in
 * the game's own terms, and the totals scored by the engine (`POST /api/tools/{game}/score`): breakdown,
 * caps and tie breaks exactly as at the online table.
 *
 * Without a connection the pad keeps what was typed (on this device, per game), says that the totals need
 * the connection, and scores as soon as the browser is back online. */
import { useEffect, useState } from 'preact/hooks'
import type { JsonObject } from '../api'
import { useCatalog, type Catalog } from '../catalog'
import { useI18n } from '../i18n'
import { SEAT_COLOURS } from '../games/svg'
import { SeatDot, useFrameColours } from '../seatMarks'
import { useSettings } from '../settings'
import { ResultBody } from '../components/Scores'
import { Refusal, score, useTitles, type ScoreResult } from './api'
import { padKey, useKept, useOnline } from './offline'
import type { PadForm } from './pads'
import { FieldError, RefusalContext, refusalText, Sentence } from './refusal'


function PadResult({ result, names, cat }: { result: ScoreResult; names: string[]; cat: Catalog }) {
  const { t } = useI18n()
  const colours = useFrameColours(SEAT_COLOURS)
  return (
    <section class="card pad-result" id="pad-result" aria-label={t('toolTotals')}>
      <h3>{t('toolTotals')}</h3>
      <ResultBody result={result} catalog={cat} names={names}
        colours={names.map((_, seat) => colours[seat % colours.length])} />
    </section>
  )
}

export function ScorePad({ game, form }: { game: string; form: PadForm }) {
  const { t, lang } = useI18n()
  const [count, setCount] = useKept(padKey(game, 'count'), form.defaultPlayers)
  const [names, setNames] = useKept<string[]>(padKey(game, 'names'), [])
  const [facts, setFacts] = useState<JsonObject | null>(null)
  const [result, setResult] = useState<ScoreResult | null>(null)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [failed, setFailed] = useState('')
  const [waiting, setWaiting] = useState(false)   // asked for totals without a connection
  const online = useOnline()
  const colours = useFrameColours(SEAT_COLOURS)
  const [settings, setSettings] = useSettings()
  const shown = Array.from({ length: count }, (_, i) => names[i] || t('toolPlayerDefault', { n: i + 1 }))
  const cat = useCatalog(game, lang, shown)
  const title = useTitles()
  useEffect(() => {
    setResult(null)
    setRefusal(null)
  }, [facts, count])
  const submit = async () => {
    if (!facts) return
    setRefusal(null)
    setFailed('')
    if (!navigator.onLine) {
      setWaiting(true)
      return
    }
    try {
      setResult(await score(game, facts))
      setWaiting(false)
    } catch (e) {
      setResult(null)
      if (e instanceof Refusal) {
        setWaiting(false)
        setRefusal(e)
      } else if (e instanceof TypeError) setWaiting(true)   // the request never reached the server
      else {
        setWaiting(false)
        setFailed(t('errOther'))
      }
    }
  }
  // back online: the totals asked for while offline are scored now
  useEffect(() => {
    if (online && waiting) void submit()
  }, [online])
  if (!cat) return <p class="muted">{t('loading')}</p>
  const shownRefusal = refusal && { field: refusal.field, player: refusal.player, text: refusalText(refusal, cat, t) }
  // the page's sentence around the reason, split where the reason goes (its names are in colour)
  const [refusedBefore, refusedAfter = ''] = t('toolRefused', { reason: '\u0000' }).split('\u0000')
  const Form = form.component
  return (
    <RefusalContext.Provider value={shownRefusal}>
    <section class="score-pad" id="score-pad" data-game={game}>
      <h2>{title(game)} · {t('toolScorePad')}</h2>
      <div class="card pad-players">
        <label class="inline">{t('toolPlayerCount')}
          <select id="pad-count" value={String(count)} onChange={(e) => setCount(Number((e.currentTarget as HTMLSelectElement).value))}>
            {form.counts.map((n) => <option value={String(n)}>{n}</option>)}
          </select>
        </label>
        <FieldError field="count" />
        <div class="pad-names">
          {shown.map((name, i) => (
            <label class="inline" style={{ borderColor: colours[i % colours.length] }}>
              <SeatDot seat={i} colour={colours[i % colours.length]} />
              <input type="text" maxLength={40} id={`pad-name-${i}`} value={names[i] ?? ''} placeholder={name}
                aria-label={t('toolPlayerName', { n: i + 1 })}
                onInput={(e) => { const next = [...names]; next[i] = (e.currentTarget as HTMLInputElement).value; setNames(next) }} />
            </label>
          ))}
        </div>
        {/* the table's colour-blind setting, here too: a pad is used where no table page is open */}
        <label class="check" for="setting-distinctColours">
          <input id="setting-distinctColours" type="checkbox" checked={settings.distinctColours}
            onChange={(e) => setSettings({ distinctColours: (e.currentTarget as HTMLInputElement).checked })} />
          {t('distinctColoursSetting')}
        </label>
      </div>
      <Form key={count} players={count} names={shown} cat={cat} onFacts={setFacts} />
      {(!online || waiting) && (
        <p class="card offline-note" role="status" id="pad-offline" data-waiting={waiting}>
          {t(waiting ? 'toolOfflineWaiting' : 'toolOffline')}
        </p>
      )}
      <p><button type="button" class="primary" id="pad-score" disabled={!facts} onClick={submit}>{t('toolScoreButton')}</button></p>
      {shownRefusal && <p class="error" role="alert" id="pad-error" data-reason={refusal.reason}>
        {refusedBefore}<Sentence segments={shownRefusal.text} />{refusedAfter}</p>}
      {failed && <p class="error" role="alert" id="pad-error">{failed}</p>}
      {result && <PadResult result={result} names={shown} cat={cat} />}
    </section>
    </RefusalContext.Provider>
  )
}
