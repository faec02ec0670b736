/** Trickerion's trick reference: every Trick card (base and Dark Alley) from the game's data, filterable by
 * category, level, Fame threshold, set and "what can I prepare with these components?", sortable by every
 * printed number.
 *
 * The cards come from the same public data the online board draws them from (`GET /api/games/trickerion/data`,
 * Trickerion's `public_data()`), so a card's face cannot differ between the board and the reference. */
import { useMemo, useState } from 'preact/hooks'
import { useCatalog, type Catalog } from '../../../catalog'
import { useGameData } from '../../../gamedata'
import type { TrickData, TrickerionData } from '../data'
import { useI18n } from '../../../i18n'
import { CategoryIcon, ComponentToken, YieldIcon } from './icons'

/** A Trick card as the reference lists it: the board's data with its id, and the Board Game Arena variant
 * spelled out where the data gives none (the same as printed). */
export interface Trick {
  id: string; category: string; level: number; threshold: number; dark_alley: boolean
  components: Record<string, number>; bga_components: Record<string, number>
  prepare_ap: number; markers: number; bga_markers: number
  yields: { fame: number; coins: number; shards: number }; link_reward: number
  endgame: Record<string, string | number> | null
}
export interface TrickSheet {
  categories: string[]; components: { id: string; tier: string; price: number }[]; tricks: Trick[]
}

const asTrick = (id: string, t: TrickData): Trick => ({
  id, category: t.category, level: t.level, threshold: t.threshold, dark_alley: t.dark_alley_only,
  components: t.components, bga_components: t.bga?.components ?? t.components,
  prepare_ap: t.prepare_ap, markers: t.markers, bga_markers: t.bga?.markers ?? t.markers,
  yields: t.yields, link_reward: t.link_reward,
  endgame: t.endgame as Record<string, string | number> | null,
})

/** The Tricks (in the order of tricks.toml), components and categories of Trickerion's public data; null
 * while it loads. */
export function useTrickSheet(): TrickSheet | null {
  const data = useGameData('trickerion') as unknown as TrickerionData | null
  return useMemo(() => (data?.tricks ? {
    categories: data.categories,
    components: Object.entries(data.components).map(([id, c]) => ({ id, tier: c.tier, price: c.price })),
    tricks: Object.entries(data.tricks).map(([id, t]) => asTrick(id, t)),
  } : null), [data])
}

type Source = 'majority' | 'bga'
const SORTS = ['name', 'level', 'threshold', 'components', 'prepare', 'markers', 'fame', 'coins', 'shards'] as const
type Sort = typeof SORTS[number]

export const needs = (trick: Trick, source: Source) => (source === 'bga' ? trick.bga_components : trick.components)
const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0)

/** Whether components in hand (effective counts) meet a Trick's requirements (TR-11.3). */
export const canPrepare = (trick: Trick, source: Source, have: Record<string, number>) =>
  Object.entries(needs(trick, source)).every(([c, n]) => (have[c] ?? 0) >= n)

function sortValue(trick: Trick, key: Sort, source: Source, cat: Catalog): number | string {
  switch (key) {
    case 'name': return cat.name(trick.id)
    case 'level': return trick.level
    case 'threshold': return trick.threshold
    case 'components': return total(needs(trick, source))
    case 'prepare': return trick.prepare_ap
    case 'markers': return source === 'bga' ? trick.bga_markers : trick.markers
    default: return trick.yields[key]
  }
}

/** A Level-3 Trick's end bonus in words (TR-16.3), from the catalog's templates. */
export function endgameText(cat: Catalog, endgame: Record<string, string | number>): string {
  const words: Record<string, string | number> = { ...endgame }
  if (typeof endgame.tier === 'string') words.tier = cat.label(`tool_tier_${endgame.tier}`)
  if (typeof endgame.specialist === 'string') words.specialist = cat.name(endgame.specialist)
  const template = cat.data.ui[`tool_endgame_${endgame.type}`] ?? ''
  // two sentences: a space between them, except after a Chinese full stop
  return cat.spaced(`${cat.fill(template, words, null)} ${cat.fill(cat.data.ui.tool_endgame_cap ?? '', words, null)}`.trim())
}

