/** "Your games" (#/mine): every table this browser took a seat at, for a player who comes back to see how
 * they are doing: their record in each game (and against each level of bot, where only bots sat with
 * them), the games still played, and each finished game with their place and the ways back to it: the
 * final result, the replay, the hard bot's look at their decisions. The seats are this browser's own
 * (`claims`); the tables come from one request a lot of 50 (`GET /api/tables?id=...`). */
import { useEffect, useState } from 'preact/hooks'
import { ApiError, api, claims, type GameInfo, type TableInfo } from '../api'
import { marksOf } from '../catalog'
import { LANGS, errorText, useI18n, type Lang } from '../i18n'
import { botName, playerNames, useWords, type Words } from '../naming'
import { href } from '../route'
import { TableRow, type Titles } from './Lobby'

/** The bot levels from the weakest to the strongest: a game against several bots counts under the
 * strongest of them. */
const STRENGTH = ['random', 'easy', 'medium', 'hard', 'expert']
/** How many tables one request names (the server's `NAMED_LIMIT`). */
const LOT = 50
/** Finished games shown at first, and added by each "show more". */
const SHOWN = 20

/** One finished game as this browser's player played it. */
export interface Played {
  table: TableInfo
  seat: number
  place: number
  won: boolean
  /** the other winners share the win (a tie, or a team) */
  shared: boolean
  /** the strongest bot level at the table when every other seat was a bot; null when people played */
  against: string | null
}

/** What the finished table says of the seat this browser held there (null while unscored). */
export function played(table: TableInfo, seat: number): Played | null {
  const result = table.result
  if (!result || seat < 0 || seat >= result.ranks.length) return null
  const others = table.seats.filter((s) => s.seat !== seat)
  // a person's seat a bot plays for them (handed over, or timed out) is still a person's
  const bots = others.every((s) => s.kind === 'bot' && !s.handed)
  const levels = others.map((s) => STRENGTH.indexOf(s.level ?? ''))
  const against = bots && others.length && !levels.includes(-1) ? STRENGTH[Math.max(...levels)] : null
  const won = result.winners.includes(seat)
  return { table, seat, place: result.ranks[seat], won, shared: won && result.winners.length > 1, against }
}

/** A game's record: finished games and wins, in all and against each level of bot. */
export interface Standing {
  game: string
  games: number
  won: number
  levels: { level: string; games: number; won: number }[]
}

export function standings(games: Played[]): Standing[] {
  const byGame = new Map<string, Played[]>()
  for (const g of games) byGame.set(g.table.game, [...(byGame.get(g.table.game) ?? []), g])
  return [...byGame].map(([game, list]) => ({
    game,
    games: list.length,
    won: list.filter((g) => g.won).length,
    levels: STRENGTH.map((level) => {
      const against = list.filter((g) => g.against === level)
      return { level, games: against.length, won: against.filter((g) => g.won).length }
    }).filter((l) => l.games > 0),
  })).sort((a, b) => b.games - a.games || a.game.localeCompare(b.game))
}

async function yourTables(): Promise<TableInfo[]> {
  const ids = claims.tables()
  const lots: Promise<TableInfo[]>[] = []
  for (let i = 0; i < ids.length; i += LOT) lots.push(api.named(ids.slice(i, i + LOT)).then((p) => p.tables))
  return (await Promise.all(lots)).flat().sort((a, b) => b.updated_at - a.updated_at)
}

function when(seconds: number, lang: Lang): string {
  const locale = LANGS.find((l) => l.id === lang)?.html ?? 'en'
  // Chinese on a 24-hour clock: "2026年12月1日 04:49", where the 12-hour one's "凌晨" would follow the date
  // after a space, between two Chinese characters
  const hourCycle = lang === 'zh_TW' ? 'h23' : undefined
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle }).format(new Date(seconds * 1000))
}

function StandingOf({ standing, titles, words }: { standing: Standing; titles: Titles; words: Words }) {
  const { t, lang } = useI18n()
  return (
    <li class="record" data-game={standing.game}>
      <strong>{titles[standing.game]?.[lang] ?? standing.game}</strong>
      <span class="record-all">{t(standing.games === 1 ? 'mineWonOfOne' : 'mineWonOf', { won: standing.won, n: standing.games })}</span>
      {standing.levels.length > 0 && (
        <ul class="record-levels">
          {standing.levels.map((l) => (
            <li data-level={l.level}>{t('mineAgainstLevel', { bot: botName(words, l.level), won: l.won, n: l.games })}</li>
          ))}
        </ul>
      )}
    </li>
  )
}

