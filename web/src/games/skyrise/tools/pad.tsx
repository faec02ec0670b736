/** Skyrise's score pad form (SK-12): the table at the end of era 3, by builder. */
import { useEffect } from 'preact/hooks'
import { useI18n } from '../../../i18n'
import { useSheet } from '../../../tools/api'
import { padKey, useKept } from '../../../tools/offline'
import { FieldError } from '../../../tools/refusal'
import { Game, Grid, Num, Pick, Row, range, set, type FormProps } from '../../../tools/pads'


interface SkyriseSheet {
  panoramas: { id: string }[]; panoramas_in_play: number; colours: string[]; patron_letters: string[]
  patron_values: number[]; track_values: number[]; min_players: number; max_players: number
}
interface Builder {
  before: number; islands: number; counts: number[]; objective: string; patrons: Record<string, number>
  excess: number; commissions: number; finished: number; structures: Record<string, number>; tracks: Record<string, number>
}

export function SkyrisePad({ players, names, cat, onFacts }: FormProps) {
  const { t } = useI18n()
  const sheet = useSheet<SkyriseSheet>('skyrise')
  // a field's label before the player it is for, as the page's language writes it ("完成順序：Ada")
  const colon = cat.marks.colon
  const kept = (name: string) => padKey('skyrise', `${players}.${name}`)
  const [panoramas, setPanoramas] = useKept<string[]>(kept('panoramas'), [])
  const [values, setValues] = useKept<Record<string, number>>(kept('patron_values'), {})
  const [bs, setBs] = useKept<Builder[]>(kept('players'), [])
  useEffect(() => {
    if (!sheet) return
    // the first time: the pad's defaults; afterwards the entries kept on this device stay
    if (panoramas.length !== sheet.panoramas_in_play) setPanoramas(sheet.panoramas.slice(0, sheet.panoramas_in_play).map((p) => p.id))
    if (!Object.keys(values).length) setValues(Object.fromEntries(sheet.patron_letters.map((l, k) => [l, sheet.patron_values[k]])))
    if (bs.length !== players) setBs(range(players).map((i) => ({ before: 0, islands: 0, counts: range(sheet.panoramas_in_play).map(() => 0),
      objective: sheet.colours[i % sheet.colours.length], patrons: {}, excess: 0, commissions: 0, finished: i + 1,
      structures: {}, tracks: {} })))
  }, [sheet, players])
  const edit = (i: number, change: Partial<Builder>) => setBs(set(bs, i, { ...bs[i], ...change }))
  useEffect(() => {
    if (!sheet || bs.length !== players) return
    onFacts({
      panoramas, patron_values: values,
      players: bs.map((b) => ({ before: b.before, islands: b.islands, panorama_counts: b.counts, objective: b.objective,
        patrons: b.patrons, excess_discs: b.excess, commissions: b.commissions, finished: b.finished,
        structures: b.structures, tracks: b.tracks })),
    })
  }, [sheet, panoramas, values, bs])
  if (!sheet || bs.length !== players) return <p class="muted">{t('loading')}</p>
  const num = (key: 'before' | 'islands' | 'excess' | 'commissions', max = 999) => (
    <Row id={key} label={cat.label(`tool_pad_${key}`)}>
      {bs.map((b, i) => <td><Num id={`pad-${key}-${i}`} value={b[key]} max={max} label={`${cat.label(`tool_pad_${key}`)}${colon}${names[i]}`} onChange={(n) => edit(i, { [key]: n })} /></td>)}
    </Row>
  )
  return (
    <>
      <Game title={t('toolRules')}>
        {panoramas.map((p, k) => (
          <label class="inline">{cat.fill(cat.label('tool_pad_panorama'), { n: k + 1 }, null)}
            <Pick id={`pad-panorama-${k}`} value={p} label={cat.fill(cat.label('tool_pad_panorama'), { n: k + 1 }, null)}
              options={sheet.panoramas.map((x) => [x.id, cat.name(x.id)])} onChange={(v) => setPanoramas(set(panoramas, k, v))} />
          </label>
        ))}
        <FieldError field="panoramas" />
        <div class="pad-patrons">
          <span>{cat.label('patron_values')}</span>
          {sheet.patron_letters.map((l) => (
            <label class="inline">{l}
              <Pick id={`pad-patron-value-${l}`} value={String(values[l])} label={`${cat.label('patron_values')} ${l}`}
                options={sheet.patron_values.map((v) => [String(v), String(v)])} onChange={(v) => setValues({ ...values, [l]: Number(v) })} />
            </label>
          ))}
        </div>
        <FieldError field="patron_values" />
      </Game>
      <Grid names={names} caption={t('toolAtTheEnd')}>
        {num('before')}{num('islands', 9)}
        {panoramas.map((p, k) => (
          <Row id={`panorama-${k}`} label={cat.fill(cat.label('tool_pad_panorama_count'), { panorama: cat.name(p) }, null)}>
            {bs.map((b, i) => <td><Num id={`pad-panorama-count-${k}-${i}`} value={b.counts[k]} max={99} label={`${cat.name(p)}${colon}${names[i]}`}
              onChange={(n) => edit(i, { counts: set(b.counts, k, n) })} /></td>)}
          </Row>
        ))}
        <Row id="objective" label={cat.label('objective')}>
          {bs.map((b, i) => <td><Pick id={`pad-objective-${i}`} value={b.objective} label={`${cat.label('objective')}${colon}${names[i]}`}
            options={sheet.colours.map((c) => [c, cat.name(c)])} onChange={(v) => edit(i, { objective: v })} /></td>)}
        </Row>
        {sheet.patron_letters.map((l) => (
          <Row id={`patron-${l}`} label={cat.name(`patron_${l.toLowerCase()}`)}>
            {bs.map((b, i) => <td><Num id={`pad-patron-${l}-${i}`} value={b.patrons[l] ?? 0} max={4} label={`${cat.name(`patron_${l.toLowerCase()}`)}${colon}${names[i]}`}
              onChange={(n) => edit(i, { patrons: { ...b.patrons, [l]: n } })} /></td>)}
          </Row>
        ))}
        {num('excess')}{num('commissions', 2)}
        <Row id="finished" label={cat.label('tool_pad_finished')}>
          {bs.map((b, i) => <td><Pick id={`pad-finished-${i}`} value={String(b.finished)} label={`${cat.label('tool_pad_finished')}${colon}${names[i]}`}
            options={range(players, 1).map((n) => [String(n), String(n)])} onChange={(v) => edit(i, { finished: Number(v) })} /></td>)}
        </Row>
        {sheet.colours.map((c) => (
          <Row id={`colour-${c}`} label={cat.fill(cat.label('tool_pad_colour'), { colour: cat.name(c) }, null)}>
            {bs.map((b, i) => <td><div class="pad-colour">
              <Num id={`pad-structures-${c}-${i}`} value={b.structures[c] ?? 0} max={13} label={`${cat.label('tool_pad_structures')} ${cat.name(c)}${colon}${names[i]}`}
                onChange={(n) => edit(i, { structures: { ...b.structures, [c]: n } })} />
              <Pick id={`pad-track-${c}-${i}`} value={String(b.tracks[c] ?? 0)} label={`${cat.label('tool_pad_track')} ${cat.name(c)}${colon}${names[i]}`}
                options={sheet.track_values.map((v, k) => [String(k), cat.fill(cat.label('tool_pad_track_discs'), { n: k, value: v }, null)])}
                onChange={(v) => edit(i, { tracks: { ...b.tracks, [c]: Number(v) } })} />
            </div></td>)}
          </Row>
        ))}
      </Grid>
    </>
  )
}