export function TrickCard({ trick, cat, sheet, source }: { trick: Trick; cat: Catalog; sheet: TrickSheet; source: Source }) {
  const tiers = Object.fromEntries(sheet.components.map((c) => [c.id, c.tier]))
  const markers = source === 'bga' ? trick.bga_markers : trick.markers
  return (
    <article class={`trick-card cat-${trick.category}`} data-trick={trick.id} data-category={trick.category}
      data-level={trick.level}>
      <header>
        <CategoryIcon category={trick.category} size={24} title={cat.name(trick.category)} />
        <h3>{cat.name(trick.id)}</h3>
        <span class="trick-level" title={cat.fill(cat.label('tool_level'), { level: trick.level }, null)}>
          {'★'.repeat(trick.level)}
        </span>
      </header>
      <p class="trick-meta">
        <span>{cat.name(trick.category)}</span>
        <span>{cat.fill(cat.label('tool_level'), { level: trick.level }, null)}</span>
        {trick.dark_alley && <span class="da-badge">{cat.label('tool_dark_alley')}</span>}
      </p>
      <p class="trick-threshold"><YieldIcon kind="fame" /> {cat.fill(cat.label('tool_threshold'), { fame: trick.threshold }, null)}</p>
      <ul class="trick-components" aria-label={cat.label('tool_components')}>
        {Object.entries(needs(trick, source)).map(([c, n]) => (
          <li data-component={c} data-count={n}><ComponentToken tier={tiers[c]} count={n} /> {cat.name(c)}</li>
        ))}
      </ul>
      <p class="trick-prepare">
        <span>{cat.fill(cat.label('tool_prepare'), { ap: trick.prepare_ap }, null)}</span>
        <span>{cat.fill(cat.label('tool_markers'), { n: markers }, null)}</span>
      </p>
      <p class="trick-yields" aria-label={cat.label('tool_yields')}>
        <span class="muted">{cat.label('tool_yields')}</span>
        {(['fame', 'coins', 'shards'] as const).filter((k) => trick.yields[k] > 0).map((k) => (
          <span class="yield" data-yield={k} title={cat.name(k)}><YieldIcon kind={k} /> {trick.yields[k]}</span>
        ))}
      </p>
      {trick.endgame && <p class="trick-endgame">{endgameText(cat, trick.endgame)}</p>}
    </article>
  )
}

function Toggle({ on, onClick, children, id }: { on: boolean; onClick: () => void; children: preact.ComponentChildren; id?: string }) {
  return <button type="button" id={id} class={`chip${on ? ' on' : ''}`} aria-pressed={on} onClick={onClick}>{children}</button>
}