function FinishedRow({ game, titles, names }: { game: Played; titles: Titles; names: string[] }) {
  const { t, lang } = useI18n()
  const { table } = game
  const joined = (seats: number[]) => seats.filter((s) => s !== game.seat).map((s) => names[s]).join(marksOf(lang).names)
  const others = joined(table.seats.map((s) => s.seat))
  const outcome = game.shared ? t('mineWonShared', { names: joined(table.result?.winners ?? []) })
    : game.won ? t('mineWon') : t('minePlace', { place: game.place, n: table.players })
  return (
    <li class="table-row finished-game" data-table={table.id}>
      <span>
        <strong>{titles[table.game]?.[lang] ?? table.title}</strong>{' '}
        <span class={game.won ? 'outcome won' : 'outcome'}>{outcome}</span>{' '}
        <span class="muted">{t('mineWith', { names: others })} · {when(table.updated_at, lang)}</span>
      </span>
      <span class="actions">
        <a class="button" href={href.table(table.id)}>{t('finalResult')}</a>
        <a class="button" href={href.replay(table.id)}>{t('replay')}</a>
        <a class="button analyse-link" href={href.analyse(table.id)}>{t('mineAnalyse')}</a>
      </span>
    </li>
  )
}

export function YourGames() {
  const { t, lang } = useI18n()
  const words = useWords(lang)
  const [tables, setTables] = useState<TableInfo[] | null>(null)
  const [games, setGames] = useState<GameInfo[]>([])
  const [error, setError] = useState('')
  const [shown, setShown] = useState(SHOWN)
  const [only, setOnly] = useState('')
  useEffect(() => {
    api.games().then((r) => setGames(r.games)).catch(() => undefined)
    yourTables().then(setTables).catch((e: unknown) => setError(errorText(t, e instanceof ApiError ? e.code : undefined)))
  }, [])
  const titles: Titles = Object.fromEntries(games.map((g) => [g.id, g.titles]))
  if (error) return <section class="card your-games"><h2>{t('mineTitle')}</h2><p class="error">{error}</p></section>
  if (tables === null || words === null) return <section class="card your-games"><h2>{t('mineTitle')}</h2><p class="muted">{t('loading')}</p></section>
  const finished = tables.filter((x) => x.status === 'finished')
    .map((x) => played(x, claims.get(x.id)?.seat ?? -1)).filter((x): x is Played => x !== null)
  const playing = tables.filter((x) => x.status !== 'finished')
  const listed = finished.filter((g) => !only || g.table.game === only)
  const gamesPlayed = [...new Set(finished.map((g) => g.table.game))]
  return (
    <div class="your-games">
      <section class="card" id="your-record" aria-labelledby="your-record-title">
        <h2 id="your-record-title">{t('mineTitle')}</h2>
        <p class="muted">{t('mineKept')}</p>
        {!tables.length && <p id="no-games">{t('mineNone')}</p>}
        {finished.length > 0 && (
          <>
            <ul class="records">{standings(finished).map((r) => <StandingOf standing={r} titles={titles} words={words} />)}</ul>
            {finished.some((g) => g.against !== null) && <p class="muted">{t('mineStrongest')}</p>}
          </>
        )}
      </section>
      {playing.length > 0 && (
        <section class="card" id="games-playing" aria-label={t('minePlaying')}>
          <h2>{t('minePlaying')}</h2>
          <ul class="tables">{playing.map((x) => <TableRow table={x} words={words} titles={titles} />)}</ul>
        </section>
      )}
      {finished.length > 0 && (
        <section class="card" id="games-finished" aria-labelledby="games-finished-title">
          <div class="list-head">
            <h2 id="games-finished-title">{t('mineFinished')}</h2>
            {gamesPlayed.length > 1 && (
              <label class="inline" for="mine-game">{t('mineGame')}
                <select id="mine-game" value={only} onChange={(e) => {
                  setOnly((e.currentTarget as HTMLSelectElement).value)
                  setShown(SHOWN)
                }}>
                  <option value="">{t('mineAllGames')}</option>
                  {gamesPlayed.map((g) => <option value={g}>{titles[g]?.[lang] ?? g}</option>)}
                </select>
              </label>
            )}
          </div>
          <ul class="tables">
            {listed.slice(0, shown).map((g) => (
              <FinishedRow game={g} titles={titles} names={playerNames(g.table.seats, words)} />
            ))}
          </ul>
          {listed.length > shown && (
            <p><button type="button" id="show-more" onClick={() => setShown(shown + SHOWN)}>
              {t('mineShowMore', { n: Math.min(SHOWN, listed.length - shown) })}</button></p>
          )}
        </section>
      )}
      <p><a class="button" href={href.lobby()}>{t('backToLobby')}</a></p>
    </div>
  )
}
