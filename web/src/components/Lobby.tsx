import type { ComponentChildren } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { api, claims, hosts, type GameInfo, type Json, type JsonObject, type OptionInfo, type TableIn, type TableInfo, ApiError } from '../api'
import { marksOf, useCatalog, type Catalog } from '../catalog'
import { levelName, errorText, useI18n, type StringKey } from '../i18n'
import { NAME_LIMIT, nameShows, nameWidth, playerNames, useWords, type Words } from '../naming'
import { Refusal } from './Refusal'
import { go, href } from '../route'
import { useSettings } from '../settings'

type SeatChoice = string // "open" or a bot level

/** Clock presets: seconds per decision (null: no clock). */
const CLOCKS: { key: StringKey; seconds: number | null }[] = [
  { key: 'clockNone', seconds: null }, { key: 'clockFast', seconds: 45 }, { key: 'clockNormal', seconds: 120 },
  { key: 'clockSlow', seconds: 300 }, { key: 'clockDay', seconds: 86_400 }, { key: 'clockDays', seconds: 259_200 },
]

/** An option in words: its label and help from the game's catalog, its values described. */
function OptionInput({ info, value, onChange, catalog }: {
  info: OptionInfo; value: Json; onChange: (v: Json) => void; catalog: Catalog
}) {
  const id = `opt-${info.name}`
  const words = catalog.data.options[info.name]
  const label = words?.label ?? info.name
  const help = words?.help ? <small class="option-help muted">{words.help}</small> : null
  const valueText = (v: Json) => words?.values[String(v)] ?? String(v)
  if (info.choices.length) {
    // a few described values read best side by side as radio buttons (a select would clip them)
    return (
      <fieldset id={id} class="option choices">
        <legend>{label}</legend>
        {info.choices.map((c) => (
          <label class="check">
            <input type="radio" name={id} value={String(c)} checked={String(c) === String(value)}
              onChange={() => onChange(c)} />
            <span>{valueText(c)}</span>
          </label>
        ))}
        {help}
      </fieldset>
    )
  }
  if (info.type === 'bool') {
    const off = info.available === false
    return (
      <label for={id} class={`check option${off ? ' unavailable' : ''}`}>
        <input id={id} type="checkbox" checked={Boolean(value)} disabled={off}
          onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)} />
        <span>{label}{help}</span>
      </label>
    )
  }
  if (info.type === 'str') return <FileOption id={id} label={label} help={help} value={value} onChange={onChange} />
  const numeric = info.type === 'int' || info.type === 'float'
  return (
    <label for={id} class="option">{label}
      <input id={id} type={numeric ? 'number' : 'text'} value={String(value ?? '')}
        min={info.min ?? undefined} max={info.max ?? undefined}
        onInput={(e) => {
          const raw = (e.currentTarget as HTMLInputElement).value
          onChange(numeric ? Number(raw) : raw)
        }} />
      {help}
    </label>
  )
}

/** A text option without choices holds a whole file (Star Road's own design chart or character table):
 * the player picks the file, the option holds its text; empty is the packaged one. */
function FileOption({ id, label, help, value, onChange }: {
  id: string; label: string; help: ComponentChildren; value: Json; onChange: (v: Json) => void
}) {
  const { t } = useI18n()
  const [file, setFile] = useState<string | null>(null)
  const chosen = typeof value === 'string' && value !== '' && value !== 'default'
  return (
    <div class="option file-option">
      <span class="option-label">{label}</span>
      <label for={id} class="button file-button">{t('fileChoose')}</label>
      <input id={id} class="visually-hidden" type="file" accept=".toml,.txt,text/plain" onChange={async (e) => {
        const input = e.currentTarget as HTMLInputElement
        const picked = input.files?.[0]
        if (!picked) return
        setFile(picked.name)
        onChange(await picked.text())
      }} />
      <small class="muted">{chosen ? file ?? t('fileOwn') : t('filePackaged')}</small>
      {chosen && <button type="button" class="link" onClick={() => { setFile(null); onChange('') }}>{t('fileClear')}</button>}
      {help}
    </div>
  )
}

const same = (a: JsonObject, b: JsonObject) => Object.keys({ ...a, ...b }).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]))

