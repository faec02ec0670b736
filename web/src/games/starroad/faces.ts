/** Star Road's printed faces, read from the game's public data (the packaged chart and cards) or, for a
 * table playing with its own chart or character table, from its view: a changed chart draws itself.
 * Every word comes from the game's catalog in the page's language. */
import type { Json, JsonObject } from '../../api'
import type { BoardProps } from '../types'
import { fillTemplate } from '../../template'

export type Face = JsonObject

/** What reading and naming faces needs: the game's data, the page's words and colours, and a view that
 * holds the table's own faces when it has them (`chart`, `character_cards`, `designs`). The board's props
 * will do; the board's parts get `StarRoadEnv` (./parts.ts), whose `view` holds those three alone. */
export type FaceReader = Pick<BoardProps, 'data' | 'lang' | 'catalog' | 'colours'> & { view: JsonObject }

const table = (value: Json | undefined): Record<string, Face> =>
  (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, Face>

/** The design-chart entry numbered `no` (the table's own chart first). */
export function design(p: FaceReader, no: Json | undefined): Face | null {
  if (typeof no !== 'string') return null
  return table(p.view.chart)[no] ?? table(p.data.objects)[no] ?? null
}

/** Every design this table builds, in chart order (sheet, then number). */
export function designs(p: FaceReader): Face[] {
  const own = table(p.view.chart)
  const all = Object.keys(own).length ? own : table(p.data.objects)
  const allowed = Array.isArray(p.view.designs) ? (p.view.designs as string[]) : Object.keys(all)
  return allowed.map((no) => all[no]).filter((d): d is Face => !!d)
    .sort((a, b) => (a.sheet as number) - (b.sheet as number) || String(a.no).localeCompare(String(b.no)))
}

export function character(p: FaceReader, key: Json | undefined): Face | null {
  if (typeof key !== 'string') return null
  return table(p.view.character_cards)[key] ?? table(p.data.characters)[key] ?? null
}

/** The names of a table's own chart and character cards in `lang` (id -> name), for the frame's catalog:
 * log lines and moves then name an uploaded design by its own name, not by the packaged one of the same
 * number (or by its bare number). An uploaded name has no Spanish: its English name stands in. */
export function ownNames(view: JsonObject, lang: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const faces of [table(view.chart), table(view.character_cards)]) {
    for (const [id, face] of Object.entries(faces)) {
      const names = table(face.names as Json) as unknown as Record<string, string>
      const name = names[lang] || names.en
      if (name) out[id] = name
    }
  }
  return out
}

export function structure(p: FaceReader, no: Json | undefined): Face | null {
  return typeof no === 'string' ? table(p.data.ground)[no] ?? null : null
}

export function faction(p: FaceReader, code: Json | undefined): Face | null {
  return typeof code === 'string' ? table(p.data.factions)[code] ?? null : null
}

/** A face's name in the page's language (the catalog's, else the face's own names). */
export function faceName(p: FaceReader, face: Face | null, key?: Json): string {
  const names = face ? table(face.names as Json) as unknown as Record<string, string> : {}
  const own = names[p.lang]
  if (own) return own
  if (key !== undefined && key !== null && p.catalog.has(String(key))) return p.catalog.name(key)
  return names.en ?? (key === undefined || key === null ? '' : String(key))
}

/** Faction colours: drawn only on a faction card that the viewer may see (never for a seat). */
export const FACTION_INK: Record<string, string> = { R: '#c62828', G: '#2e7d32', B: '#1565c0', Y: '#e0a800' }

/** Player colours from a palette no faction uses (no red, green, blue or yellow), so that no colour on
 * the page hints at a hidden faction. */
export const PLAYER_COLOURS = ['#7e3fa6', '#d0438f', '#8a5a2b', '#e06000', '#0f8a8f', '#333333', '#7f8c99', '#b08fd8']

/** Object type bands: neutral inks that are no faction's colour. */
export const TYPE_INK: Record<string, string> = { A: '#5d4037', P: '#546e7a', M: '#7a5c78', '?': '#8a7a3a' }

const fill = (template: string, values: JsonObject): string => fillTemplate(template, values, '')

/** One effect in words ("+3 HP on the base", "... within distance 2"). */
export function effectText(p: FaceReader, effect: JsonObject): string {
  const op = String(effect.op)
  let text = fill(p.catalog.label(`fx_${op}`), effect)
  const reach = effect.max_distance
  if (typeof reach === 'number' && reach < 99) text += p.catalog.aside(fill(p.catalog.label('fx_within'), effect))
  return text
}

const effectsOf = (face: Face): JsonObject[] => (Array.isArray(face.effects) ? face.effects as JsonObject[] : [])

/** A character card's ability: when it works, then what it does. */
export function abilityLines(p: FaceReader, card: Face): string[] {
  const when: string[] = [p.catalog.label(`kind_${String(card.kind)}`)]
  if (card.limit !== 'none') when.push(p.catalog.label(`limit_${String(card.limit)}`))
  if (card.timing !== 'none') when.push(p.catalog.label(`timing_${String(card.timing)}`))
  if (card.trigger !== 'none') when.push(p.catalog.label(`trigger_${String(card.trigger)}`))
  return [when.join(' · '), ...effectsOf(card).map((e) => effectText(p, e))]
}

/** A keyword printed on a design (SR-0.5, SR-14, SR-15): its kind, which is also its label's key in the
 * catalog, and its number. */
export interface Keyword { kind: typeof KEYWORDS[number]; n: number }

/** Every kind of keyword, in the order a card prints them. */
export const KEYWORDS = ['w_req', 'recycle', 'use_limit', 'delay'] as const

/** The keywords printed on a design: storage X{W}, recycle X(R), use limit X(UL), delay X(t). */
export function keywords(face: Face): Keyword[] {
  const out: Keyword[] = []
  for (const kind of KEYWORDS) {
    const n = face[kind] as number
    if (n > 0) out.push({ kind, n })
  }
  return out
}

/** The design's main value: attack, protection or mixed value (0 for a special object). */
export function mainValue(face: Face): number {
  return face.type === 'A' ? face.a as number : face.type === 'P' ? face.p as number : face.type === 'M' ? face.m as number : 0
}

/** Everything printed on a design, line by line, in the page's language (tooltips, the full card). */
export function designLines(p: FaceReader, face: Face): string[] {
  const t = (k: string) => p.catalog.label(k)
  const out = [`${p.catalog.name(String(face.type))} · ${t('cost')} ${String(face.cost)} [W]`]
  if (face.type === 'A') {
    out.push(`${t('attack')} ${String(face.a)} · ${t('range')} ${String(face.r)}${(face.targets as number) > 1 ? ` · ${t('targets')} ${String(face.targets)}` : ''}`)
  }
  if (face.type === 'P') out.push(`${t('protection')} ${String(face.p)}`)
  if (face.type === 'M') out.push(`${t('mixed_value')} ${String(face.m)}`)
  if ((face.w_req as number) > 0) out.push(`${t('w_req')} ${String(face.w_req)} [W]`)
  if ((face.recycle as number) > 0) out.push(`${t('recycle')} ${String(face.recycle)} [W]`)
  if ((face.use_limit as number) > 0) out.push(`${t('use_limit')} ${String(face.use_limit)}`)
  if ((face.delay as number) > 0) out.push(`${t('delay')} ${String(face.delay)}`)
  for (const e of effectsOf(face)) out.push(effectText(p, e))
  out.push(t(`block_${String(face.block_mode)}`))
  out.push(t(`timing_${String(face.timing)}`))
  out.push(t(`after_${String(face.after_use)}`))
  return out
}
