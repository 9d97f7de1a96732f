import { startTransition, StrictMode, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { createAppRouter, routerReady } from './app/router'
import './index.css'

declare global {
  interface Window {
    /** public/early-clicks.js: the buttons clicked before the app started, in order. */
    __takeEarlyClicks?: () => HTMLButtonElement[]
  }
}

/** Once the app is interactive, does what the early clicks asked (hydration keeps the same DOM nodes). */
function ReplayEarlyClicks() {
  useEffect(() => {
    for (const button of window.__takeEarlyClicks?.() ?? []) if (button.isConnected && !button.disabled) button.click()
  }, [])
  return null
}

const container = document.getElementById('root')!
const router = createAppRouter()
const app = (
  <StrictMode>
    <App router={router} />
    <ReplayEarlyClicks />
  </StrictMode>
)

// dist/index.html carries the landing page rendered at build time (src/prerender.tsx); every other
// path gets the empty shell (dist/app.html). Hydrate once the route's lazy code is loaded, so the
// first client render is the prerendered one rather than the loading fallback. As a transition,
// hydration yields to the browser every few milliseconds instead of one long task.
if (container.firstElementChild && location.pathname === '/') {
  void routerReady(router).then(() => startTransition(() => void hydrateRoot(container, app)))
} else {
  container.textContent = ''
  createRoot(container).render(app)
}
