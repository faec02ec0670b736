/** Printable reference sheets (A4, print stylesheet in tools.css): Opera's composers, fame ladder, roles and
 * city building costs; Skyrise's wonders, objectives and panoramas; Star Road's design chart and characters,
 * from the packaged chart or the author's own TOML files. */
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { ApiError, type JsonObject } from '../api'
import { useCatalog, type Catalog } from '../catalog'
import { useI18n } from '../i18n'
import { useSheet, useTitles } from './api'


function Sheet({ game, children }: { game: string; children: ComponentChildren }) {
  const { t } = useI18n()
  const title = useTitles()
  return (
    <section class="sheet" id="reference-sheet" data-game={game}>
      <div class="sheet-head">
        <h2>{title(game)} · {t('toolSheet')}</h2>
        <button type="button" class="no-print" id="print-sheet" onClick={() => window.print()}>{t('toolPrint')}</button>
      </div>
      {children}
    </section>
  )
}

const yesNo = (t: (k: 'toolYes' | 'toolNo') => string, v: boolean) => (v ? t('toolYes') : t('toolNo'))

// -- Opera ----------------------------------------------------------------------------------------------
interface OperaSheet {
  composers: { id: string; pieces: number }[]
  fame: { position: number; purchase_price: number; signora_ducats: number; signora_vp: number; esperto_vp: number; main_hall_vp: number }[]
  roles: { id: string; kind: string; cost: number; followable: boolean; max_uses: number; follow_cost_per_use: number; follow_min_cost: number }[]
  cities: { id: string; episode: number; opens_round: number; short_game_opens_round: number; main_halls: number; max_halls: number
    houses: Record<string, number>; parts: { kind: string; halls: number; cost: number; vp: number }[] }[]
  income_by_pieces: number[]; episode_bonus: number[]; empty_hall_penalty: number
  rounds: Record<'standard' | 'short', { scoring_after: number[] }>
}

function OperaSheetPage({ cat }: { cat: Catalog }) {
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
      <p>{s.composers.map((c) => `${cat.name(c.id)} (${c.pieces})`).join(' · ')}</p>
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
        <li>{cat.fill(cat.label('tool_sheet_scoring_rounds'), { rounds: s.rounds.standard.scoring_after.join(', '), short: s.rounds.short.scoring_after.join(', ') }, null)}</li>
        <li>{cat.fill(cat.label('tool_sheet_episode_bonus'), { bonus: s.episode_bonus.join(' / ') }, null)}</li>
        <li>{cat.fill(cat.label('tool_sheet_empty_halls'), { penalty: s.empty_hall_penalty }, null)}</li>
        <li>{cat.fill(cat.label('tool_sheet_income'), { income: s.income_by_pieces.map((v, n) => `${n}→${v}`).join(', ') }, null)}</li>
      </ul>
    </>
  )
}

// -- Skyrise --------------------------------------------------------------------------------------------
interface SkyriseSheet {
  wonders: { id: string; value: number }[]; objectives: { id: string; colour: string; min_structures: number; points: number }[]
  panoramas: { id: string }[]; track_values: number[]; keys: { id: string; points: number; finish_rank: number; min_players: number }[]
  excess_points: number; commission_per_item: number; island_control_points: number
}

