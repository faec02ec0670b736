/** Where Skyrise's islands lie on the table (SK-2.10, display only): every neighbourhood's cell, the
 * lakes' cells, the blimps' corners and the bridges' ends in global map units, each outer island
 * turned so that its port faces the central island; and how a neighbourhood is named in words by
 * where it lies on this map ("Island B, north-east"). */
import type { Json, JsonObject } from '../../api'
import type { Catalog } from '../../catalog'

export type Point = [number, number]

/** A map cell's side in SVG units. */
export const CELL_SIZE = 60

export interface NeighbourhoodData { island: string; colour: string; col: number; row: number; windmill: boolean; port: boolean }
export interface SlotData { order: number; quarter_turns: number; bridge_from: string; bridge: string }

/** The public board data (`public_data()`), typed for the map. */
export interface BoardData {
  colours: string[]
  islands: Record<string, { kind: string; port: string | null }>
  slots: Record<string, SlotData>
  neighborhoods: Record<string, NeighbourhoodData>
  bridges: Record<string, { island: string; ends: [string, string]; lake: string }>
  lakes: Record<string, { island: string; cell: Point; neighborhoods: string[] }>
  blimps: Record<string, { island: string; corner: Point; neighborhoods: string[] }>
}

export const boardData = (data: JsonObject): BoardData | null =>
  data && typeof data === 'object' && data.neighborhoods ? (data as unknown as BoardData) : null

/** The islands in play: central first, then the outer islands with the slot each lies in. */
export function placement(view: JsonObject): { island: string; slot: string | null }[] {
  const pairs = (Array.isArray(view.layout) ? view.layout : []) as Json[][]
  return [{ island: 'central', slot: null }, ...pairs.map(([slot, island]) => ({ island: String(island), slot: String(slot) }))]
}

/** A point in an island's own grid (cells are unit squares, corners are whole numbers) on the map. */
export function toMap(local: Point, turns: number | null): Point {
  if (turns === null) return local
  let [x, y] = [local[0] - 1, local[1] - 5]
  for (let i = 0; i < turns; i++) [x, y] = [2 - y, x]
  return [x, y]
}

/** The centre of a neighbourhood's (or lake's) cell on the map. */
export const cellCentre = (cell: Point, turns: number | null): Point => toMap([cell[0] + 0.5, cell[1] + 0.5], turns)

export interface MapLayout {
  /** island id -> quarter turns (null for the central island, which never turns) */
  turns: Record<string, number | null>
  /** neighbourhood id (in play) -> the centre of its cell */
  centre: Record<string, Point>
  /** the map's extent in cells */
  min: Point
  max: Point
}

export function mapLayout(view: JsonObject, board: BoardData): MapLayout {
  const turns: Record<string, number | null> = {}
  for (const { island, slot } of placement(view)) turns[island] = slot === null ? null : board.slots[slot]?.quarter_turns ?? 0
  const centre: Record<string, Point> = {}
  for (const [id, n] of Object.entries(board.neighborhoods)) {
    if (!(n.island in turns)) continue
    centre[id] = cellCentre([n.col, n.row], turns[n.island])
  }
  const xs = Object.values(centre).map((c) => c[0])
  const ys = Object.values(centre).map((c) => c[1])
  return { turns, centre, min: [Math.min(...xs) - 0.5, Math.min(...ys) - 0.5], max: [Math.max(...xs) + 0.5, Math.max(...ys) + 0.5] }
}

/** Deterministic wobble in [-1, 1] for a map corner: district borders look drawn, not gridded, and are
 * shared by the two districts on either side. */
export function wobble(x: number, y: number, salt: number): number {
  const s = Math.sin(x * 127.1 + y * 311.7 + salt * 74.7) * 43758.5453
  return (s - Math.floor(s)) * 2 - 1
}

/** Where a neighbourhood lies on its island as drawn: one of nine zones of the island's extent. */
function zoneOf(id: string, board: BoardData, lay: MapLayout): string {
  const n = board.neighborhoods[id]
  const mates = Object.keys(lay.centre).filter((k) => board.neighborhoods[k].island === n.island)
  const xs = mates.map((k) => lay.centre[k][0])
  const ys = mates.map((k) => lay.centre[k][1])
  const [x, y] = lay.centre[id]
  const v = y === Math.min(...ys) ? 'north' : y === Math.max(...ys) ? 'south' : ''
  const h = x === Math.min(...xs) ? 'west' : x === Math.max(...xs) ? 'east' : ''
  return [v, h].filter(Boolean).join('_') || 'centre'
}

/** Every neighbourhood in play named by where it lies on this map, in the catalog's language:
 * "Island B, north-east"; two in the same zone are told apart by colour, then by a windmill. */
export function placeNames(view: JsonObject, board: BoardData, catalog: Catalog): Record<string, string> {
  const lay = mapLayout(view, board)
  const ui = catalog.data.ui
  if (!ui.place_format) return {}
  const groups = new Map<string, string[]>()
  for (const id of Object.keys(lay.centre)) {
    const key = `${board.neighborhoods[id].island}/${zoneOf(id, board, lay)}`
    groups.set(key, [...(groups.get(key) ?? []), id])
  }
  const out: Record<string, string> = {}
  for (const [key, ids] of groups) {
    const [island, zone] = key.split('/')
    for (const id of ids) {
      const n = board.neighborhoods[id]
      let text = ui.place_format.replace('{island}', ui[`place_${island}`] ?? island).replace('{zone}', ui[`zone_${zone}`] ?? zone)
      if (ids.length > 1) {
        const extra = [ui[`hue_${n.colour}`] ?? n.colour]
        if (n.windmill && ids.filter((k) => board.neighborhoods[k].colour === n.colour).length > 1) extra.push(ui.hue_windmill ?? '')
        text += (ui.place_extra ?? ' ({extra})').replace('{extra}', extra.join(catalog.marks.names))
      }
      out[id] = text
    }
  }
  return out
}
