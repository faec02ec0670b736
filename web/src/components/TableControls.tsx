/** The player's controls at a table: their seat (let a bot finish for me and take it back, leave and
 * take a seat again; the host gives open seats to bots) and their settings. */
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { api, claims, hosts, type Claim, type StateMessage, ApiError } from '../api'
import { askNotify } from '../alerts'
import { marksOf } from '../catalog'
import { errorText, useI18n } from '../i18n'
import { href } from '../route'
import type { Settings } from '../settings'

/** A question with Yes / Cancel, inline (no browser dialog). */
function Ask({ question, yes, onYes, onNo }: { question: string; yes: string; onYes: () => void; onNo: () => void }) {
  const { t } = useI18n()
  return (
    <div class="ask card" role="alertdialog" aria-label={question}>
      <p>{question}</p>
      <button type="button" class="primary" id="ask-yes" onClick={onYes}>{yes}</button>
      <button type="button" id="ask-no" onClick={onNo}>{t('cancel')}</button>
    </div>
  )
}

/** In the page's head: taking a seat back or taking an open one; in the settings: handing one's seat
 * to a bot, leaving it, and (for the host) giving open seats to bots. */
export function SeatControls({ table, state, claim, setClaim, names, setNotice, where }: {
  table: string; state: StateMessage; claim: Claim | null; setClaim: (c: Claim | null) => void; names: string[]
  setNotice: (text: string) => void; where: 'head' | 'settings'
}) {
  const { t, lang } = useI18n()
  const [asking, setAsking] = useState<'hand' | 'leave' | null>(null)
  const running = state.status === 'running'
  const mine = claim ? state.seats.find((s) => s.seat === claim.seat) : undefined
  const host = hosts.get(table)
  const fail = (e: ApiError) => setNotice(errorText(t, e.code))
  const openSeats = state.seats.filter((s) => s.kind === 'open')
  if (where === 'head') {
    return (
      <span class="seat-controls">
        {claim && mine && running && mine.handed && (
          <button type="button" class="take-back primary" onClick={() => api.takeBack(table, claim.seat, claim.token).catch(fail)}>{t('takeBack')}</button>
        )}
        {!claim && running && openSeats.map((s) => (
          <a class="button take-seat" href={href.join(table, s.seat)} data-seat={s.seat}>{`${t('takeSeat')}${marksOf(lang).colon}${names[s.seat]}`}</a>
        ))}
      </span>
    )
  }
  return (
    <span class="seat-controls">
      {claim && mine && running && !mine.handed && (
        <button type="button" class="hand-to-bot" onClick={() => setAsking('hand')}>{t('handToBot')}</button>
      )}
      {claim && mine && state.status !== 'finished' && (
        <button type="button" class="leave-seat" onClick={() => setAsking('leave')}>{t('leaveSeat')}</button>
      )}
      {host && running && openSeats.map((s) => (
        <button type="button" class="give-to-bot" data-seat={s.seat}
          onClick={() => api.toBot(table, s.seat, 'medium', host).catch(fail)}>{`${t('giveToBot')}${marksOf(lang).colon}${names[s.seat]}`}</button>
      ))}
      {asking === 'hand' && claim && (
        <Ask question={t('handConfirm')} yes={t('handToBot')} onNo={() => setAsking(null)} onYes={() => {
          setAsking(null)
          api.toBot(table, claim.seat, 'medium', claim.token).catch(fail)
        }} />
      )}
      {asking === 'leave' && claim && (
        <Ask question={t('leaveConfirm')} yes={t('leaveSeat')} onNo={() => setAsking(null)} onYes={() => {
          setAsking(null)
          api.leave(table, claim.seat, claim.token).then(() => {
            claims.forget(table)
            setClaim(null)
          }, fail)
        }} />
      )}
    </span>
  )
}

export function SettingsPanel({ settings, setSettings, details, setDetails, showDetails, onClose, children }: {
  settings: Settings; setSettings: (change: Partial<Settings>) => void; details: boolean; setDetails: (on: boolean) => void
  showDetails: boolean; onClose: () => void; children?: ComponentChildren
}) {
  const { t } = useI18n()
  const check = (key: keyof Settings, label: string, extra?: () => Promise<boolean>) => (
    <label class="check" for={`setting-${key}`}>
      <input id={`setting-${key}`} type="checkbox" checked={settings[key]} onChange={async (e) => {
        const on = (e.currentTarget as HTMLInputElement).checked
        if (on && extra && !(await extra())) return
        setSettings({ [key]: on })
      }} />
      {label}
    </label>
  )
  return (
    <section class="card settings-panel" id="settings-panel" aria-label={t('settings')}>
      <h3>{t('settings')}</h3>
      {check('confirm', t('confirmSetting'))}
      {check('sound', t('soundSetting'))}
      {check('notify', t('notifySetting'), askNotify)}
      {check('animations', t('animSetting'))}
      {check('autoPass', t('autoPassSetting'))}
      {check('distinctColours', t('distinctColoursSetting'))}
      {check('coach', t('coachSetting'))}
      {showDetails && (
        <label class="check" for="setting-details">
          <input id="setting-details" type="checkbox" checked={details} onChange={(e) => setDetails((e.currentTarget as HTMLInputElement).checked)} />
          {t('details')}
        </label>
      )}
      {children}
      <button type="button" id="close-settings" onClick={onClose}>{t('close')}</button>
    </section>
  )
}
