import { startTransition, StrictMode, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { createAppRouter, routerReady } from './app/router'
import { storedLanguage } from './lib/language'
import { plansSeed, readEmbeddedPlans } from './lib/plans'
import { getSession } from './lib/session'
import './index.css'

declare global {
  interface Window {
    /** public/early-clicks.js: the buttons clicked before the app started, in order. */
    __takeEarlyClicks?: () => HTMLButtonElement[]
    /** public/early-clicks.js: whether a click made before the app started is waiting. */
    __earlyClicksPending?: () => boolean
    /** public/early-clicks.js: whether the page was tapped, typed in or focused before this code ran (decision 205). */
    __pageUsedEarly?: () => boolean
  }
}

/** Put back by ReplayEarlyClicks before the clicks: what was typed before the app started (lib/early-input.ts). */
let restoreEarlyInput: (() => void) | undefined

/** Once the app is interactive, does what the early clicks asked (hydration keeps the same DOM nodes). */
function ReplayEarlyClicks() {
  useEffect(() => {
    restoreEarlyInput?.()
    for (const button of window.__takeEarlyClicks?.() ?? []) if (button.isConnected && !button.disabled) button.click()
  }, [])
  return null
}

const container = document.getElementById('root')!
// The catalogue a prerendered page was rendered with: the first client render must show the same.
plansSeed.current = readEmbeddedPlans(document)

function start(hydrate: boolean, captureInput?: (root: ParentNode) => () => void) {
  const router = createAppRouter()
  const app = (
    <StrictMode>
      <App router={router} />
      <ReplayEarlyClicks />
    </StrictMode>
  )
  if (!hydrate) {
    const render = () => {
      container.textContent = ''
      createRoot(container).render(app)
    }
    // A prerendered page stays on screen until its fresh render is ready (no loading flash).
    if (container.firstElementChild) void routerReady(router).then(render)
    else render()
    return
  }
  // Hydrate once the route's lazy code is loaded, so the first client render is the prerendered
  // one rather than the loading fallback. As a transition, hydration yields to the browser every
  // few milliseconds instead of one long task.
  void routerReady(router).then(() =>
    startTransition(() => {
      restoreEarlyInput = captureInput?.(container)
      hydrateRoot(container, app)
    }),
  )
}

/**
 * Calls `begin` once: on the first sign that a person is using the page (a touch, a key, the
 * pointer moving, a scroll) or when a part that needs the app (`data-hydrate="visible"`: the plan
 * cards, the carousel) comes near the screen. Until then the prerendered HTML is the page: links
 * work and early clicks on buttons are replayed (public/early-clicks.js).
 */
function onFirstUse(begin: () => void, { whenVisible }: { whenVisible: boolean }) {
  const events = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'pointermove', 'wheel', 'scroll'] as const
  let observer: IntersectionObserver | undefined
  let started = false
  const once = (event?: Event) => {
    // Chromium sends a resting pointer a synthetic move (no movement) after layout: not a sign of use.
    if (event?.type === 'pointermove' && (event as PointerEvent).movementX === 0 && (event as PointerEvent).movementY === 0) return
    if (started) return
    started = true
    for (const type of events) document.removeEventListener(type, once, true)
    observer?.disconnect()
    begin()
  }
  // A click made before this code ran is waiting to be replayed, or the person tapped, typed or
  // focused a field already (a slow network): they are here, and may not do it again.
  if (window.__earlyClicksPending?.() || window.__pageUsedEarly?.()) return once()
  for (const type of events) document.addEventListener(type, once, { capture: true, passive: true })
  const needy = whenVisible ? container.querySelectorAll('[data-hydrate="visible"]') : []
  if (needy.length > 0 && 'IntersectionObserver' in window) {
    observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && once(), { rootMargin: '200px' })
    for (const element of needy) observer.observe(element)
  }
}

const hydrateWithEarlyInput = () => void import('./lib/early-input').then(({ captureEarlyInput }) => start(true, captureEarlyInput))

// The public and sign-in pages come with their first render done at build time (src/prerender.tsx,
// scripts/prerender.mjs); every other path gets the empty shell (dist/app.html).
// Their HTML is the page until the person starts using it or a part that needs the app comes into
// view: only then does React hydrate it (decision 081; on a phone, hydrating at load blocked the
// main thread for 0.3–0.8 s of Lighthouse's TBT).
// The sign-in and registration pages (data-prerendered="signed-out") were rendered for a visitor
// without a session. With a stored session their first client render differs: they render afresh.
// Without one, the form code (react-hook-form, zod, the UI kit) loads on the first interaction
// (docs/decisions/046).
// A page with the language switch (data-language-switch) was rendered in its default language
// (<html lang>); when the person picked the other one, it renders afresh in it (decision 047).
const prerendered = container.firstElementChild !== null
const signedOutPage = container.dataset.prerendered === 'signed-out'
// The API renders the trainer pages per request (decision 143) as plain HTML that works as it is
// (a GET form, links): the app does not take them over, so a first key or tap gets the browser's
// own reaction at once. Links from them are full page loads.
const serverRendered = container.dataset.prerendered === 'server'
const otherLanguage =
  container.dataset.languageSwitch !== undefined && (storedLanguage() ?? document.documentElement.lang) !== document.documentElement.lang
if (!prerendered) start(false)
else if (serverRendered) {
  // No app will replay clicks here: stop holding them, and let any held one happen natively.
  for (const button of window.__takeEarlyClicks?.() ?? []) if (button.isConnected && !button.disabled) button.click()
} else if (signedOutPage && (getSession() !== null || otherLanguage)) start(false)
else onFirstUse(hydrateWithEarlyInput, { whenVisible: !signedOutPage })
