import { lazy, Suspense, useEffect, useState } from 'react'

const Toaster = lazy(() => import('@/components/ui/sonner').then((m) => ({ default: m.Toaster })))

const requests = new Set<() => void>()
let requested = false

/**
 * Mounts the toaster now (e.g. before raising a toast without a user interaction). Toasts raised
 * before it mounts are not lost either way: sonner replays the active ones when the Toaster subscribes.
 */
export function requestToaster() {
  requested = true
  for (const mount of requests) mount()
}

/** How long after the app starts the toaster mounts if nothing asked for it earlier. */
export const TOASTER_FALLBACK_MS = 4000

/**
 * The toaster's code (sonner, ~10 KB gzipped) is not part of the first download: it mounts on the
 * first interaction, when `requestToaster()` is called, or a few seconds after start.
 */
export function DeferredToaster() {
  const [mounted, setMounted] = useState(requested)
  useEffect(() => {
    if (mounted) return
    const mount = () => setMounted(true)
    const events = ['pointerdown', 'keydown', 'touchstart'] as const
    for (const e of events) window.addEventListener(e, mount, { once: true, passive: true })
    requests.add(mount)
    if (requested) mount()
    const timer = setTimeout(mount, TOASTER_FALLBACK_MS)
    return () => {
      clearTimeout(timer)
      requests.delete(mount)
      for (const e of events) window.removeEventListener(e, mount)
    }
  }, [mounted])
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