function NewTable({ games, levels, onCreated }: { games: GameInfo[]; levels: string[]; onCreated: () => void }) {
  const { t, lang } = useI18n()
  const [gameId, setGameId] = useState(games[0]?.id ?? '')
  const game = games.find((g) => g.id === gameId) ?? games[0]
  const [players, setPlayers] = useState(game?.min_players ?? 2)
  const [options, setOptions] = useState<JsonObject>({})
  const [seats, setSeats] = useState<SeatChoice[]>([])
  const [sit, setSit] = useState(true)
  const [settings, setSettings] = useSettings()
  const [clock, setClock] = useState<number | null>(null)
  const [name, setName] = useState(() => localStorage.getItem('parlor.name') ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const catalog = useCatalog(game?.id ?? null, lang, [])
  const defaults: JsonObject = game ? Object.fromEntries(game.options.map((o) => [o.name, o.default])) : {}

  const choose = (g: GameInfo) => {
    setGameId(g.id)
    setPlayers(Math.max(g.min_players, Math.min(g.max_players, 2)))
    setOptions(Object.fromEntries(g.options.map((o) => [o.name, o.default])))
  }
  useEffect(() => {
    if (game) choose(game)
  }, [games.length])
  useEffect(() => {
    setSeats((old) => Array.from({ length: players }, (_, i) => old[i] ?? (i === 0 ? 'open' : levels.includes('medium') ? 'medium' : levels[0] ?? 'easy')))
  }, [players, levels.length])

  if (!game) return null
  const presets = catalog ? Object.entries(catalog.data.presets) : []
  const presetNow = same(options, defaults) ? 'standard'
    : presets.find(([, p]) => same(options, { ...defaults, ...p.options }))?.[0] ?? 'custom'
  /** Open a table and, when the player takes its first seat, sit them there under their name; then go to
   * it (`to`: its address), `ready` done just before. */
  const open = async (body: TableIn, seated: boolean, to: (id: string) => string, ready = () => {}) => {
    setBusy(true)
    setError(null)
    try {
      const me = name.trim() || t('defaultName')
      // the server would refuse the name after making the table, which would then wait in the lobby empty
      if (seated && (nameWidth(me) > NAME_LIMIT || !nameShows(me))) {
        throw new ApiError('bad_name', 'a name the server refuses')
      }
      const table = await api.create(body)
      if (table.host_token) hosts.set(table.id, table.host_token)
      localStorage.setItem('parlor.name', name.trim())
      if (seated) {
        const joined = await api.join(table.id, 0, me)
        claims.set(table.id, { seat: 0, token: joined.token, name: me })
      }
      ready()
      onCreated()
      go(to(table.id))
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError('error', String(err)))
    } finally {
      setBusy(false)
    }
  }
  const create = (e: Event) => {
    e.preventDefault()
    const spec = seats.map((s) => (s === 'open' ? { kind: 'open' as const } : { kind: 'bot' as const, level: s }))
    void open({ game: game.id, players, options, seats: spec, clock }, sit && seats[0] === 'open', href.table)
  }
  // a learner's first game: against the easy bot (as few as the game allows, two where it can), the rules
  // open on arrival and the hard bot's verdict after each of their moves (the coach, Settings)
  const learn = () => {
    const count = Math.max(game.min_players, Math.min(game.max_players, 2))
    const spec = Array.from({ length: count }, (_, i) => (i === 0 ? { kind: 'open' as const } : { kind: 'bot' as const, level: 'easy' }))
    void open({ game: game.id, players: count, options: defaults, seats: spec, clock: null }, true, href.tableRules,
      () => setSettings({ coach: true }))
  }
  const counts = Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i)
  const shown = game.options.filter((o) => catalog?.data.options[o.name] !== undefined || !catalog)
  return (
    <form class="card new-table" onSubmit={create} aria-label={t('newTable')}>
      <h2>{t('newTable')}</h2>
      <fieldset class="games">
        <legend>{t('game')}</legend>
        {games.map((g) => (
          <label class={`game-pick${g.id === game.id ? ' picked' : ''}`}>
            <input type="radio" name="game" value={g.id} checked={g.id === game.id}
              onChange={() => choose(g)} />
            <strong>{g.titles[lang] ?? g.title}</strong>
            <span class="muted">{t('playersRange', { min: g.min_players, max: g.max_players })}</span>
            <span class="blurb">{g.descriptions[lang] ?? g.description}</span>
          </label>
        ))}
      </fieldset>
      <p class="learn">
        <span class="muted">{t('learnIntro', { game: game.titles[lang] ?? game.title })}</span>{' '}
        <button type="button" id="learn-game" disabled={busy} onClick={learn}>{t('learnGame')}</button>
      </p>
      <div class="row">
        <label for="players">{t('players')}
          <select id="players" value={String(players)}
            onChange={(e) => setPlayers(Number((e.currentTarget as HTMLSelectElement).value))}>
            {counts.map((n) => <option value={String(n)}>{n}</option>)}
          </select>
        </label>
        <label for="your-name">{t('yourName')}
          <input id="your-name" value={name} placeholder={t('defaultName')} maxLength={24}
            onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} />
        </label>
      </div>
      {catalog && shown.length > 0 && (
        <fieldset class="options">
          <legend>{t('options')}</legend>
          <label for="preset">{t('rulesPreset')}
            <select id="preset" value={presetNow} onChange={(e) => {
              const v = (e.currentTarget as HTMLSelectElement).value
              if (v === 'standard') setOptions(defaults)
              else if (v in catalog.data.presets) setOptions({ ...defaults, ...catalog.data.presets[v].options })
            }}>
              <option value="standard">{t('standardRules')}</option>
              {presets.map(([key, p]) => <option value={key}>{p.label}</option>)}
              {presetNow === 'custom' && <option value="custom">{t('customRules')}</option>}
            </select>
            {presetNow !== 'standard' && presetNow !== 'custom' && <small class="option-help muted">{catalog.data.presets[presetNow].help}</small>}
          </label>
          <details class="option-list">
            <summary>{t('options')}</summary>
            {shown.map((o) => (
              <OptionInput info={o} value={options[o.name] ?? o.default} catalog={catalog}
                onChange={(v) => setOptions({ ...options, [o.name]: v })} />
            ))}
          </details>
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
        {seats[0] === 'open' && sit && seats.length > 1 && seats.slice(1).every((s) => s !== 'open') && (
          // a game against bots, where a learner meets the coach (the same setting as the table's panel)
          <label class="check" for="coach">
            <input id="coach" type="checkbox" checked={settings.coach}
              onChange={(e) => setSettings({ coach: (e.currentTarget as HTMLInputElement).checked })} />
            {t('coachSetting')}
          </label>
        )}
      </fieldset>
      <label for="clock">{t('clock')}
        <select id="clock" value={String(clock)} onChange={(e) => {
          const raw = (e.currentTarget as HTMLSelectElement).value
          setClock(raw === 'null' ? null : Number(raw))
        }}>
          {CLOCKS.map((c) => <option value={String(c.seconds)}>{t(c.key)}</option>)}
        </select>
        {clock !== null && <small class="option-help muted">{t('clockHelp')}</small>}
      </label>
      {error && <Refusal error={error} catalog={catalog} />}
      <button type="submit" class="primary" id="create-table" disabled={busy}>{busy ? t('creating') : t('create')}</button>
    </form>
  )
}