function SkyriseSheetPage({ cat }: { cat: Catalog }) {
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

// -- Star Road ------------------------------------------------------------------------------------------
interface Design {
  no: string; name: string; name_zh: string; type: string; cost: number; a: number; p: number; m: number; r: number; targets: number
  w_req: number; recycle: number; use_limit: number; delay: number; timing: string; after_use: string; edition: number; sheet: number
  effects: JsonObject[]
}
interface CharacterCard { key: string; no: number; name: string; name_zh: string; kind: string; limit: string; timing: string; trigger: string; effects: JsonObject[] }
interface StarRoadSheet { designs: Design[]; characters: CharacterCard[]; own_chart: boolean; own_characters: boolean }

/** A chart's own name in the page's language: the packaged catalog's name, else the file's name / name_zh. */
const chartName = (cat: Catalog, key: string, own: boolean, name: string, zh: string) =>
  (cat.lang === 'zh_TW' && zh ? zh : !own && cat.has(key) ? cat.name(key) : name)

/** An effect in words; a distance no table reaches (the chart's 99) reads "any character". */
const effectText = (cat: Catalog, effects: JsonObject[]) =>
  effects.map((e) => {
    const any = Number(e.max_distance) >= 99 && cat.data.ui[`tool_effect_${String(e.op)}_any`] !== undefined
    return cat.fill(cat.label(`tool_effect_${String(e.op)}${any ? '_any' : ''}`), e, null)
  }).join(' ')

function designValue(cat: Catalog, d: Design): string {
  if (d.type === 'A') return cat.fill(cat.label('tool_design_attack'), { a: d.a, r: d.r, targets: d.targets }, null)
  if (d.type === 'P') return cat.fill(cat.label('tool_design_protection'), { p: d.p }, null)
  if (d.type === 'M' && !d.r) return cat.fill(cat.label('tool_design_block'), { m: d.m }, null)
  if (d.type === 'M') return cat.fill(cat.label('tool_design_mixed'), { m: d.m, r: d.r, targets: d.targets }, null)
  return ''
}

function designLimits(cat: Catalog, d: Design): string {
  const out: string[] = []
  if (d.w_req) out.push(cat.fill(cat.label('tool_design_w_req'), { n: d.w_req }, null))
  if (d.recycle) out.push(cat.fill(cat.label('tool_design_recycle'), { n: d.recycle }, null))
  if (d.use_limit) out.push(cat.fill(cat.label('tool_design_use_limit'), { n: d.use_limit }, null))
  if (d.delay) out.push(cat.fill(cat.label('tool_design_delay'), { n: d.delay }, null))
  return out.join(', ')
}

function StarRoadSheetPage({ cat }: { cat: Catalog }) {
  const { t } = useI18n()
  const packaged = useSheet<StarRoadSheet>('starroad')
  const [own, setOwn] = useState<{ chart: string; characters: string; names: string[] }>({ chart: '', characters: '', names: [] })
  const [loaded, setLoaded] = useState<StarRoadSheet | null>(null)
  const [error, setError] = useState('')
  const load = async (kind: 'chart' | 'characters', file: File | undefined) => {
    if (!file) return
    const next = { ...own, [kind]: await file.text(), names: [...own.names.filter((n) => n !== file.name), file.name] }
    setError('')
    try {
      const r = await fetch('/api/tools/starroad/sheet', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ chart: next.chart, characters: next.characters }) })
      const data = await r.json()
      if (!r.ok) throw new ApiError(data.code, data.message)
      setOwn(next)
      setLoaded(data.sheet as StarRoadSheet)
    } catch (e) {
      setError(t('toolChartRefused', { reason: (e as Error).message }))
    }
  }
  const s = loaded ?? packaged
  if (!s) return <p class="muted">{t('loading')}</p>
  return (
    <>
      <div class="card no-print chart-files" id="chart-files">
        <p>{loaded ? t('toolOwnChartShown', { files: own.names.join(', ') }) : t('toolPackagedChart')}</p>
        <label class="button">{t('toolOwnChart')}
          <input type="file" id="own-chart" class="visually-hidden" accept=".toml,.txt,text/plain"
            onChange={(e) => load('chart', (e.currentTarget as HTMLInputElement).files?.[0])} /></label>
        <label class="button">{t('toolOwnCharacters')}
          <input type="file" id="own-characters" class="visually-hidden" accept=".toml,.txt,text/plain"
            onChange={(e) => load('characters', (e.currentTarget as HTMLInputElement).files?.[0])} /></label>
        {loaded && <button type="button" id="packaged-chart" onClick={() => { setLoaded(null); setOwn({ chart: '', characters: '', names: [] }) }}>{t('toolUsePackaged')}</button>}
        {error && <p class="error" role="alert" id="chart-error">{error}</p>}
      </div>
      <p class="print-only muted">{loaded ? t('toolOwnChartShown', { files: own.names.join(', ') }) : t('toolPackagedChart')}</p>
      <h3>{cat.label('tool_sheet_designs')}</h3>
      <div class="scroll"><table class="sheet-table" id="sheet-designs">
        <thead><tr><th>{cat.label('tool_sheet_no')}</th><th>{cat.label('tool_sheet_design')}</th><th>{cat.label('tool_sheet_type')}</th>
          <th>{cat.label('tool_sheet_cost_w')}</th><th>{cat.label('tool_sheet_values')}</th><th>{cat.label('tool_sheet_when')}</th>
          <th>{cat.label('tool_sheet_after')}</th><th>{cat.label('tool_sheet_effect')}</th></tr></thead>
        <tbody>{s.designs.map((d) => (
          <tr data-design={d.no}><td class="num">{d.no}</td><th scope="row">{chartName(cat, d.no, s.own_chart, d.name, d.name_zh)}</th>
            <td class="nowrap">{cat.label(`tool_type_${d.type === '?' ? 'special' : d.type}`)}</td><td class="num">{d.cost}</td>
            <td>{designValue(cat, d)}</td><td>{cat.label(`tool_timing_${d.timing}`)}</td>
            <td>{cat.label(`tool_after_${d.after_use}`)}{designLimits(cat, d) && <><br /><small>{designLimits(cat, d)}</small></>}</td>
            <td>{effectText(cat, d.effects)}</td></tr>
        ))}</tbody>
      </table></div>
      <h3>{cat.label('tool_sheet_characters')}</h3>
      <div class="scroll"><table class="sheet-table" id="sheet-characters">
        <thead><tr><th>{cat.label('tool_sheet_character')}</th><th>{cat.label('tool_sheet_kind')}</th><th>{cat.label('tool_sheet_effect')}</th></tr></thead>
        <tbody>{s.characters.map((c) => (
          <tr data-character={c.key}><th scope="row">{chartName(cat, c.key, s.own_characters, c.name, c.name_zh)}</th>
            <td>{cat.label(`tool_kind_${c.kind}`)}{c.limit !== 'none' && <>, {cat.label(`tool_limit_${c.limit}`)}</>}
              {c.timing !== 'none' && <>, {cat.label(`tool_timing_${c.timing}`)}</>}{c.trigger !== 'none' && <>, {cat.label(`tool_trigger_${c.trigger}`)}</>}</td>
            <td>{effectText(cat, c.effects)}</td></tr>
        ))}</tbody>
      </table></div>
    </>
  )
}

export function ReferenceSheet({ game }: { game: string }) {
  const { t, lang } = useI18n()
  const cat = useCatalog(game, lang, [])
  if (!cat) return <p class="muted">{t('loading')}</p>
  return (
    <Sheet game={game}>
      {game === 'opera' && <OperaSheetPage cat={cat} />}
      {game === 'skyrise' && <SkyriseSheetPage cat={cat} />}
      {game === 'starroad' && <StarRoadSheetPage cat={cat} />}
    </Sheet>
  )
}
