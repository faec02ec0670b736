/** Small SVG icons the tools draw components with: Trickerion's four category symbols, its component
 * tiers and the Fame / Coins / Shards yields (drawn in the project, no third-party artwork). */
import type { JSX } from 'preact'

export const CATEGORY_COLOURS: Record<string, string> = {
  escape: '#3f6fb0', spiritual: '#7d4fa8', mechanical: '#8a6a2e', optical: '#2f8a5c',
}
export const TIER_COLOURS: Record<string, string> = { basic: '#a8773f', advanced: '#2f7f86', superior: '#8c3f8f' }

/** A category's symbol (TR-1.3: chain link, triskelion, gear, eye) in its colour. */
export function CategoryIcon({ category, size = 20, title }: { category: string; size?: number; title?: string }) {
  const c = CATEGORY_COLOURS[category] ?? '#666'
  let shape: JSX.Element
  if (category === 'escape') {
    shape = <g fill="none" stroke="#fff" stroke-width="1.8"><ellipse cx="7.5" cy="10" rx="4" ry="2.6" transform="rotate(-35 7.5 10)" /><ellipse cx="12.5" cy="10" rx="4" ry="2.6" transform="rotate(-35 12.5 10)" /></g>
  } else if (category === 'spiritual') {
    shape = <g fill="none" stroke="#fff" stroke-width="1.6"><circle cx="10" cy="7" r="2.4" /><circle cx="7.2" cy="11.8" r="2.4" /><circle cx="12.8" cy="11.8" r="2.4" /></g>
  } else if (category === 'mechanical') {
    const teeth = Array.from({ length: 8 }, (_, i) => {
      const a = (i * Math.PI) / 4
      return <rect x="9" y="2.6" width="2" height="3" fill="#fff" transform={`rotate(${(a * 180) / Math.PI} 10 10)`} />
    })
    shape = <g>{teeth}<circle cx="10" cy="10" r="4.6" fill="#fff" /><circle cx="10" cy="10" r="1.8" fill={c} /></g>
  } else {
    shape = <g><path d="M3 10 Q10 3.5 17 10 Q10 16.5 3 10 Z" fill="#fff" /><circle cx="10" cy="10" r="2.6" fill={c} /></g>
  }
  return (
    // without a title the icon stands beside its words (a filter's button): decoration only
    <svg class="icon" width={size} height={size} viewBox="0 0 20 20" role={title ? 'img' : undefined}
      aria-label={title} aria-hidden={title ? undefined : 'true'}>
      {title && <title>{title}</title>}
      <circle cx="10" cy="10" r="9.5" fill={c} />
      {shape}
    </svg>
  )
}

/** A component token: a small crate in its tier's colour with the count on it. */
export function ComponentToken({ tier, count, size = 22 }: { tier: string; count: number; size?: number }) {
  return (
    <svg class="icon" width={size} height={size} viewBox="0 0 22 22" aria-hidden="true">
      <rect x="1.5" y="3" width="19" height="16" rx="3" fill={TIER_COLOURS[tier] ?? '#777'} stroke="#0004" />
      <path d="M1.5 8 H20.5" stroke="#0003" />
      <text x="11" y="16.2" text-anchor="middle" font-size="10" font-weight="700" fill="#fff">{count}</text>
    </svg>
  )
}

/** Fame (a star), Coins (a coin) and Shards (a crystal), as on the game's boards. */
export function YieldIcon({ kind, size = 16 }: { kind: string; size?: number }) {
  const body = kind === 'fame'
    ? <path d="M8 1 L10 6 L15 6.2 L11 9.4 L12.4 14.6 L8 11.6 L3.6 14.6 L5 9.4 L1 6.2 L6 6 Z" fill="#e0a800" stroke="#8a6400" />
    : kind === 'coins'
      ? <g><circle cx="8" cy="8" r="6.5" fill="#f2c94c" stroke="#a07800" /><circle cx="8" cy="8" r="3.8" fill="none" stroke="#a07800" /></g>
      : <path d="M8 1 L13 6 L8 15 L3 6 Z" fill="#7fd3e6" stroke="#2c7f93" />
  return <svg class="icon" width={size} height={size} viewBox="0 0 16 16" aria-hidden="true">{body}</svg>
}