/** A game's title in the page's language, from the lobby's list of games (the table's own, in English,
 * until the list has loaded or for a game no longer installed). */
export type Titles = Record<string, Record<string, string>>

export function TableRow({ table, words, titles }: { table: TableInfo; words: Words; titles: Titles }) {
  const { t, lang } = useI18n()
  const mine = claims.get(table.id)
  const names = playerNames(table.seats, words)
  const people = table.seats.map((s) => (s.kind === 'open' ? t('seatFree') : names[s.seat])).join(marksOf(lang).names)
  return (
    <li class="table-row" data-table={table.id}>
      <span><strong>{titles[table.game]?.[lang] ?? table.title}</strong> <span class="muted">{people}</span>
        {table.problem && <span class="error broken-table"> {t('broken', { reason: table.problem })}</span>}
        {mine && table.status === 'running' && table.actors?.includes(mine.seat) && <span class="your-turn"> {t('yourTurn')}</span>}</span>
      <span class="actions">
        {table.status === 'open' && !mine && table.open_seats.map((s) => (
          <a class="button" href={href.join(table.id, s)}>{t('joinSeat', { n: s + 1 })}</a>
        ))}
        {table.status !== 'finished' && <a class="button" href={href.table(table.id)}>{mine ? t('continueGame') : t('watch')}</a>}
        {table.status === 'finished' && <a class="button" href={href.table(table.id)}>{t('finalResult')}</a>}
        {table.status === 'finished' && <a class="button" href={href.replay(table.id)}>{t('replay')}</a>}
      </span>
    </li>
  )
}

