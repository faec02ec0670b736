/** What the Star Road board's parts share: the steady environment each reads besides its own slices of
 * the view, and small readers of the view's JSON. */
import { useMemo } from 'preact/hooks'
import type { Json, JsonObject } from '../../api'
import { useBoardEnv } from '../choosable'
import type { BoardEnv, BoardProps } from '../types'

/** The board's steady `BoardEnv` and, as `view`, the view's faces alone (a table's own chart and
 * character cards, the designs it builds), which the face readers (./faces.ts) look up: one object while
 * none of them changes, so a part memoized on it redraws only when its own slices change. */
export type StarRoadEnv = BoardEnv & { view: JsonObject }

const FACE_KEYS = ['chart', 'character_cards', 'designs'] as const

export function useStarRoadEnv(p: BoardProps): StarRoadEnv {
  const env = useBoardEnv(p)
  // a delta keeps the unchanged parts of the view by identity (../../viewDelta.ts)
  const faces = FACE_KEYS.map((key) => p.view[key])
  return useMemo(() => {
    const view: JsonObject = {}
    FACE_KEYS.forEach((key, i) => {
      if (faces[i] !== undefined) view[key] = faces[i]
    })
    return { ...env, view }
  }, [env, ...faces])
}

export const list = (v: Json | undefined): JsonObject[] => (Array.isArray(v) ? v as JsonObject[] : [])
export const nums = (v: Json | undefined): number[] => (Array.isArray(v) ? v as number[] : [])

/** "Label: value" as the page's language writes it: Chinese with a full-width colon ("正在生產：投石索"). */
export const labelled = (p: Pick<BoardEnv, 'lang'>, label: string, value: string): string =>
  (p.lang === 'zh_TW' ? `${label}：${value}` : `${label}: ${value}`)
