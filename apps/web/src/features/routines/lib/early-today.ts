import type { Today } from '@app/contracts'
import { storedLanguage } from '@/lib/language'
import { getSession } from '@/lib/session'

/**
 * "Hoy" asks for today's session as the app starts (the route's loader), with the stored token,
 * instead of after its code, its translations and the signed-in check have arrived: on a slow
 * phone over 3G that chain was ~8 round trips (issue 25, bench:hoy). Plain fetch: the api client
 * is not in the first download. Any answer but a 2xx is left to the normal request (token refresh,
 * errors, the day kept offline).
 */
type Early = { userId: string; answer: Promise<Response | null> }
let early: Early | null = null

declare global {
  interface Window {
    /** Asked by the client shell's inline script (dist/cliente.html, scripts/prerender.mjs) before any script arrived. */
    __earlyToday?: Early
  }
}

export function startTodayFetch() {
  const session = getSession()
  if (!session || early) return
  // The HTML asked already (a first visit of /cliente): that request, once.
  const fromHtml = window.__earlyToday
  delete window.__earlyToday
  if (fromHtml?.userId === session.user.id) {
    early = fromHtml
    return
  }
  early = {
    userId: session.user.id,
    answer: fetch('/api/v1/client/today', {
      headers: { Accept: 'application/json', Authorization: `Bearer ${session.token}` },
    }).catch(() => null),
  }
}

/** The early answer for this user, once (a later refetch asks again); undefined when there is none. */
export async function takeEarlyToday(userId: string): Promise<Today | undefined> {
  const mine = early
  early = null
  if (!mine || mine.userId !== userId) return undefined
  const response = await mine.answer
  if (!response?.ok) return undefined
  try {
    return (await response.json()) as Today
  } catch {
    return undefined
  }
}

// The client area's words (the shell's namespaces, as the router's loader asks for them): the same
// modules as lib/i18n's, so the same chunks, asked for now instead of once i18next has loaded.
const words = import.meta.glob(['/src/features/{routines,booking,progress}/locales/*.json', '/src/locales/{common,errors}/*.json'])

/** Starts downloading the client area's translations in the person's language (else Spanish). */
export function preloadClientWords() {
  const language = storedLanguage() ?? 'es'
  for (const [path, load] of Object.entries(words)) if (path.endsWith(`/${language}.json`)) void load().catch(() => undefined)
}
