import { useEffect, useState } from 'preact/hooks'
import { api, claims, type GameInfo, type Json, type JsonObject, type TableInfo } from '../api'
import { useCatalog, humanize } from '../catalog'
import { levelName, useI18n } from '../i18n'
import { blurbs } from '../i18n/terms'
import { go, href } from '../route'

type SeatChoice = string // "open" or a bot level

function OptionInput({ info, value, onChange, label }: {
  info: { name: string; type: string; choices: Json[]; help: string }
  value: Json; onChange: (v: Json) => void; label: string
}) {
  const id = `opt-${info.name}`
  if (info.choices.length) {
    return (
      <label for={id}>{label}
        <select id={id} value={String(value)} onChange={(e) => {
          const raw = (e.currentTarget as HTMLSelectElement).value
          onChange(info.choices.find((c) => String(c) === raw) ?? raw)
        }}>
          {info.choices.map((c) => <option value={String(c)}>{String(c)}</option>)}
        </select>
      </label>
    )
  }
  if (info.type === 'bool') {
    return (
      <label for={id} class="check">
        <input id={id} type="checkbox" checked={Boolean(value)}
          onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)} />
        {label}
      </label>
    )
  }
  const numeric = info.type === 'int' || info.type === 'float'
  return (
    <label for={id}>{label}
      <input id={id} type={numeric ? 'number' : 'text'} value={String(value ?? '')}
        onInput={(e) => {
          const raw = (e.currentTarget as HTMLInputElement).value
          onChange(numeric ? Number(raw) : raw)
        }} />
    </label>
  )
}

function NewTable({ games, levels, onCreated }: { games: GameInfo[]; levels: string[]; onCreated: () => void }) {
  const { t, lang } = useI18n()
  const [gameId, setGameId] = useState(games[0]?.id ?? '')
  const game = games.find((g) => g.id === gameId) ?? games[0]
  const [players, setPlayers] = useState(game?.min_players ?? 2)
  const [options, setOptions] = useState<JsonObject>({})
  const [seats, setSeats] = useState<SeatChoice[]>([])
  const [sit, setSit] = useState(true)
  const [name, setName] = useState(() => localStorage.getItem('parlor.name') ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const catalog = useCatalog(game?.id ?? null, lang, [])

  useEffect(() => {
    if (!game) return
    setPlayers(Math.max(game.min_players, Math.min(game.max_players, 2)))
    setOptions(Object.fromEntries(game.options.map((o) => [o.name, o.default])))
  }, [gameId, games.length])
  useEffect(() => {
    setSeats((old) => Array.from({ length: players }, (_, i) => old[i] ?? (i === 0 ? 'open' : levels.includes('medium') ? 'medium' : levels[0] ?? 'easy')))
  }, [players, levels.length])

  if (!game) return null
  const create = async (e: Event) => {
    e.preventDefault()
    setBusy(true)
    setError('')
    try {
      const spec = seats.map((s) => (s === 'open' ? { kind: 'open' } : { kind: 'bot', level: s }))
      const table = await api.create({ game: game.id, players, options, seats: spec })
      const me = name.trim() || t('defaultName')
      localStorage.setItem('parlor.name', name.trim())
      if (sit && seats[0] === 'open') {
        const joined = await api.join(table.id, 0, me)
        claims.set(table.id, { seat: 0, token: joined.token, name: me })
      }
      onCreated()
      go(href.table(table.id))
    } catch (err) {
      setError(String((err as Error).message))
    } finally {
      setBusy(false)
    }
  }
  const counts = Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i)
  return (
    <form class="card new-table" onSubmit={create} aria-label={t('newTable')}>
      <h2>{t('newTable')}</h2>
      <fieldset class="games">
        <legend>{t('game')}</legend>
        {games.map((g) => (
          <label class={`game-pick${g.id === game.id ? ' picked' : ''}`}>
            <input type="radio" name="game" value={g.id} checked={g.id === game.id}
              onChange={() => setGameId(g.id)} />
            <strong>{g.title}</strong>
            <span class="muted">{t('playersRange', { min: g.min_players, max: g.max_players })}</span>
            <span class="blurb">{blurbs[lang]?.[g.id] ?? g.description}</span>
          </label>
        ))}
      </fieldset>
      <div class="row">
        <label for="players">{t('players')}
          <select id="players" value={String(players)}
            onChange={(e) => setPlayers(Number((e.currentTarget as HTMLSelectElement).value))}>
            {counts.map((n) => <option value={String(n)}>{n}</option>)}
          </select>
        </label>
        <label for="your-name">{t('yourName')}
          <input id="your-name" value={name} placeholder={t('defaultName')} maxLength={40}
            onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} />
        </label>
      </div>
      {game.options.length > 0 && (
        <fieldset class="options">
          <legend>{t('options')}</legend>
          {game.options.map((o) => (
            <span title={o.help}>
              <OptionInput info={o} value={options[o.name] ?? o.default}
                label={catalog?.has(o.name) ? catalog.name(o.name) : humanize(o.name)}
                onChange={(v) => setOptions({ ...options, [o.name]: v })} />
            </span>
          ))}
        </fieldset>
      )}
      <fieldset class="seats">
        <legend>{t('seats')}</legend>
        {seats.map((s, i) => (
          <label for={`seat-${i}`}>{t('seatN', { n: i + 1 })}
            <select id={`seat-${i}`} value={s} onChange={(e) => {
              const next = [...seats]
              next[i] = (e.currentTarget as HTMLSelectElement).value
              setSeats(next)
            }}>
              <option value="open">{t('seatOpen')}</option>
              {levels.map((l) => <option value={l}>{t('seatBot', { level: levelName(t, l) })}</option>)}
            </select>
          </label>
        ))}
        {seats[0] === 'open' && (
          <label class="check" for="sit">
            <input id="sit" type="checkbox" checked={sit} onChange={(e) => setSit((e.currentTarget as HTMLInputElement).checked)} />
            {t('takeSeat0')}
          </label>
        )}
      </fieldset>
      {error && <p class="error" role="alert">{error}</p>}
      <button type="submit" class="primary" id="create-table" disabled={busy}>{busy ? t('creating') : t('create')}</button>
    </form>
  )
}

