import type { Result } from '../api'
import type { Catalog } from '../catalog'
import type { LiveScore } from '../games/types'
import { useI18n } from '../i18n'
import { href } from '../route'

/** Scores during the game, as far as the view shows them, with their parts. */
export function Scores({ scores, catalog, actors, mine }: { scores: LiveScore[]; catalog: Catalog; actors: number[]; mine: number | null }) {
  const { t } = useI18n()
  if (!scores.length) return null
  return (
    <section class="card scores" aria-label={t('scores')}>
      <h3>{t('scores')}</h3>
      <table>
        <tbody>
          {scores.map((s) => (
            <tr class={`${actors.includes(s.seat) ? 'acting' : ''} ${s.seat === mine ? 'mine' : ''}`}>
              <th scope="row"><span class={`dot seat-${s.seat}`} />{catalog.seat(s.seat)}</th>
              <td class="num">{s.score}</td>
              <td class="parts">
                {s.parts && Object.entries(s.parts).filter(([, v]) => v !== 0).map(([k, v]) => (
                  <span class="chip">{catalog.category(k)} {v}</span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** The final result: ranking, scores, every category of the breakdown and the tie breaks. */
export function FinalResult({ result, catalog, table, mine }: { result: Result; catalog: Catalog; table: string; mine: number | null }) {
  const { t } = useI18n()
  const order = result.scores.map((_, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b] || a - b)
  const cats: string[] = []
  for (const b of result.breakdown) for (const k of Object.keys(b)) if (!cats.includes(k)) cats.push(k)
  const winners = result.winners.map((s) => catalog.seat(s)).join(', ')
  return (
    <section class="card final" id="final-result" aria-label={t('finalResult')}>
      <h2>{t('finalResult')}</h2>
      <p class="winners">{result.winners.length > 1 ? t('winners') : t('winner')}: <strong>{winners}</strong></p>
      <div class="scroll">
        <table class="result-table">
          <thead>
            <tr>
              <th>{t('rank')}</th><th>{t('players')}</th><th>{t('total')}</th>
              {cats.map((c) => <th>{catalog.category(c)}</th>)}
            </tr>
          </thead>
          <tbody>
            {order.map((s) => (
              <tr class={`${result.winners.includes(s) ? 'winner' : ''} ${s === mine ? 'mine' : ''}`} data-seat={s}>
                <td>{result.ranks[s]}</td>
                <th scope="row">{catalog.seat(s)}</th>
                <td class="num final-score">{result.scores[s]}</td>
                {cats.map((c) => <td class="num">{result.breakdown[s]?.[c] ?? 0}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {result.tiebreak.length > 0 && (
        <div><h4>{t('tiebreaks')}</h4><ul>{result.tiebreak.map((x) => <li>{x}</li>)}</ul></div>
      )}
      <p>
        <a class="button" href={href.replay(table)}>{t('replay')}</a>{' '}
        <a class="button" href={href.lobby()}>{t('backToLobby')}</a>
      </p>
    </section>
  )
}