export function TrickReference() {
  const { t, lang } = useI18n()
  const cat = useCatalog('trickerion', lang, [])
  const sheet = useTrickSheet()
  const [categories, setCategories] = useState<string[]>([])
  const [levels, setLevels] = useState<number[]>([])
  const [set, setSet] = useState<'all' | 'base' | 'dark_alley'>('all')
  const [fame, setFame] = useState<number | null>(null)
  const [source, setSource] = useState<Source>('majority')
  const [have, setHave] = useState<Record<string, number>>({})
  const [onlyPreparable, setOnlyPreparable] = useState(false)
  const [yields, setYields] = useState<string[]>([])
  const [prepare, setPrepare] = useState<number | null>(null)
  const [markerCount, setMarkerCount] = useState<number | null>(null)
  const [sort, setSort] = useState<Sort>('level')
  const [descending, setDescending] = useState(false)
  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value])

  const shown = useMemo(() => {
    if (!sheet || !cat) return []
    const list = sheet.tricks.filter((tr) => (!categories.length || categories.includes(tr.category))
      && (!levels.length || levels.includes(tr.level))
      && (set === 'all' || (set === 'dark_alley' ? tr.dark_alley : !tr.dark_alley))
      && (fame === null || tr.threshold <= fame)
      && (!onlyPreparable || canPrepare(tr, source, have))
      && yields.every((k) => tr.yields[k as keyof Trick['yields']] > 0)
      && (prepare === null || tr.prepare_ap === prepare)
      && (markerCount === null || (source === 'bga' ? tr.bga_markers : tr.markers) === markerCount))
    const key = (tr: Trick) => sortValue(tr, sort, source, cat)
    list.sort((a, b) => {
      const x = key(a), y = key(b)
      const c = typeof x === 'string' ? x.localeCompare(String(y), lang.replace('_', '-')) : x - Number(y)
      return (descending ? -c : c) || a.id.localeCompare(b.id)
    })
    return list
  }, [sheet, cat, categories, levels, set, fame, source, have, onlyPreparable, yields, prepare, markerCount, sort,
    descending, lang])

  if (!sheet || !cat) return <p class="muted">{t('loading')}</p>
  const thresholds = [...new Set(sheet.tricks.map((tr) => tr.threshold))].sort((a, b) => a - b)
  const values = (pick: (tr: Trick) => number) => [...new Set(sheet.tricks.map(pick))].sort((a, b) => a - b)
  const numberFilter = (id: string, label: string, value: number | null, set: (v: number | null) => void,
    options: number[], text: (n: number) => string) => (
    <label class="inline">{label}
      <select id={id} value={value === null ? '' : String(value)}
        onChange={(e) => { const v = (e.currentTarget as HTMLSelectElement).value; set(v === '' ? null : Number(v)) }}>
        <option value="">{t('toolAll')}</option>
        {options.map((n) => <option value={String(n)}>{text(n)}</option>)}
      </select>
    </label>
  )
  return (
    <section class="trick-reference" id="trick-reference">
      <div class="sheet-head">
        <h2>{t('toolTricks')}</h2>
        <button type="button" class="no-print" id="print-sheet" onClick={() => window.print()}>{t('toolPrint')}</button>
      </div>
      <div class="card tool-filters no-print" id="trick-filters">
        <fieldset id="filter-category">
          <legend>{cat.label('tool_category')}</legend>
          {sheet.categories.map((c) => (
            <Toggle on={categories.includes(c)} onClick={() => setCategories(toggle(categories, c))} id={`cat-${c}`}>
              <CategoryIcon category={c} size={18} /> {cat.name(c)}
            </Toggle>
          ))}
        </fieldset>
        <fieldset id="filter-level">
          <legend>{cat.label('tool_levels')}</legend>
          {[1, 2, 3].map((l) => (
            <Toggle on={levels.includes(l)} onClick={() => setLevels(toggle(levels, l))} id={`level-${l}`}>
              {cat.fill(cat.label('tool_level'), { level: l }, null)}
            </Toggle>
          ))}
          <label class="inline">{cat.label('tool_set')}
            <select id="filter-set" value={set} onChange={(e) => setSet((e.currentTarget as HTMLSelectElement).value as typeof set)}>
              <option value="all">{t('toolAll')}</option>
              <option value="base">{cat.label('tool_base_game')}</option>
              <option value="dark_alley">{cat.label('tool_dark_alley')}</option>
            </select>
          </label>
          <label class="inline">{t('toolMyFame')}
            <select id="filter-fame" value={fame === null ? '' : String(fame)}
              onChange={(e) => { const v = (e.currentTarget as HTMLSelectElement).value; setFame(v === '' ? null : Number(v)) }}>
              <option value="">{t('toolAll')}</option>
              {thresholds.map((f) => <option value={String(f)}>{cat.fill(cat.label('tool_threshold_upto'), { fame: f }, null)}</option>)}
            </select>
          </label>
        </fieldset>
        <fieldset id="filter-yields">
          <legend>{cat.label('tool_yields')}</legend>
          {(['fame', 'coins', 'shards'] as const).map((k) => (
            <Toggle on={yields.includes(k)} onClick={() => setYields(toggle(yields, k))} id={`yield-${k}`}>
              <YieldIcon kind={k} /> {cat.name(k)}
            </Toggle>
          ))}
          {numberFilter('filter-prepare', cat.label('tool_sort_prepare'), prepare, setPrepare,
            values((tr) => tr.prepare_ap), (n) => cat.fill(cat.label('tool_prepare'), { ap: n }, null))}
          {numberFilter('filter-markers', cat.label('tool_sort_markers'), markerCount, setMarkerCount,
            values((tr) => (source === 'bga' ? tr.bga_markers : tr.markers)), (n) => cat.fill(cat.label('tool_markers'), { n }, null))}
        </fieldset>
        <fieldset id="filter-components">
          <legend>{t('toolMyComponents')}</legend>
          <div class="have-grid">
            {sheet.components.map((c) => (
              <label class="have" data-component={c.id}>
                <ComponentToken tier={c.tier} count={have[c.id] ?? 0} size={20} />
                <span>{cat.name(c.id)}</span>
                <input type="number" min={0} max={9} inputMode="numeric" value={have[c.id] ?? 0} id={`have-${c.id}`}
                  onInput={(e) => setHave({ ...have, [c.id]: Math.max(0, Number((e.currentTarget as HTMLInputElement).value) || 0) })} />
              </label>
            ))}
          </div>
          <label class="check"><input type="checkbox" id="only-preparable" checked={onlyPreparable}
            onChange={(e) => setOnlyPreparable((e.currentTarget as HTMLInputElement).checked)} />{t('toolCanPrepare')}</label>
          <button type="button" id="clear-components" onClick={() => setHave({})}>{t('toolClear')}</button>
        </fieldset>
        <div class="tool-sort">
          <label class="inline">{t('toolSortBy')}
            <select id="sort-by" value={sort} onChange={(e) => setSort((e.currentTarget as HTMLSelectElement).value as Sort)}>
              {SORTS.map((s) => <option value={s}>{cat.label(`tool_sort_${s}`)}</option>)}
            </select>
          </label>
          <button type="button" id="sort-direction" aria-pressed={descending} onClick={() => setDescending(!descending)}>
            {descending ? t('toolDescending') : t('toolAscending')}
          </button>
          <label class="inline">{cat.label('tool_source')}
            <select id="filter-source" value={source} onChange={(e) => setSource((e.currentTarget as HTMLSelectElement).value as Source)}>
              <option value="majority">{cat.label('tool_source_majority')}</option>
              <option value="bga">{cat.label('tool_source_bga')}</option>
            </select>
          </label>
        </div>
      </div>
      <p id="trick-count" class="muted" data-shown={shown.length}>{t('toolShown', { n: shown.length, total: sheet.tricks.length })}</p>
      <div class="trick-grid" id="trick-grid">
        {shown.map((tr) => <TrickCard trick={tr} cat={cat} sheet={sheet} source={source} />)}
      </div>
    </section>
  )
}