function TableRow({ table }: { table: TableInfo }) {
  const { t } = useI18n()
  const mine = claims.get(table.id)
  const names = table.seats.map((s) => s.name ?? (s.kind === 'open' ? '—' : `${t('bot')} (${levelName(t, s.level ?? '')})`)).join(', ')
  return (
    <li class="table-row" data-table={table.id}>
      <span><strong>{table.title}</strong> <span class="muted">{names}</span></span>
      <span class="actions">
        {table.status === 'open' && !mine && table.open_seats.map((s) => (
          <a class="button" href={href.join(table.id, s)}>{t('joinSeat', { n: s + 1 })}</a>
        ))}
        {table.status !== 'finished' && <a class="button" href={href.table(table.id)}>{mine ? t('join') : t('watch')}</a>}
        {table.status === 'finished' && <a class="button" href={href.table(table.id)}>{t('finalResult')}</a>}
        {table.status === 'finished' && <a class="button" href={href.replay(table.id)}>{t('replay')}</a>}
      </span>
    </li>
  )
}

export function Lobby() {
  const { t } = useI18n()
  const [games, setGames] = useState<GameInfo[]>([])
  const [levels, setLevels] = useState<string[]>([])
  const [tables, setTables] = useState<TableInfo[]>([])
  const [error, setError] = useState('')
  const refresh = () => api.tables(['open', 'running', 'finished']).then((r) => setTables(r.tables)).catch(() => undefined)
  useEffect(() => {
    api.games().then((r) => {
      setGames(r.games)
      setLevels(r.bot_levels)
    }).catch((e: Error) => setError(e.message))
    refresh()
    const timer = window.setInterval(refresh, 4000)
    return () => window.clearInterval(timer)
  }, [])
  const section = (status: string, title: string) => {
    const rows = tables.filter((x) => x.status === status).slice(0, 20)
    return (
      <section class="card" aria-label={title}>
        <h2>{title}</h2>
        {rows.length ? <ul class="tables">{rows.map((x) => <TableRow table={x} />)}</ul> : <p class="muted">{t('noTables')}</p>}
      </section>
    )
  }
  return (
    <div class="lobby">
      <p class="tagline">{t('tagline')}</p>
      {error && <p class="error" role="alert">{error}</p>}
      <div class="lobby-grid">
        {games.length > 0 && <NewTable games={games} levels={levels} onCreated={refresh} />}
        <div>
          {section('open', t('openTables'))}
          {section('running', t('runningTables'))}
          {section('finished', t('finishedTables'))}
        </div>
      </div>
    </div>
  )
}
