/** Opera's score pad form (OP-13): the table at a scoring round, by impresario. */
import { useEffect } from 'preact/hooks'
import { useI18n } from '../../../i18n'
import { useSheet } from '../../../tools/api'
import { padKey, useKept } from '../../../tools/offline'
import { FieldError } from '../../../tools/refusal'
import { Game, Grid, Num, Pick, Row, range, set, type FormProps } from '../../../tools/pads'


interface OperaCity { id: string; main_halls: number; wings: { kind: string; halls: number }[] }
interface OperaSheet {
  composers: { id: string }[]; cities: OperaCity[]
  rounds: Record<'standard' | 'short', { scoring_after: number[]; episode_of_round: number[] }>
}
interface Impresario { score: number; row: number; slot: number; halls: Record<string, string[]> }

const hallCounts = (city: OperaCity): number[] => {
  const out = [city.main_halls]
  for (const w of city.wings) out.push(out[out.length - 1] + w.halls)
  return city.id === 'venezia' ? out : [0, ...out]
}

export function OperaPad({ players, names, cat, onFacts }: FormProps) {
  const { t } = useI18n()
  const sheet = useSheet<OperaSheet>('opera')
  const kept = (name: string) => padKey('opera', `${players}.${name}`)
  const [short, setShort] = useKept(kept('short'), false)
  const [round, setRound] = useKept(kept('round'), 0)
  const [fame, setFame] = useKept<Record<string, number>>(kept('fame'), {})
  const [episodes, setEpisodes] = useKept<string[]>(kept('episodes'), ['', '', ''])
  const [ps, setPs] = useKept<Impresario[]>(kept('players'), () => range(players).map((i) => ({ score: 0, row: 0, slot: i + 1, halls: { venezia: ['house'] } })))
  const edit = (i: number, change: Partial<Impresario>) => setPs(set(ps, i, { ...ps[i], ...change }))
  const composers = sheet?.composers.map((c) => c.id) ?? []
  const rounds = sheet?.rounds[short ? 'short' : 'standard'].scoring_after ?? []
  const chosenRound = rounds.includes(round) ? round : rounds[rounds.length - 1] ?? 0
  useEffect(() => {
    if (!sheet) return
    // bottom to top; a position given twice leaves another empty, sent as a repeated composer for the
    // server to refuse (OP-3: each composer holds one place on the ladder)
    const at = (pos: number) => composers.find((c) => (fame[c] ?? composers.indexOf(c) + 1) === pos)
    const ladder = range(composers.length, 1).map((pos) => at(pos) ?? composers[0])
    onFacts({
      round: chosenRound, ladder, options: { short_game_7_rounds: short },
      episode_composers: episodes.map((e, k) => e || composers[k]),
      players: ps.map((p) => ({ score: p.score, budget_row: p.row, budget_slot: p.slot,
        houses: Object.fromEntries(Object.entries(p.halls).filter(([, h]) => h.length)) })),
    })
  }, [sheet, short, chosenRound, fame, episodes, ps])
  if (!sheet) return <p class="muted">{t('loading')}</p>
  const pieces: [string, string][] = [['', cat.label('tool_pad_empty_hall')], ['house', cat.name('house')],
    ...composers.map((c): [string, string] => [c, cat.name(c)])]
  return (
    <>
      <Game title={t('toolRules')}>
        <label class="check"><input type="checkbox" id="pad-short" checked={short}
          onChange={(e) => setShort((e.currentTarget as HTMLInputElement).checked)} />{cat.label('tool_opt_short')}</label>
        <label class="inline">{cat.label('tool_pad_round')}
          <Pick id="pad-round" value={String(chosenRound)} label={cat.label('tool_pad_round')}
            options={rounds.map((r) => [String(r), cat.fill(cat.label('tool_pad_round_n'), { round: r }, null)])} onChange={(v) => setRound(Number(v))} />
        </label>
        <FieldError field="round" />
        <div class="pad-ladder" id="pad-ladder">
          <span>{cat.label('tool_pad_fame')}</span>
          {composers.map((c, k) => (
            <label class="inline">{cat.name(c)}
              <Pick id={`pad-fame-${c}`} value={String(fame[c] ?? k + 1)} label={cat.name(c)}
                options={range(composers.length, 1).map((n) => [String(n), String(n)])} onChange={(v) => setFame({ ...fame, [c]: Number(v) })} />
            </label>
          ))}
        </div>
        <FieldError field="ladder" />
        <div class="pad-episodes">
          {episodes.map((e, k) => (
            <label class="inline">{cat.fill(cat.label('tool_pad_episode'), { n: k + 1 }, null)}
              <Pick id={`pad-episode-${k}`} value={e || composers[k]} label={cat.fill(cat.label('tool_pad_episode'), { n: k + 1 }, null)}
                options={composers.map((c) => [c, cat.name(c)])} onChange={(v) => setEpisodes(set(episodes, k, v))} />
            </label>
          ))}
        </div>
        <FieldError field="episodes" />
      </Game>
      <Grid names={names} caption={t('toolAtTheEnd')}>
        <Row id="score" label={cat.label('tool_pad_vp_before')}>
          {ps.map((p, i) => <td><Num id={`pad-score-${i}`} value={p.score} label={`${cat.label('tool_pad_vp_before')}${cat.marks.colon}${names[i]}`} onChange={(n) => edit(i, { score: n })} /></td>)}
        </Row>
        <Row id="budget" label={cat.label('tool_pad_budget')}>
          {ps.map((p, i) => <td class="pad-budget">
            <Pick id={`pad-row-${i}`} value={String(p.row)} label={cat.label('row')} options={range(11).map((n) => [String(n), String(n)])} onChange={(v) => edit(i, { row: Number(v) })} />
            <Pick id={`pad-slot-${i}`} value={String(p.slot)} label={cat.label('slot')} options={range(4, 1).map((n) => [String(n), String(n)])} onChange={(v) => edit(i, { slot: Number(v) })} />
          </td>)}
        </Row>
        {sheet.cities.map((city) => (
          <Row id={`city-${city.id}`} label={cat.name(city.id)}>
            {ps.map((p, i) => {
              const halls = p.halls[city.id] ?? []
              return (
                <td class="pad-house">
                  <Pick id={`pad-halls-${city.id}-${i}`} value={String(halls.length)} label={`${cat.name(city.id)}${cat.marks.colon}${names[i]}`}
                    options={hallCounts(city).map((n) => [String(n), n ? cat.fill(cat.label('tool_pad_halls'), { n }, null) : cat.label('tool_pad_no_house')])}
                    onChange={(v) => edit(i, { halls: { ...p.halls, [city.id]: range(Number(v)).map((k) => halls[k] ?? '') } })} />
                  {halls.map((piece, k) => (
                    <Pick id={`pad-hall-${city.id}-${i}-${k}`} value={piece} options={pieces}
                      label={`${cat.name(city.id)} ${k + 1}${cat.marks.colon}${names[i]}`}
                      onChange={(v) => edit(i, { halls: { ...p.halls, [city.id]: set(halls, k, v) } })} />
                  ))}
                </td>
              )
            })}
          </Row>
        ))}
      </Grid>
    </>
  )
}
