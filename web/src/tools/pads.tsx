/** The four games' score pad forms: rows are what lies on the table, columns are the players (as on a paper
 * pad); each form turns its entries into the facts `POST /api/tools/{game}/score` reads. */
import type { ComponentChildren, JSX } from 'preact'
import { createContext } from 'preact'
import { useContext, useEffect } from 'preact/hooks'
import type { JsonObject } from '../api'
import type { Catalog } from '../catalog'
import { useI18n } from '../i18n'
import { SEAT_COLOURS } from '../games/svg'
import { useSheet } from './api'
import { padKey, useKept } from './offline'
import { FieldError, RefusalContext } from './refusal'
import { CategoryIcon, ComponentToken } from './icons'
import { useTrickSheet } from './TrickReference'

export interface FormProps { players: number; names: string[]; cat: Catalog; onFacts: (facts: JsonObject) => void }
export interface PadForm { counts: number[]; defaultPlayers: number; component: (p: FormProps) => JSX.Element }

const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from)
const set = <T,>(list: T[], i: number, value: T): T[] => list.map((v, k) => (k === i ? value : v))

/** A number box for a count on the table. */
function Num({ id, value, onChange, max = 999, label }: { id: string; value: number; onChange: (n: number) => void; max?: number; label: string }) {
  return (
    <input class="num-in" type="number" inputMode="numeric" min={0} max={max} id={id} value={value} aria-label={label}
      onInput={(e) => onChange(Math.max(0, Math.min(max, Math.floor(Number((e.currentTarget as HTMLInputElement).value) || 0))))} />
  )
}

function Pick({ id, value, options, onChange, label }: {
  id: string; value: string; options: [string, string][]; onChange: (v: string) => void; label: string
}) {
  return (
    <select id={id} value={value} aria-label={label} onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)}>
      {options.map(([v, text]) => <option value={v}>{text}</option>)}
    </select>
  )
}

const Columns = createContext(1)

/** The pad's grid: a header of players in their colours, then one row per entry. */
function Grid({ names, children, caption }: { names: string[]; children: ComponentChildren; caption: string }) {
  return (
    <Columns.Provider value={names.length + 1}><div class="scroll"><table class="pad-grid">
      <caption>{caption}</caption>
      <thead><tr><th />{names.map((n, i) => (
        <th scope="col" class="pad-player" style={{ color: SEAT_COLOURS[i % SEAT_COLOURS.length] }}>
          <span class="dot" style={{ background: SEAT_COLOURS[i % SEAT_COLOURS.length] }} />{n}</th>
      ))}</tr></thead>
      <tbody>{children}</tbody>
    </table></div></Columns.Provider>
  )
}

/** One entry of the pad for every player; a refusal that concerns it is shown right under it, and the
 * player's cell it concerns is marked. */
function Row({ label, children, id }: { label: ComponentChildren; children: ComponentChildren; id: string }) {
  const refusal = useContext(RefusalContext)
  const columns = useContext(Columns)
  const refused = refusal?.field === id
  return (
    <>
      <tr data-row={id} class={refused ? 'refused' : undefined}
        data-refused-player={refused && refusal.player !== null ? refusal.player : undefined}>
        <th scope="row">{label}</th>{children}
      </tr>
      {refused && <tr class="refusal-row"><td colSpan={columns}><FieldError field={id} /></td></tr>}
    </>
  )
}

function Game({ children, title }: { children: ComponentChildren; title: string }) {
  return <fieldset class="card pad-game"><legend>{title}</legend>{children}</fieldset>
}

// -- Trickerion (TR-16) ---------------------------------------------------------------------------------
interface Magician {
  fame: number; coins: number; shards: number; apprentices: number; specialists: string[]; special_cards: number
  place: number; tricks: { trick: string; prepared: number }[]; components: Record<string, number>; manager: string[]
}
const SPECIALISTS = ['assistant', 'manager', 'engineer']

