import { useEffect, useState } from 'react'

type ToasterComponent = typeof import('@/components/ui/sonner').Toaster

const requests = new Set<() => void>()
let requested = false
let loaded: ToasterComponent | null = null

/** The toaster's code; a failed download (offline, the gym basement) is tried again on the next call. */
function loadToaster(): Promise<ToasterComponent> {
  return import('@/components/ui/sonner').then((m) => (loaded = m.Toaster))
}

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

const TRIGGERS = ['pointerdown', 'keydown', 'touchstart', 'online'] as const

/**
 * The toaster's code (sonner, ~10 KB gzipped) is not part of the first download: it loads on the
 * first interaction, when `requestToaster()` is called, or a few seconds after start. Without a
 * connection its download fails: the page goes on without toasts (never an error in place of the
 * page) and the next interaction, or the connection's return, tries again.
 */
export function DeferredToaster() {
  const [Toaster, setToaster] = useState<ToasterComponent | null>(() => loaded)
  useEffect(() => {
    if (Toaster) return
    let done = false
    let loading = false
    // Asked again during a download (the connection came back while one started offline was
    // still under way): if that download fails, the ask is not lost, it tries once more.
    let askedAgain = false
    const mount = () => {
      if (done) return
      if (loading) {
        askedAgain = true
        return
      }
      loading = true
      askedAgain = false
      loadToaster().then(
        (component) => {
          if (!done) setToaster(() => component)
        },
        () => {
          loading = false
          if (askedAgain) mount()
        },
      )
    }
    for (const e of TRIGGERS) window.addEventListener(e, mount, { passive: true })
    requests.add(mount)
    if (requested) mount()
    const timer = setTimeout(mount, TOASTER_FALLBACK_MS)
    return () => {
      done = true
      clearTimeout(timer)
      requests.delete(mount)
      for (const e of TRIGGERS) window.removeEventListener(e, mount)
    }
  }, [Toaster])
  return Toaster ? <Toaster /> : null
}
