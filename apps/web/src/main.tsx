import { startTransition, StrictMode, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { createAppRouter, routerReady } from './app/router'
import { storedLanguage } from './lib/language'
import { getSession } from './lib/session'
import './index.css'

declare global {
  interface Window {
    /** public/early-clicks.js: the buttons clicked before the app started, in order. */
    __takeEarlyClicks?: () => HTMLButtonElement[]
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

/** Calls `begin` once, on the first sign that a person is using the page. */
function onFirstInteraction(begin: () => void) {
  const events = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const
  const once = () => {
    for (const type of events) document.removeEventListener(type, once, true)
    begin()
  }
  for (const type of events) document.addEventListener(type, once, { capture: true, passive: true })
}

// The public and sign-in pages come with their first render done at build time (src/prerender.tsx,
// scripts/prerender.mjs); every other path gets the empty shell (dist/app.html).
// The sign-in and registration pages (data-prerendered="signed-out") were rendered for a visitor
// without a session. With a stored session their first client render differs: they render afresh.
// Without one, their HTML is the page until the person starts using it: the form code
// (react-hook-form, zod, the UI kit) loads on the first interaction (docs/decisions/046).
// A page with the language switch (data-language-switch) was rendered in its default language
// (<html lang>); when the person picked the other one, it renders afresh in it (decision 047).
const prerendered = container.firstElementChild !== null
const signedOutPage = container.dataset.prerendered === 'signed-out'
const otherLanguage = container.dataset.languageSwitch !== undefined && (storedLanguage() ?? document.documentElement.lang) !== document.documentElement.lang
if (!prerendered) start(false)
else if (!signedOutPage) start(true)
else if (getSession() !== null || otherLanguage) start(false)
else onFirstInteraction(() => void import('./lib/early-input').then(({ captureEarlyInput }) => start(true, captureEarlyInput)))
