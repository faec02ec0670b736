/** Animations of the table: a piece (an element with `data-piece`) that moved slides from where it
 * was; a new piece fades in; a piece whose `data-face` changed turns over (a card revealed, a die
 * rolled). Short (a third of a second), skippable (any click finishes them) and off
 * when the player turns animations off or asks the system for reduced motion. */
import { useLayoutEffect, useRef } from 'preact/hooks'
import type { RefObject } from 'preact'

const DURATION = 320

export function useFlip(root: RefObject<HTMLElement>, key: unknown, enabled: boolean): void {
  const before = useRef(new Map<string, DOMRect>())
  const faces = useRef(new Map<string, string>())
  useLayoutEffect(() => {
    const el = root.current
    if (!el || !enabled) {
      // nothing animates, so nothing is measured (a Trickerion board has hundreds of pieces); once
      // animations are on again, the first position is only recorded
      before.current = new Map()
      faces.current = new Map()
      return
    }
    const now = new Map<string, DOMRect>()
    const nowFaces = new Map<string, string>()
    const running: Animation[] = []
    for (const node of el.querySelectorAll<Element>('[data-piece]')) {
      const id = node.getAttribute('data-piece') as string
      const box = node.getBoundingClientRect()
      now.set(id, box)
      const face = node.getAttribute('data-face')
      if (face !== null) nowFaces.set(id, face)
      if (!before.current.size) continue
      const old = before.current.get(id)
      const oldFace = faces.current.get(id)
      if (face !== null && oldFace !== undefined && oldFace !== face) {
        // turned over in place: squeezed to its edge and opened again on the new face
        ;(node as HTMLElement).style.transformOrigin = 'center'
        ;(node as HTMLElement).style.transformBox = 'fill-box'
        running.push(node.animate([{ transform: 'scaleX(0)' }, { transform: 'scaleX(1)' }],
          { duration: DURATION, easing: 'ease-out' }))
        continue
      }
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
    faces.current = nowFaces
    if (!running.length) return
    const finish = () => running.forEach((a) => a.finish())
    window.addEventListener('pointerdown', finish, { once: true })
    return () => window.removeEventListener('pointerdown', finish)
  }, [key])
}
