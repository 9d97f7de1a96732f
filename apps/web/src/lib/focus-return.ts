// Where focus goes when a dialog closes (WCAG 2.4.3 focus order; docs/accessibility.md).
// Radix returns focus only to a <Dialog.Trigger>; our dialogs are mostly opened from state, so
// without this focus fell to <body> and a keyboard user restarted at the top of the page.

import { useEffect, useRef } from 'react'

const TABBABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])'
const SECTION = 'li, tr, section, [role="region"], [role="tabpanel"], main'
/** How long after closing a removed trigger (a row deleted once the list refetches) still moves focus on. */
const WATCH_MS = 15_000

/** What was focused when a dialog opened: the trigger, its neighbours then, and the sections holding it. */
export interface FocusOrigin {
  trigger: HTMLElement | null
  /** The page's tabbable elements at opening, in document order. */
  around: HTMLElement[]
  /** The trigger's enclosing sections, nearest first (a row, its list, the tab panel, main). */
  sections: Element[]
}

const usable = (el: HTMLElement | null | undefined): el is HTMLElement =>
  !!el &&
  el.isConnected &&
  !el.matches(':disabled, [aria-disabled="true"], [inert], [inert] *') &&
  (el.checkVisibility?.() ?? !el.closest('[hidden]'))

/** A menu item is gone once its menu closes: the menu's own button stands for it. */
function triggerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === active.ownerDocument.body) return null
  const menu = active.closest<HTMLElement>('[role="menu"]')
  if (menu?.id) return active.ownerDocument.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`) ?? active
  return active
}

/** Call when a dialog opens, before it takes focus. */
export function captureFocusOrigin(doc: Document = document): FocusOrigin {
  const trigger = triggerOf(doc.activeElement)
  if (!trigger) return { trigger, around: [], sections: [] }
  const around = Array.from(doc.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => !el.closest('[role="dialog"], [role="alertdialog"]'),
  )
  const sections: Element[] = []
  for (let s = trigger.parentElement?.closest(SECTION); s; s = s.parentElement?.closest(SECTION)) sections.push(s)
  return { trigger, around, sections }
}

/** The page's main heading (or `main` itself): where a person lands when nothing nearer is left. */
export function focusMain(doc: Document = document) {
  const main = doc.querySelector<HTMLElement>('main')
  const target = main?.querySelector<HTMLElement>('h1') ?? main ?? doc.querySelector<HTMLElement>('h1')
  if (!target) return
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus()
}

const tryFocus = (el: HTMLElement | undefined) => {
  if (!usable(el)) return false
  el.focus()
  return el.ownerDocument.activeElement === el
}

/** The nearest neighbour still on the page: next in the trigger's nearest surviving section, else before it; else the main heading. */
function focusNeighbour({ trigger, around, sections }: FocusOrigin) {
  const at = trigger ? around.indexOf(trigger) : -1
  if (at >= 0) {
    const after = around.slice(at + 1).filter(usable)
    const before = around.slice(0, at).filter(usable).reverse()
    for (const section of sections.filter((s) => s.isConnected)) {
      const inside = (el: HTMLElement) => section.contains(el)
      if (tryFocus(after.find(inside)) || tryFocus(before.find(inside))) return
    }
    // Nothing left near it in main: the main heading rather than the footer.
    if (!trigger?.ownerDocument.querySelector('main') && (tryFocus(after[0]) || tryFocus(before[0]))) return
  }
  focusMain(trigger?.ownerDocument)
}

/**
 * Focuses the trigger again. If it is removed or disabled (a deleted row, an "Add" that is disabled
 * now), focus goes to its nearest neighbour, also when that happens a little after closing.
 */
export function restoreFocus(origin: FocusOrigin): () => void {
  const { trigger } = origin
  if (!trigger) return () => {}
  if (!tryFocus(trigger)) {
    focusNeighbour(origin)
    return () => {}
  }
  const doc = trigger.ownerDocument
  const observer = new MutationObserver(() => {
    if (doc.activeElement !== trigger && doc.activeElement !== doc.body) return stop()
    if (trigger.isConnected && usable(trigger)) return
    stop()
    focusNeighbour(origin)
  })
  const timer = setTimeout(() => stop(), WATCH_MS)
  function stop() {
    observer.disconnect()
    clearTimeout(timer)
  }
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] })
  return stop
}

/**
 * Handlers for a Radix dialog's content (onOpenAutoFocus, onCloseAutoFocus): the origin is taken
 * when it opens and focus goes back there when it closes. A caller's own handler runs first and may
 * preventDefault to send focus elsewhere.
 */
export function useFocusReturn<E extends Event>(handlers: { onOpenAutoFocus?: (e: E) => void; onCloseAutoFocus?: (e: E) => void }) {
  const origin = useRef<FocusOrigin | null>(null)
  const stop = useRef<() => void>(() => {})
  useEffect(() => () => stop.current(), [])
  return {
    onOpenAutoFocus: (e: E) => {
      stop.current()
      origin.current = captureFocusOrigin()
      handlers.onOpenAutoFocus?.(e)
    },
    onCloseAutoFocus: (e: E) => {
      handlers.onCloseAutoFocus?.(e)
      if (e.defaultPrevented || !origin.current) return
      e.preventDefault()
      stop.current = restoreFocus(origin.current)
    },
  }
}
