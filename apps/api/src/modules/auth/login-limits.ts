import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { sessions } from '../../db/schema.ts'
import { tooManyRequests } from '../../errors.ts'
import { recordAudit } from '../audit/service.ts'

/**
 * Failed sign-ins, counted so that guessing stays bounded per account while a stranger who knows
 * an e-mail cannot keep its owner out (issue 9, item 9; docs/security.md):
 * - per address: 30 attempts / 10 min (route limit `login-ip`);
 * - per (e-mail, address): 10 attempts / 10 min (route limit `login-email-ip`);
 * - per e-mail, all addresses together: failures only. After DELAY_AFTER failures in the hour
 *   each attempt waits (250 ms, doubling, at most 4 s); after CEILING failures an address that
 *   never signed in to this account gets 429 until the hour ends. An address that did sign in
 *   before (sessions.ip) is neither delayed nor refused by this counter.
 */
export const LOGIN_FAILURES = {
  windowMs: 60 * 60_000,
  delayAfter: 10,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  ceiling: 50,
} as const

const failureKey = (email: string) => `fitness-rl:login-failures:${email}`

export function delayFor(failures: number) {
  if (failures < LOGIN_FAILURES.delayAfter) return 0
  return Math.min(LOGIN_FAILURES.baseDelayMs * 2 ** (failures - LOGIN_FAILURES.delayAfter), LOGIN_FAILURES.maxDelayMs)
}

async function signedInFrom(app: FastifyInstance, userId: string, ip: string) {
  const [row] = await app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
    .limit(1)
  return Boolean(row)
}

/**
 * Before the password is checked: waits or refuses according to the failures on this e-mail.
 * `userId` is undefined for an unknown e-mail, which is throttled the same way (no difference in
 * answers or timing tells who is registered).
 */
export async function throttleLogin(app: FastifyInstance, email: string, userId: string | undefined, ip: string) {
  const multiplier = app.config.RATE_LIMIT_MULTIPLIER
  const { count, resetInMs } = await app.counters.peek(failureKey(email))
  const failures = Math.floor(count / multiplier)
  if (failures < LOGIN_FAILURES.delayAfter) return
  if (userId && (await signedInFrom(app, userId, ip))) return
  if (failures >= LOGIN_FAILURES.ceiling) {
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000))
    throw tooManyRequests(`Too many failed sign-ins for this account. Try again in ${seconds} seconds, or reset the password.`, seconds)
  }
  await new Promise((resolve) => setTimeout(resolve, delayFor(failures)))
}

/**
 * A failure burst is written to the audit log once per crossing, not once per failure: when an
 * account reaches the delay threshold and again at its ceiling (lockout), and when one address
 * reaches ADDRESS_BURST failures in its window (any accounts). Numbers scale with
 * RATE_LIMIT_MULTIPLIER like the limits they mirror.
 */
export const ADDRESS_BURST = { failures: 30, windowMs: 10 * 60_000 } as const

/** Whoever is failing to sign in is not known. */
const ANONYMOUS = { id: null, email: null, role: null }

const addressKey = (ip: string) => `fitness-rl:login-failures-ip:${ip}`

/** Whether `count` is the hit that takes the scaled count to `threshold` (exactly once per window). */
const crosses = (count: number, threshold: number, multiplier: number) =>
  Math.floor(count / multiplier) >= threshold && Math.floor((count - 1) / multiplier) < threshold

export async function recordLoginFailure(app: FastifyInstance, email: string, ip: string, userId?: string) {
  const multiplier = app.config.RATE_LIMIT_MULTIPLIER
  const account = await app.counters.hit(failureKey(email), LOGIN_FAILURES.windowMs)
  const address = await app.counters.hit(addressKey(ip), ADDRESS_BURST.windowMs)
  const subject = userId ? { subjectType: 'user', subjectId: userId } : { subjectType: 'email', subjectId: email }
  for (const [threshold, lockout] of [
    [LOGIN_FAILURES.delayAfter, false],
    [LOGIN_FAILURES.ceiling, true],
  ] as const) {
    if (crosses(account.count, threshold, multiplier)) {
      await recordAudit(app.db, {
        action: 'auth.login_failures',
        actor: ANONYMOUS,
        ip,
        ...subject,
        after: { scope: 'account', email, failures: threshold, windowMinutes: LOGIN_FAILURES.windowMs / 60_000, lockout },
      })
    }
  }
  if (crosses(address.count, ADDRESS_BURST.failures, multiplier)) {
    await recordAudit(app.db, {
      action: 'auth.login_failures',
      actor: ANONYMOUS,
      ip,
      subjectType: 'address',
      subjectId: ip,
      after: { scope: 'address', failures: ADDRESS_BURST.failures, windowMinutes: ADDRESS_BURST.windowMs / 60_000, lastEmail: email },
    })
  }
}
