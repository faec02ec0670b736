/** Opera's printable reference sheet: composers, the fame ladder, roles and city building costs (OP-3, OP-9). */
import type { Catalog } from '../../../catalog'
import { useI18n } from '../../../i18n'
import { useSheet } from '../../../tools/api'
import { yesNo } from '../../../tools/Sheets'

interface OperaSheet {
  composers: { id: string; pieces: number }[]
  fame: { position: number; purchase_price: number; signora_ducats: number; signora_vp: number; esperto_vp: number; main_hall_vp: number }[]
  roles: { id: string; kind: string; cost: number; followable: boolean; max_uses: number; follow_cost_per_use: number; follow_min_cost: number }[]
  cities: { id: string; episode: number; opens_round: number; short_game_opens_round: number; main_halls: number; max_halls: number
    houses: Record<string, number>; parts: { kind: string; halls: number; cost: number; vp: number }[] }[]
  income_by_pieces: number[]; episode_bonus: number[]; empty_hall_penalty: number
  rounds: Record<'standard' | 'short', { scoring_after: number[] }>
}

export function OperaSheetPage({ cat }: { cat: Catalog }) {
  const { t } = useI18n()
  const s = useSheet<OperaSheet>('opera')
  if (!s) return <p class="muted">{t('loading')}</p>
  const counts = Object.keys(s.cities[0].houses)
  return (
    <>
      <h3>{cat.label('tool_sheet_composers')}</h3>
      <div class="scroll"><table class="sheet-table" id="sheet-composers">
        <thead><tr><th>{cat.label('tool_sheet_fame_position')}</th><th>{cat.label('tool_sheet_purchase')}</th>
          <th>{cat.label('tool_sheet_signora')}</th><th>{cat.label('tool_sheet_esperto')}</th><th>{cat.label('tool_sheet_main_hall')}</th></tr></thead>
        <tbody>{s.fame.map((f) => (
          <tr><td class="num">{f.position}</td><td class="num">{f.purchase_price}</td>
            <td>{cat.fill(cat.label('tool_sheet_ducats_vp'), { ducats: f.signora_ducats, vp: f.signora_vp }, null)}</td>
            <td class="num">{f.esperto_vp}</td><td class="num">{f.main_hall_vp}</td></tr>
        ))}</tbody>
      </table></div>
      <p>{s.composers.map((c) => `${cat.name(c.id)}${cat.aside(String(c.pieces))}`).join(' · ')}</p>
      <h3>{cat.label('roles')}</h3>
      <div class="scroll"><table class="sheet-table" id="sheet-roles">
        <thead><tr><th>{cat.label('role')}</th><th>{cat.label('tool_sheet_cost')}</th><th>{cat.label('tool_sheet_follow')}</th><th>{cat.label('tool_sheet_does')}</th></tr></thead>
        <tbody>{s.roles.map((r) => (
          <tr data-role={r.id}><th scope="row">{cat.name(r.id)}<br /><small class="muted">{cat.label(`tool_kind_${r.kind}`)}</small></th>
            <td class="num">{r.cost}</td>
            <td>{r.followable ? cat.fill(cat.label('tool_sheet_follow_cost'), { cost: r.follow_cost_per_use, min: r.follow_min_cost }, null) : yesNo(t, false)}</td>
            <td>{cat.fill(cat.label(`tool_role_${r.id}`), { uses: r.max_uses }, null)}</td></tr>
        ))}</tbody>
      </table></div>
      <h3>{cat.label('tool_sheet_cities')}</h3>
      <div class="scroll"><table class="sheet-table" id="sheet-cities">
        <thead><tr><th>{cat.label('tool_sheet_city')}</th><th>{cat.label('tool_sheet_opens')}</th><th>{cat.label('episode')}</th>
          <th>{cat.fill(cat.label('tool_sheet_houses_for'), { players: counts.join('/') }, null)}</th><th>{cat.label('tool_sheet_parts')}</th></tr></thead>
        <tbody>{s.cities.map((c) => (
          <tr data-city={c.id}><th scope="row">{cat.name(c.id)}</th>
            <td>{cat.fill(cat.label('tool_sheet_opens_round'), { round: c.opens_round, short: c.short_game_opens_round }, null)}</td>
            <td class="num">{c.episode}</td><td class="num">{counts.map((n) => c.houses[n]).join('/')}</td>
            <td>{c.parts.map((p) => cat.fill(cat.label('tool_sheet_part'), { part: cat.name(p.kind), halls: p.halls, cost: p.cost, vp: p.vp }, null)).join('; ')}</td></tr>
        ))}</tbody>
      </table></div>
      <h3>{cat.label('tool_sheet_scoring')}</h3>
      <ul class="sheet-facts">
        <li>{cat.fill(cat.label('tool_sheet_scoring_rounds'), { rounds: s.rounds.standard.scoring_after.join(cat.marks.names), short: s.rounds.short.scoring_after.join(cat.marks.names) }, null)}</li>
        <li>{cat.fill(cat.label('tool_sheet_episode_bonus'), { bonus: s.episode_bonus.join(' / ') }, null)}</li>
        <li>{cat.fill(cat.label('tool_sheet_empty_halls'), { penalty: s.empty_hall_penalty }, null)}</li>
        <li>{cat.fill(cat.label('tool_sheet_income'), { income: s.income_by_pieces.map((v, n) => `${n}→${v}`).join(cat.marks.names) }, null)}</li>
      </ul>
    </>
  )
}