function TrickerionPad({ players, names, cat, onFacts }: FormProps) {
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
      {ms.map((m, i) => <td><Num id={`pad-${key}-${i}`} value={m[key]} max={max} label={`${cat.label(`tool_pad_${key}`)}: ${names[i]}`}
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
              aria-label={`${cat.name(sp)}: ${names[i]}`}
              onChange={(e) => edit(i, { specialists: (e.currentTarget as HTMLInputElement).checked
                ? [...m.specialists, sp] : m.specialists.filter((x) => x !== sp) })} /></td>)}
          </Row>
        ))}
        <Row id="initiative" label={cat.label('tool_pad_initiative')}>
          {ms.map((m, i) => <td><Pick id={`pad-place-${i}`} value={String(m.place)} label={`${cat.label('tool_pad_initiative')}: ${names[i]}`}
            options={range(players, 1).map((p) => [String(p), String(p)])} onChange={(v) => edit(i, { place: Number(v) })} /></td>)}
        </Row>
        {darkAlley && range(4).map((k) => (
          <Row id={`trick-${k}`} label={cat.fill(cat.label('tool_pad_trick'), { n: k + 1 }, null)}>
            {ms.map((m, i) => <td class="pad-trick">
              <Pick id={`pad-trick-${i}-${k}`} value={m.tricks[k].trick} options={trickOptions} label={`${cat.fill(cat.label('tool_pad_trick'), { n: k + 1 }, null)}: ${names[i]}`}
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
              <Num id={`pad-comp-${c.id}-${i}`} value={m.components[c.id] ?? 0} max={9} label={`${cat.name(c.id)}: ${names[i]}`}
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

// -- Opera (OP-13) --------------------------------------------------------------------------------------
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

function OperaPad({ players, names, cat, onFacts }: FormProps) {
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
          {ps.map((p, i) => <td><Num id={`pad-score-${i}`} value={p.score} label={`${cat.label('tool_pad_vp_before')}: ${names[i]}`} onChange={(n) => edit(i, { score: n })} /></td>)}
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
                  <Pick id={`pad-halls-${city.id}-${i}`} value={String(halls.length)} label={`${cat.name(city.id)}: ${names[i]}`}
                    options={hallCounts(city).map((n) => [String(n), n ? cat.fill(cat.label('tool_pad_halls'), { n }, null) : cat.label('tool_pad_no_house')])}
                    onChange={(v) => edit(i, { halls: { ...p.halls, [city.id]: range(Number(v)).map((k) => halls[k] ?? '') } })} />
                  {halls.map((piece, k) => (
                    <Pick id={`pad-hall-${city.id}-${i}-${k}`} value={piece} options={pieces}
                      label={`${cat.name(city.id)} ${k + 1}: ${names[i]}`}
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

// -- Skyrise (SK-12) ------------------------------------------------------------------------------------
interface SkyriseSheet {
  panoramas: { id: string }[]; panoramas_in_play: number; colours: string[]; patron_letters: string[]
  patron_values: number[]; track_values: number[]; min_players: number; max_players: number
}
interface Builder {
  before: number; islands: number; counts: number[]; objective: string; patrons: Record<string, number>
  excess: number; commissions: number; finished: number; structures: Record<string, number>; tracks: Record<string, number>
}

function SkyrisePad({ players, names, cat, onFacts }: FormProps) {
  const { t } = useI18n()
  const sheet = useSheet<SkyriseSheet>('skyrise')
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
      {bs.map((b, i) => <td><Num id={`pad-${key}-${i}`} value={b[key]} max={max} label={`${cat.label(`tool_pad_${key}`)}: ${names[i]}`} onChange={(n) => edit(i, { [key]: n })} /></td>)}
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
            {bs.map((b, i) => <td><Num id={`pad-panorama-count-${k}-${i}`} value={b.counts[k]} max={99} label={`${cat.name(p)}: ${names[i]}`}
              onChange={(n) => edit(i, { counts: set(b.counts, k, n) })} /></td>)}
          </Row>
        ))}
        <Row id="objective" label={cat.label('objective')}>
          {bs.map((b, i) => <td><Pick id={`pad-objective-${i}`} value={b.objective} label={`${cat.label('objective')}: ${names[i]}`}
            options={sheet.colours.map((c) => [c, cat.name(c)])} onChange={(v) => edit(i, { objective: v })} /></td>)}
        </Row>
        {sheet.patron_letters.map((l) => (
          <Row id={`patron-${l}`} label={cat.name(`patron_${l.toLowerCase()}`)}>
            {bs.map((b, i) => <td><Num id={`pad-patron-${l}-${i}`} value={b.patrons[l] ?? 0} max={4} label={`${cat.name(`patron_${l.toLowerCase()}`)}: ${names[i]}`}
              onChange={(n) => edit(i, { patrons: { ...b.patrons, [l]: n } })} /></td>)}
          </Row>
        ))}
        {num('excess')}{num('commissions', 2)}
        <Row id="finished" label={cat.label('tool_pad_finished')}>
          {bs.map((b, i) => <td><Pick id={`pad-finished-${i}`} value={String(b.finished)} label={`${cat.label('tool_pad_finished')}: ${names[i]}`}
            options={range(players, 1).map((n) => [String(n), String(n)])} onChange={(v) => edit(i, { finished: Number(v) })} /></td>)}
        </Row>
        {sheet.colours.map((c) => (
          <Row id={`colour-${c}`} label={cat.fill(cat.label('tool_pad_colour'), { colour: cat.name(c) }, null)}>
            {bs.map((b, i) => <td><div class="pad-colour">
              <Num id={`pad-structures-${c}-${i}`} value={b.structures[c] ?? 0} max={13} label={`${cat.label('tool_pad_structures')} ${cat.name(c)}: ${names[i]}`}
                onChange={(n) => edit(i, { structures: { ...b.structures, [c]: n } })} />
              <Pick id={`pad-track-${c}-${i}`} value={String(b.tracks[c] ?? 0)} label={`${cat.label('tool_pad_track')} ${cat.name(c)}: ${names[i]}`}
                options={sheet.track_values.map((v, k) => [String(k), cat.fill(cat.label('tool_pad_track_discs'), { n: k, value: v }, null)])}
                onChange={(v) => edit(i, { tracks: { ...b.tracks, [c]: Number(v) } })} />
            </div></td>)}
          </Row>
        ))}
      </Grid>
    </>
  )
}

// -- Star Road (SR-3.5, SR-23.2) ------------------------------------------------------------------------
interface StarRoadSheet { factions: Record<string, string[]>; min_players: number; max_players: number }
interface Character { faction: string; alive: boolean; hp: number }

function StarRoadPad({ players, names, cat, onFacts }: FormProps) {
  const { t } = useI18n()
  const sheet = useSheet<StarRoadSheet>('starroad')
  const kept = (name: string) => padKey('starroad', `${players}.${name}`)
  const [mode, setMode] = useKept(kept('team_mode'), 'alliance')
  const [cs, setCs] = useKept<Character[]>(kept('players'), [])
  useEffect(() => {
    if (sheet && cs.length !== players) setCs((sheet.factions[String(players)] ?? []).map((f) => ({ faction: f, alive: true, hp: 8 })))
  }, [sheet, players])
  const edit = (i: number, change: Partial<Character>) => setCs(set(cs, i, { ...cs[i], ...change }))
  useEffect(() => {
    if (cs.length === players) onFacts({ players: cs.map((c) => ({ faction: c.faction, alive: c.alive, hp: c.alive ? c.hp : 0 })), options: { team_mode: mode } })
  }, [cs, mode])
  if (!sheet || cs.length !== players) return <p class="muted">{t('loading')}</p>
  const cards = sheet.factions[String(players)]
  return (
    <>
      <Game title={t('toolRules')}>
        <label class="inline">{cat.label('tool_opt_team_mode')}
          <Pick id="pad-team-mode" value={mode} label={cat.label('tool_opt_team_mode')}
            options={[['alliance', cat.label('tool_team_alliance')], ['colour', cat.label('tool_team_colour')]]} onChange={setMode} />
        </label>
      </Game>
      <Grid names={names} caption={t('toolAtTheEnd')}>
        <Row id="faction" label={cat.label('tool_pad_faction')}>
          {cs.map((c, i) => <td><Pick id={`pad-faction-${i}`} value={c.faction} label={`${cat.label('tool_pad_faction')}: ${names[i]}`}
            options={cards.map((f) => [f, cat.name(f)])} onChange={(v) => edit(i, { faction: v })} /></td>)}
        </Row>
        <Row id="alive" label={cat.label('tool_pad_alive')}>
          {cs.map((c, i) => <td><input type="checkbox" id={`pad-alive-${i}`} checked={c.alive} aria-label={`${cat.label('tool_pad_alive')}: ${names[i]}`}
            onChange={(e) => edit(i, { alive: (e.currentTarget as HTMLInputElement).checked })} /></td>)}
        </Row>
        <Row id="hp" label={cat.label('tool_pad_hp')}>
          {cs.map((c, i) => <td>{c.alive && <Num id={`pad-hp-${i}`} value={c.hp} max={256} label={`${cat.label('tool_pad_hp')}: ${names[i]}`} onChange={(n) => edit(i, { hp: n })} />}</td>)}
        </Row>
      </Grid>
      <p class="muted">{cat.label('tool_pad_end_note')}</p>
    </>
  )
}

export const PAD_FORMS: Record<string, PadForm> = {
  trickerion: { counts: [2, 3, 4], defaultPlayers: 3, component: TrickerionPad },
  opera: { counts: [2, 3, 4], defaultPlayers: 3, component: OperaPad },
  skyrise: { counts: [2, 3, 4], defaultPlayers: 3, component: SkyrisePad },
  starroad: { counts: [2, 3, 4, 5, 6, 7, 8], defaultPlayers: 4, component: StarRoadPad },
}
