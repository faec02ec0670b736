/** Skyrise's printable reference sheet: wonders, objectives and panoramas. */
import type { Catalog } from '../../../catalog'
import { useI18n } from '../../../i18n'
import { useSheet } from '../../../tools/api'

interface SkyriseSheet {
  wonders: { id: string; value: number }[]; objectives: { id: string; colour: string; min_structures: number; points: number }[]
  panoramas: { id: string }[]; track_values: number[]; keys: { id: string; points: number; finish_rank: number; min_players: number }[]
  excess_points: number; commission_per_item: number; island_control_points: number
}

export function SkyriseSheetPage({ cat }: { cat: Catalog }) {
  const { t } = useI18n()
  const s = useSheet<SkyriseSheet>('skyrise')
  if (!s) return <p class="muted">{t('loading')}</p>
  return (
    <>
      <h3>{cat.label('wonders')}</h3>
      <div class="scroll"><table class="sheet-table" id="sheet-wonders">
        <thead><tr><th>{cat.label('tool_sheet_value')}</th><th>{cat.label('tool_sheet_wonder')}</th><th>{cat.label('tool_sheet_effect')}</th></tr></thead>
        <tbody>{s.wonders.map((w) => (
          <tr data-wonder={w.id}><td class="num">{w.value}</td><th scope="row">{cat.name(w.id)}</th><td>{cat.label(`text_${w.id}`)}</td></tr>
        ))}</tbody>
      </table></div>
      <h3>{cat.label('tool_sheet_objectives')}</h3>
      <div class="scroll"><table class="sheet-table" id="sheet-objectives">
        <tbody>{s.objectives.map((o) => (
          <tr data-objective={o.id}><th scope="row"><span class={`swatch sk-${o.colour}`} />{cat.name(o.id)}</th>
            <td>{cat.fill(cat.label('tool_sheet_objective_rule'), { n: o.min_structures, colour: cat.name(o.colour), points: o.points }, null)}</td></tr>
        ))}</tbody>
      </table></div>
      <h3>{cat.label('panoramas')}</h3>
      <div class="scroll"><table class="sheet-table" id="sheet-panoramas">
        <tbody>{s.panoramas.map((p) => <tr data-panorama={p.id}><th scope="row">{cat.name(p.id)}</th><td>{cat.label(`text_${p.id}`)}</td></tr>)}</tbody>
      </table></div>
      <h3>{cat.label('tool_sheet_scoring')}</h3>
      <ul class="sheet-facts">
        <li>{cat.fill(cat.label('tool_sheet_islands'), { points: s.island_control_points }, null)}</li>
        <li>{cat.fill(cat.label('tool_sheet_tracks'), { values: s.track_values.join(' / ') }, null)}</li>
        <li>{cat.fill(cat.label('tool_sheet_left_area'), { excess: s.excess_points, per_item: s.commission_per_item }, null)}</li>
        {s.keys.map((k) => <li>{cat.fill(cat.label('tool_sheet_key'), { key: cat.name(k.id), rank: k.finish_rank, points: k.points, players: k.min_players }, null)}</li>)}
      </ul>
    </>
  )
}
