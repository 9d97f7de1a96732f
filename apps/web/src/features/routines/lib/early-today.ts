import type { Today } from '@app/contracts'
import { getSession } from '@/lib/session'

/**
 * "Hoy" asks for today's session as the app starts (the route's loader), with the stored token,
 * instead of after its code, its translations and the signed-in check have arrived: on a slow
 * phone over 3G that chain was ~8 round trips (issue 25, bench:hoy). Plain fetch: the api client
 * is not in the first download. Any answer but a 2xx is left to the normal request (token refresh,
 * errors, the day kept offline).
 */
let early: { userId: string; answer: Promise<Response | null> } | null = null

export function startTodayFetch() {
  const session = getSession()
  if (!session || early) return
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
