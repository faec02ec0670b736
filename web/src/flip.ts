/** Animations of the table: a piece (an element with `data-piece`) that moved slides from where it
 * was; a new piece fades in. Short (a third of a second), skippable (any click finishes them) and off
 * when the player turns animations off or asks the system for reduced motion. */
import { useLayoutEffect, useRef } from 'preact/hooks'
import type { RefObject } from 'preact'

const DURATION = 320

export function useFlip(root: RefObject<HTMLElement>, key: unknown, enabled: boolean): void {
  const before = useRef(new Map<string, DOMRect>())
  useLayoutEffect(() => {
    const el = root.current
    if (!el) return
    const now = new Map<string, DOMRect>()
    const running: Animation[] = []
    for (const node of el.querySelectorAll<Element>('[data-piece]')) {
      const id = node.getAttribute('data-piece') as string
      const box = node.getBoundingClientRect()
      now.set(id, box)
      if (!enabled || !before.current.size) continue
      const old = before.current.get(id)
      if (!old) {
        running.push(node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: DURATION, easing: 'ease-out' }))
      } else if (Math.abs(old.left - box.left) > 1 || Math.abs(old.top - box.top) > 1) {
        // a scale factor maps page pixels to the element's own units (an SVG drawn smaller than its viewBox)
        const svg = (node as SVGGraphicsElement).ownerSVGElement
        const scale = svg ? (svg.viewBox.baseVal.width || svg.clientWidth) / (svg.clientWidth || 1) : 1
        const dx = (old.left - box.left) * scale
        const dy = (old.top - box.top) * scale
        running.push(node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }],
          { duration: DURATION, easing: 'ease-out' }))
      }
    }
    before.current = now
    if (!running.length) return
    const finish = () => running.forEach((a) => a.finish())
    window.addEventListener('pointerdown', finish, { once: true })
    return () => window.removeEventListener('pointerdown', finish)
  }, [key])
}
