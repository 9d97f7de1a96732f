import type { QueuedSet } from '../lib/write-queue'

/**
 * Between the HTML's own "Hoy" (island/main.ts, inlined in dist/cliente.html) and the app
 * (decision 254): the island leaves the sets it took and the figures typed on `window.__hoyIsland`;
 * the app's write queue adds the sets (they are in IndexedDB too), its set rows start from the
 * typed figures, and the page takes the island's place once its day is drawn.
 */
export interface IslandState {
  /** Sets taken by the island, in the write queue's format (also stored in its IndexedDB). */
  writes: QueuedSet[]
  /** `${itemKey}/${setNumber}` → the figures typed in the island and not yet taken. */
  typed: Record<string, { amount: string; kg: string }>
  /** The app has taken over: the island draws nothing more. */
  over: boolean
}

declare global {
  interface Window {
    __hoyIsland?: IslandState
  }
}

export const ISLAND_ID = 'hoy-island'

export const islandWrites = (): QueuedSet[] => (typeof window === 'undefined' ? [] : (window.__hoyIsland?.writes ?? []))

export const islandTyped = (itemKey: string, n: number) =>
  typeof window === 'undefined' ? undefined : window.__hoyIsland?.typed[`${itemKey}/${n}`]

const FOCUSABLE = 'input, button, a, textarea'

/**
 * The app's day is drawn (hidden): it takes the island's place, keeping the scroll position and
 * the focus (the same control of the same exercise card). Safe to call more than once.
 */
export function takeOverIsland() {
  if (typeof document === 'undefined') return
  if (window.__hoyIsland) window.__hoyIsland.over = true
  const island = document.getElementById(ISLAND_ID)
  const root = document.getElementById('root')
  if (!island || !root) return
  // Not drawn (signed out, another page): the page's frame is only removed.
  if (!document.documentElement.hasAttribute('data-island')) return island.remove()
  const active = document.activeElement
  let focus: { card: string | null; index: number } | null = null
  if (active instanceof HTMLElement && island.contains(active)) {
    const card = active.closest('article')
    const scope = card ?? island
    focus = { card: card?.getAttribute('aria-labelledby') ?? null, index: [...scope.querySelectorAll(FOCUSABLE)].indexOf(active) }
  }
  const y = window.scrollY
  island.remove()
  document.documentElement.removeAttribute('data-island')
  window.scrollTo(0, y)
  if (!focus) return
  const scope = focus.card ? root.querySelector(`article[aria-labelledby="${CSS.escape(focus.card)}"]`) : root
  const target = scope?.querySelectorAll<HTMLElement>(FOCUSABLE)[focus.index]
  target?.focus({ preventScroll: true })
}
