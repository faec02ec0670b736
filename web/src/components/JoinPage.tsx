import { useEffect, useState } from 'preact/hooks'
import { api, claims, type TableInfo, ApiError } from '../api'
import { errorText, useI18n } from '../i18n'
import { go, href } from '../route'

/** An invite link: take seat `seat` of table `id` under a name. */
export function JoinPage({ id, seat }: { id: string; seat: number }) {
  const { t, lang } = useI18n()
  const [table, setTable] = useState<TableInfo | null>(null)
  // the game's title in the page's language (the table's own is English), from the list of games
  const [titles, setTitles] = useState<Record<string, string>>({})
  const [name, setName] = useState(() => localStorage.getItem('parlor.name') ?? '')
  const [error, setError] = useState('')
  useEffect(() => {
    api.table(id).then((found) => {
      setTable(found)
      api.games().then((r) => setTitles(r.games.find((g) => g.id === found.game)?.titles ?? {})).catch(() => {})
    }).catch((e: ApiError) => setError(errorText(t, e.code)))
  }, [id])
  const join = async (e: Event) => {
    e.preventDefault()
    const me = name.trim() || `${t('defaultName')} ${seat + 1}`
    try {
      const r = await api.join(id, seat, me)
      localStorage.setItem('parlor.name', name.trim())
      claims.set(id, { seat, token: r.token, name: me })
      go(href.table(id))
    } catch (err) {
      setError(errorText(t, (err as ApiError).code))
    }
  }
  return (
    <form class="card join" onSubmit={join}>
      <h2>{table ? titles[lang] ?? table.title : t('loading')} — {t('seatN', { n: seat + 1 })}</h2>
      <label for="join-name">{t('yourName')}
        <input id="join-name" value={name} maxLength={24} placeholder={t('defaultName')}
          onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} />
      </label>
      {error && <p class="error" role="alert">{error}</p>}
      <button type="submit" class="primary" id="join-seat">{t('joinSeat', { n: seat + 1 })}</button>
      {' '}<a class="button" href={href.table(id)}>{t('watch')}</a>
    </form>
  )
}
