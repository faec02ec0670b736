/** Star Road's printable reference sheet: the design chart and characters, from the packaged chart or the
 * author's own TOML files (`POST /api/tools/starroad/sheet`). */
import { useState } from 'preact/hooks'
import { ApiError, type JsonObject } from '../../../api'
import type { Catalog } from '../../../catalog'
import { useI18n } from '../../../i18n'
import { Named } from '../../../components/Log'
import { Refusal } from '../../../components/Refusal'
import { useSheet } from '../../../tools/api'

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
  return out.join(cat.marks.phrases)
}

export function StarRoadSheetPage({ cat }: { cat: Catalog }) {
  const { t } = useI18n()
  const packaged = useSheet<StarRoadSheet>('starroad')
  const [own, setOwn] = useState<{ chart: string; characters: string; names: string[] }>({ chart: '', characters: '', names: [] })
  const [loaded, setLoaded] = useState<StarRoadSheet | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const load = async (kind: 'chart' | 'characters', file: File | undefined) => {
    if (!file) return
    const next = { ...own, [kind]: await file.text(), names: [...own.names.filter((n) => n !== file.name), file.name] }
    setError(null)
    try {
      const r = await fetch('/api/tools/starroad/sheet', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ chart: next.chart, characters: next.characters }) })
      const data = await r.json()
      if (!r.ok) throw new ApiError(data.code, data.message, data.reason ?? null, data.params ?? {}, data.problems ?? [])
      setOwn(next)
      setLoaded(data.sheet as StarRoadSheet)
    } catch (e) {
      // a file the server refused names its problems; a failed request is a refusal without a reason
      setError(e instanceof ApiError ? e : new ApiError('error', String(e)))
    }
  }
  const s = loaded ?? packaged
  if (!s) return <p class="muted">{t('loading')}</p>
  return (
    <>
      <div class="card no-print chart-files" id="chart-files">
        <p>{loaded ? t('toolOwnChartShown', { files: own.names.join(cat.marks.names) }) : t('toolPackagedChart')}</p>
        <label class="button">{t('toolOwnChart')}
          <input type="file" id="own-chart" class="visually-hidden" accept=".toml,.txt,text/plain"
            onChange={(e) => load('chart', (e.currentTarget as HTMLInputElement).files?.[0])} /></label>
        <label class="button">{t('toolOwnCharacters')}
          <input type="file" id="own-characters" class="visually-hidden" accept=".toml,.txt,text/plain"
            onChange={(e) => load('characters', (e.currentTarget as HTMLInputElement).files?.[0])} /></label>
        {loaded && <button type="button" id="packaged-chart" onClick={() => { setLoaded(null); setOwn({ chart: '', characters: '', names: [] }) }}>{t('toolUsePackaged')}</button>}
        {error && <Refusal error={error} catalog={cat} id="chart-error" title={t('toolChartRefused')} />}
      </div>
      <p class="print-only muted">{loaded ? t('toolOwnChartShown', { files: own.names.join(cat.marks.names) }) : t('toolPackagedChart')}</p>
      <h3>{cat.label('tool_sheet_designs')}</h3>
      <div class="scroll"><table class="sheet-table" id="sheet-designs">
        <thead><tr><th>{cat.label('tool_sheet_no')}</th><th>{cat.label('tool_sheet_design')}</th><th>{cat.label('tool_sheet_type')}</th>
          <th><Named parts={cat.icons(cat.label('tool_sheet_cost_w'))} colours={[]} /></th><th>{cat.label('tool_sheet_values')}</th><th>{cat.label('tool_sheet_when')}</th>
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
            <td>{[`tool_kind_${c.kind}`, c.limit !== 'none' && `tool_limit_${c.limit}`, c.timing !== 'none' && `tool_timing_${c.timing}`,
              c.trigger !== 'none' && `tool_trigger_${c.trigger}`].filter((key) => key).map((key) => cat.label(key as string)).join(cat.marks.phrases)}</td>
            <td>{effectText(cat, c.effects)}</td></tr>
        ))}</tbody>
      </table></div>
    </>
  )
}
