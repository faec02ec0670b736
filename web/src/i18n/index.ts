import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import { en, type Strings } from './en'
import { es } from './es'
import { zh_TW } from './zh_TW'
import { fillTemplate } from '../template'

export type Lang = 'en' | 'zh_TW' | 'es'
export const LANGS: { id: Lang; label: string; html: string }[] = [
  { id: 'zh_TW', label: '繁體中文', html: 'zh-TW' },
  { id: 'en', label: 'English', html: 'en' },
  { id: 'es', label: 'Español', html: 'es' },
]
const STRINGS: Record<Lang, Strings> = { en, zh_TW, es }
const KEY = 'parlor.lang'

/** The language stored by the switch, else the browser's first language we speak, else English. */
export function initialLang(): Lang {
  const stored = localStorage.getItem(KEY)
  if (stored === 'en' || stored === 'zh_TW' || stored === 'es') return stored
  for (const tag of navigator.languages ?? [navigator.language]) {
    const t = tag.toLowerCase()
    if (t.startsWith('zh')) return 'zh_TW'
    if (t.startsWith('es')) return 'es'
    if (t.startsWith('en')) return 'en'
  }
  return 'en'
}

export function storeLang(lang: Lang): void {
  localStorage.setItem(KEY, lang)
  document.documentElement.lang = LANGS.find((l) => l.id === lang)?.html ?? 'en'
}

export function fill(template: string, vars: Record<string, string | number> = {}): string {
  return fillTemplate(template, vars)
}

export type StringKey = keyof Strings
export interface I18n {
  lang: Lang
  t: (key: StringKey, vars?: Record<string, string | number>) => string
  setLang: (lang: Lang) => void
}

export function makeI18n(lang: Lang, setLang: (lang: Lang) => void): I18n {
  const strings = STRINGS[lang]
  return { lang, setLang, t: (key, vars) => fill(strings[key], vars) }
}

export const I18nContext = createContext<I18n>(makeI18n('en', () => undefined))
export const useI18n = (): I18n => useContext(I18nContext)

const LEVEL_KEYS: Record<string, StringKey> = {
  easy: 'levelEasy', medium: 'levelMedium', hard: 'levelHard', expert: 'levelExpert',
  random: 'levelRandom',
}

/** A bot level's name in the page's language (a spec the server does not name stays as it is). */
export function levelName(t: I18n['t'], level: string): string {
  const key = LEVEL_KEYS[level]
  return key ? t(key) : level
}

const ERROR_KEYS: Record<string, StringKey> = {
  stale_index: 'errStaleIndex',
  not_your_turn: 'errNotYourTurn',
  illegal_move: 'errIllegalMove',
  bad_move: 'errBadMove',
  undo_refused: 'errUndoRefused',
  bad_token: 'errBadToken',
  seat_taken: 'errSeatTaken',
  not_found: 'errNotFound',
  rate_limited: 'errRateLimited',
  too_large: 'errTooLarge',
  bad_name: 'errBadName',
  bad_options: 'errBadOptions',
  forbidden: 'errForbidden',
  bad_record: 'errBadRecord',
  server_error: 'errServer',
  misdirected: 'errMisdirected',
  not_finished: 'errNotFinished',
}

/** A refusal from the server in the page's language, by its stable code (the server's English sentence
 * may name things in English; the code is what the page translates). */
export function errorText(t: I18n['t'], code: string | undefined): string {
  return t(ERROR_KEYS[code ?? ''] ?? 'errOther')
}
