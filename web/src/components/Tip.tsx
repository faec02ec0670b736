/** Tooltips for board elements: the full text of a card or space, shown beside it on hover, focus or
 * tap, in HTML (so it can hold a drawn card, lines and icons), and never clipped by the board. */
import { createContext, type ComponentChildren } from 'preact'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'

export interface Tips {
  show: (content: ComponentChildren, anchor: Element) => void
  hide: () => void
  /** The element whose tip is shown now (null: none). */
  shownOn: () => Element | null
  /** The open tip says `content` now, where it stands: an element drawn again while its tip is open
   * (another language, a new state's numbers) passes what it now says. Nothing is measured. */
  reword: (content: ComponentChildren) => void
}

export const TipContext = createContext<Tips>({
  show: () => undefined, hide: () => undefined, shownOn: () => null, reword: () => undefined,
})

interface Shown { content: ComponentChildren; anchor: DOMRect; element: Element }

const MARGIN = 6

/** Where a tip of this size goes: above the anchor if it fits there, else below, else on the roomier side
 * with a height cap (it scrolls); always inside the viewport horizontally. */
function place(anchor: DOMRect, tip: DOMRect): { left: number; top: number; maxHeight: number | null } {
  const width = window.innerWidth, height = window.innerHeight
  const left = Math.min(Math.max(anchor.left + anchor.width / 2 - tip.width / 2, MARGIN), Math.max(width - tip.width - MARGIN, MARGIN))
  const spaceAbove = anchor.top - 2 * MARGIN, spaceBelow = height - anchor.bottom - 2 * MARGIN
  if (tip.height <= spaceAbove) return { left, top: anchor.top - MARGIN - tip.height, maxHeight: null }
  if (tip.height <= spaceBelow) return { left, top: anchor.bottom + MARGIN, maxHeight: null }
  return spaceAbove > spaceBelow
    ? { left, top: MARGIN, maxHeight: spaceAbove }
    : { left, top: anchor.bottom + MARGIN, maxHeight: spaceBelow }
}

/** Provides `TipContext` to everything inside and draws the tooltip layer. */
export function TipLayer({ children }: { children: ComponentChildren }) {
  const [shown, setShown] = useState<Shown | null>(null)
  const current = useRef<Shown | null>(null)
  current.current = shown
  const show = useCallback((content: ComponentChildren, anchor: Element) => {
    setShown({ content, anchor: anchor.getBoundingClientRect(), element: anchor })
  }, [])
  const tip = useRef<HTMLDivElement>(null)
  // Measured after the tip is drawn (hidden), then moved where it fits: a tall card near the top of the
  // page opens below its space instead of being cut by the window's edge.
  useLayoutEffect(() => {
    const node = tip.current
    if (!shown || !node) return
    node.style.maxHeight = ''
    const spot = place(shown.anchor, node.getBoundingClientRect())
    node.style.left = `${spot.left}px`
    node.style.top = `${spot.top}px`
    if (spot.maxHeight !== null) node.style.maxHeight = `${spot.maxHeight}px`
    node.style.visibility = 'visible'
  }, [shown])
  const hide = useCallback(() => setShown(null), [])
  const shownOn = useCallback(() => current.current?.element ?? null, [])
  const reword = useCallback((content: ComponentChildren) => setShown((was) => was && { ...was, content }), [])
  const value = useMemo(() => ({ show, hide, shownOn, reword }), [show, hide, shownOn, reword])
  useEffect(() => {
    if (!shown) return
    const away = (e: Event) => {
      const t = e.target as Element | null
      if (!t?.closest?.('[data-spot], .tip')) setShown(null)
    }
    window.addEventListener('scroll', hide, { passive: true })
    window.addEventListener('pointerdown', away)
    return () => {
      window.removeEventListener('scroll', hide)
      window.removeEventListener('pointerdown', away)
    }
  }, [shown])
  return (
    <TipContext.Provider value={value}>
      {children}
      {shown && (
        <div class="tip" role="tooltip" id="tip" ref={tip} style={{ left: '0px', top: '0px', visibility: 'hidden' }}>
          {shown.content}
        </div>
      )}
    </TipContext.Provider>
  )
}
