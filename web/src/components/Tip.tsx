/** Tooltips for board elements: the full text of a card or space, shown beside it on hover, focus or
 * tap, in HTML (so it can hold a drawn card, lines and icons), and never clipped by the board. */
import { createContext, type ComponentChildren } from 'preact'
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks'

export interface Tips {
  show: (content: ComponentChildren, anchor: Element) => void
  hide: () => void
}

export const TipContext = createContext<Tips>({ show: () => undefined, hide: () => undefined })

interface Shown { content: ComponentChildren; x: number; y: number; below: boolean }

/** Provides `TipContext` to everything inside and draws the tooltip layer. */
export function TipLayer({ children }: { children: ComponentChildren }) {
  const [shown, setShown] = useState<Shown | null>(null)
  const show = useCallback((content: ComponentChildren, anchor: Element) => {
    const r = anchor.getBoundingClientRect()
    const below = r.top < 220
    setShown({ content, x: Math.min(Math.max(r.left + r.width / 2, 150), window.innerWidth - 150), y: below ? r.bottom + 6 : r.top - 6, below })
  }, [])
  const hide = useCallback(() => setShown(null), [])
  const value = useMemo(() => ({ show, hide }), [show, hide])
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
        <div class={`tip ${shown.below ? 'below' : 'above'}`} role="tooltip" id="tip"
          style={{ left: `${shown.x}px`, top: `${shown.y}px` }}>
          {shown.content}
        </div>
      )}
    </TipContext.Provider>
  )
}