/** How many of the tables this browser holds a seat at the lobby looks up (the seats taken last). */
const MINE = 12

/** The tables this browser holds a seat at, so a player finds their games among everyone's: those
 * still played first (their decision marked), then the last three finished. */
function YourTables({ words, tick, titles }: { words: Words; tick: number; titles: Titles }) {
  const { t } = useI18n()
  const [rows, setRows] = useState<TableInfo[]>([])
  useEffect(() => {
    const ids = claims.tables().slice(0, MINE)
    // a table gone for good (an open one nobody joined expires) is forgotten with its seat
    const look = (id: string) => api.table(id).catch((e: unknown) => {
      if (e instanceof ApiError && e.code === 'not_found') claims.forget(id)
      return null
    })
    Promise.all(ids.map(look)).then((found) => {
      const tables = found.filter((x): x is TableInfo => x !== null)
        .sort((a, b) => b.updated_at - a.updated_at)
      setRows([...tables.filter((x) => x.status !== 'finished'), ...tables.filter((x) => x.status === 'finished').slice(0, 3)])
    }).catch(() => undefined)
  }, [tick])
  // the tab says how many of them wait for the player's decision: "(2) parlor"
  const waiting = rows.filter((x) => x.status === 'running' && x.actors?.includes(claims.get(x.id)?.seat ?? -1)).length
  useEffect(() => {
    document.title = waiting ? `(${waiting}) parlor` : 'parlor'
  }, [waiting])
  useEffect(() => () => {
    document.title = 'parlor'
  }, [])
  if (!rows.length) return null
  return (
    <section class="card" id="your-tables" aria-label={t('yourTables')}>
      <h2>{t('yourTables')}</h2>
      <ul class="tables">{rows.map((x) => <TableRow table={x} words={words} titles={titles} />)}</ul>
      <p class="more-link"><a id="your-games-link" href={href.mine()}>{t('mineLink')}</a></p>
    </section>
  )
}

function TableList({ status, title, words, tick, titles }: { status: string; title: string; words: Words; tick: number; titles: Titles }) {
  const { t } = useI18n()
  const [page, setPage] = useState(1)
  const [rows, setRows] = useState<TableInfo[]>([])
  const [pages, setPages] = useState(1)
  useEffect(() => {
    api.tables([status], page).then((r) => {
      setRows(r.tables)
      setPages(r.pages ?? 1)
    }).catch(() => undefined)
  }, [status, page, tick])
  return (
    <section class="card" aria-label={title} data-status-list={status}>
      <h2>{title}</h2>
      {rows.length ? <ul class="tables">{rows.map((x) => <TableRow table={x} words={words} titles={titles} />)}</ul> : <p class="muted">{t('noTables')}</p>}
      {pages > 1 && (
        <p class="pager">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('previousPage')}</button>
          <span>{t('pageOf', { n: page, total: pages })}</span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t('nextPage')}</button>
        </p>
      )}
    </section>
  )
}

export function Lobby() {
  const { t, lang } = useI18n()
  const [games, setGames] = useState<GameInfo[]>([])
  const [levels, setLevels] = useState<string[]>([])
  const [tick, setTick] = useState(0)
  const [error, setError] = useState('')
  const words = useWords(lang)
  const titles: Titles = Object.fromEntries(games.map((g) => [g.id, g.titles]))
  useEffect(() => {
    api.games().then((r) => {
      setGames(r.games)
      setLevels(r.bot_levels)
    }).catch((e: ApiError) => setError(errorText(t, e.code)))
    const timer = window.setInterval(() => setTick((n) => n + 1), 4000)
    return () => window.clearInterval(timer)
  }, [])
  return (
    <div class="lobby">
      <p class="tagline">{t('tagline')} <a id="tools-link" class="button" href={href.tools()}>{t('toolsLink')}</a></p>
      {error && <p class="error" role="alert">{error}</p>}
      <div class="lobby-grid">
        {games.length > 0 && <NewTable games={games} levels={levels} onCreated={() => setTick(tick + 1)} />}
        {words && (
          <div>
            <YourTables words={words} tick={tick} titles={titles} />
            <TableList status="open" title={t('openTables')} words={words} tick={tick} titles={titles} />
            <TableList status="running" title={t('runningTables')} words={words} tick={tick} titles={titles} />
            <TableList status="finished" title={t('finishedTables')} words={words} tick={tick} titles={titles} />
          </div>
        )}
      </div>
    </div>
  )
}
