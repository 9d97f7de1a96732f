// The client's pages work without a connection once opened (decision 210): public/client-sw.js,
// scope /cliente. Production builds only: Vite's dev server changes files under the same names.
const WORKER = '/client-sw.js'
/** Same name as in client-sw.js. */
const CACHE = 'entrenapp-client-v1'

/**
 * Registers the worker and copies into its cache what this page already loaded before the worker
 * controlled it (the first visit's scripts, styles and fonts), so that the next load works offline.
 */
export async function registerClientWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !('caches' in window)) return
  try {
    await navigator.serviceWorker.register(WORKER, { scope: '/cliente' })
    await navigator.serviceWorker.ready
    const loaded = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && !url.pathname.startsWith('/api/'))
      .map((url) => url.href)
    const cache = await caches.open(CACHE)
    await Promise.all(
      [...new Set(loaded)].map(async (href) => {
        if (!(await cache.match(href))) await cache.add(href).catch(() => undefined)
      }),
    )
  } catch {
    // Without the worker the pages still work online; the sets queue stays in IndexedDB either way.
  }
}
