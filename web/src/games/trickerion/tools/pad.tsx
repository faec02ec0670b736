/** Trickerion's score pad form (TR-16): what lies on the table at the end, by magician. */
import { useEffect } from 'preact/hooks'
import { useI18n } from '../../../i18n'
import { padKey, useKept } from '../../../tools/offline'
import { Game, Grid, Num, Pick, Row, range, set, type FormProps } from '../../../tools/pads'
import { CategoryIcon, ComponentToken } from './icons'
import { useTrickSheet } from './TrickReference'


interface Magician {
  fame: number; coins: number; shards: number; apprentices: number; specialists: string[]; special_cards: number
  place: number; tricks: { trick: string; prepared: number }[]; components: Record<string, number>; manager: string[]
}
const SPECIALISTS = ['assistant', 'manager', 'engineer']

export function TrickerionPad({ players, names, cat, onFacts }: FormProps) {
  const { t } = useI18n()
  const sheet = useTrickSheet()
  const kept = (name: string) => padKey('trickerion', `${players}.${name}`)
  const [darkAlley, setDarkAlley] = useKept(kept('dark_alley'), false)
  const [cap, setCap] = useKept(kept('cap'), true)
  const [ms, setMs] = useKept<Magician[]>(kept('players'), () => range(players).map((i) => ({
    fame: 0, coins: 0, shards: 0, apprentices: 0, specialists: [], special_cards: 0, place: i + 1,
    tricks: range(4).map(() => ({ trick: '', prepared: 0 })), components: {}, manager: [],
  })))
  const edit = (i: number, change: Partial<Magician>) => setMs(set(ms, i, { ...ms[i], ...change }))
  useEffect(() => {
    onFacts({
      players: ms.map((m) => ({
        fame: m.fame, coins: m.coins, shards: m.shards, specialists: m.specialists,
        ...(darkAlley ? {
          special_cards: m.special_cards, tricks: m.tricks.filter((x) => x.trick),
          components: Object.fromEntries(Object.entries(m.components).filter(([c, n]) => n && !m.manager.includes(c))),
          manager_components: Object.fromEntries(Object.entries(m.components).filter(([c, n]) => n && m.manager.includes(c))),
        } : { apprentices: m.apprentices }),
      })),
      // seats in Initiative Order; places given twice go as they are, for the server to refuse
      initiative: new Set(ms.map((m) => m.place)).size === players
        ? range(players).sort((a, b) => ms[a].place - ms[b].place) : ms.map((m) => m.place - 1),
      options: { dark_alley: darkAlley, final_scoring_cap: cap },
    })
  }, [ms, darkAlley, cap])
  const num = (key: 'fame' | 'coins' | 'shards' | 'apprentices' | 'special_cards', max = 999) => (
    <Row id={key} label={cat.label(`tool_pad_${key}`)}>
      {ms.map((m, i) => <td><Num id={`pad-${key}-${i}`} value={m[key]} max={max} label={`${cat.label(`tool_pad_${key}`)}${cat.marks.colon}${names[i]}`}
        onChange={(n) => edit(i, { [key]: n })} /></td>)}
    </Row>
  )
  const trickOptions: [string, string][] = [['', '—'], ...(sheet?.tricks ?? []).map((x): [string, string] => [x.id, cat.name(x.id)])]
  return (
    <>
      <Game title={t('toolRules')}>
        <label class="check"><input type="checkbox" id="pad-dark-alley" checked={darkAlley}
          onChange={(e) => setDarkAlley((e.currentTarget as HTMLInputElement).checked)} />{cat.label('tool_opt_dark_alley')}</label>
        <label class="check"><input type="checkbox" id="pad-cap" checked={cap}
          onChange={(e) => setCap((e.currentTarget as HTMLInputElement).checked)} />{cat.label('tool_opt_cap')}</label>
      </Game>
      <Grid names={names} caption={t('toolAtTheEnd')}>
        {num('fame')}{num('coins')}{num('shards')}
        {!darkAlley && num('apprentices', 4)}
        {darkAlley && num('special_cards', 40)}
        {SPECIALISTS.map((sp) => (
          <Row id={sp} label={cat.name(sp)}>
            {ms.map((m, i) => <td><input type="checkbox" id={`pad-${sp}-${i}`} checked={m.specialists.includes(sp)}
              aria-label={`${cat.name(sp)}${cat.marks.colon}${names[i]}`}
              onChange={(e) => edit(i, { specialists: (e.currentTarget as HTMLInputElement).checked
                ? [...m.specialists, sp] : m.specialists.filter((x) => x !== sp) })} /></td>)}
          </Row>
        ))}
        <Row id="initiative" label={cat.label('tool_pad_initiative')}>
          {ms.map((m, i) => <td><Pick id={`pad-place-${i}`} value={String(m.place)} label={`${cat.label('tool_pad_initiative')}${cat.marks.colon}${names[i]}`}
            options={range(players, 1).map((p) => [String(p), String(p)])} onChange={(v) => edit(i, { place: Number(v) })} /></td>)}
        </Row>
        {darkAlley && range(4).map((k) => (
          <Row id={`trick-${k}`} label={cat.fill(cat.label('tool_pad_trick'), { n: k + 1 }, null)}>
            {ms.map((m, i) => <td class="pad-trick">
              <Pick id={`pad-trick-${i}-${k}`} value={m.tricks[k].trick} options={trickOptions} label={`${cat.fill(cat.label('tool_pad_trick'), { n: k + 1 }, null)}${cat.marks.colon}${names[i]}`}
                onChange={(v) => edit(i, { tricks: set(m.tricks, k, { ...m.tricks[k], trick: v }) })} />
              {m.tricks[k].trick && <label class="inline small">{cat.label('tool_pad_prepared')}
                <Num id={`pad-prepared-${i}-${k}`} value={m.tricks[k].prepared} max={4} label={cat.label('tool_pad_prepared')}
                  onChange={(n) => edit(i, { tricks: set(m.tricks, k, { ...m.tricks[k], prepared: n }) })} /></label>}
            </td>)}
          </Row>
        ))}
        {darkAlley && sheet?.components.map((c) => (
          <Row id={`component-${c.id}`} label={<><ComponentToken tier={c.tier} count={1} size={16} /> {cat.name(c.id)}</>}>
            {ms.map((m, i) => <td class="pad-component">
              <Num id={`pad-comp-${c.id}-${i}`} value={m.components[c.id] ?? 0} max={9} label={`${cat.name(c.id)}${cat.marks.colon}${names[i]}`}
                onChange={(n) => edit(i, { components: { ...m.components, [c.id]: n } })} />
              {m.specialists.includes('manager') && (m.components[c.id] ?? 0) > 0 && (
                <label class="check small"><input type="checkbox" id={`pad-mgr-${c.id}-${i}`} checked={m.manager.includes(c.id)}
                  onChange={(e) => edit(i, { manager: (e.currentTarget as HTMLInputElement).checked
                    ? [...m.manager, c.id] : m.manager.filter((x) => x !== c.id) })} />{cat.label('tool_pad_on_manager')}</label>
              )}
            </td>)}
          </Row>
        ))}
      </Grid>
      {darkAlley && <p class="muted"><CategoryIcon category="mechanical" size={14} /> {cat.label('tool_pad_level3_note')}</p>}
    </>
  )
}
