/** Star Road's score pad form (SR-3.5, SR-23.2): the characters at the end. */
import { useEffect } from 'preact/hooks'
import { useI18n } from '../../../i18n'
import { useSheet } from '../../../tools/api'
import { padKey, useKept } from '../../../tools/offline'
import { Game, Grid, Num, Pick, Row, set, type FormProps } from '../../../tools/pads'


interface StarRoadSheet { factions: Record<string, string[]>; min_players: number; max_players: number }
interface Character { faction: string; alive: boolean; hp: number }

export function StarRoadPad({ players, names, cat, onFacts }: FormProps) {
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
          {cs.map((c, i) => <td><Pick id={`pad-faction-${i}`} value={c.faction} label={`${cat.label('tool_pad_faction')}${cat.marks.colon}${names[i]}`}
            options={cards.map((f) => [f, cat.name(f)])} onChange={(v) => edit(i, { faction: v })} /></td>)}
        </Row>
        <Row id="alive" label={cat.label('tool_pad_alive')}>
          {cs.map((c, i) => <td><input type="checkbox" id={`pad-alive-${i}`} checked={c.alive} aria-label={`${cat.label('tool_pad_alive')}${cat.marks.colon}${names[i]}`}
            onChange={(e) => edit(i, { alive: (e.currentTarget as HTMLInputElement).checked })} /></td>)}
        </Row>
        <Row id="hp" label={cat.label('tool_pad_hp')}>
          {cs.map((c, i) => <td>{c.alive && <Num id={`pad-hp-${i}`} value={c.hp} max={256} label={`${cat.label('tool_pad_hp')}${cat.marks.colon}${names[i]}`} onChange={(n) => edit(i, { hp: n })} />}</td>)}
        </Row>
      </Grid>
      <p class="muted">{cat.label('tool_pad_end_note')}</p>
    </>
  )
}
