import type { AccountReopen, LoginResponse } from '@app/contracts'
import { and, eq, isNotNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { gyms, privacyRequests, trainers, users } from '../../db/schema.ts'
import { unprocessable } from '../../errors.ts'
import { recordAudit } from '../audit/service.ts'
import { login } from '../auth/service.ts'
import { recordLoginFailure, throttleLogin } from '../auth/login-limits.ts'
import { startSession } from '../auth/sessions.ts'
import { findUserByEmail, normalizeEmail, toUser, verifyPassword } from '../users/service.ts'
import { consumeAccountCode, sendAccountCode } from './codes.ts'
import { purgeAfterOf } from './close.ts'
import { queuePrivacyMail } from './mails.ts'

/**
 * Signing in to a closed account within 90 days reopens it (decision 175): the same checks and
 * throttles as a login, then the account is active again and a session starts. An account closed
 * by an operator, or past its 90 days, stays closed.
 */
export async function reopenAccount(app: FastifyInstance, input: AccountReopen, ip: string): Promise<LoginResponse> {
  const email = normalizeEmail(input.email)
  const user = await findUserByEmail(app.db, email)
  await throttleLogin(app, email, user?.id, ip)
  if (input.password === undefined && input.otp === undefined)
    throw unprocessable({ password: 'required' }, 'The password or a code is required')
  if (input.otp !== undefined) await consumeAccountCode(app, email, input.otp)
  else if (!user || !(await verifyPassword(user.passwordHash, input.password!))) {
    await recordLoginFailure(app, email, ip, user?.id)
    throw unprocessable({ password: 'incorrectPassword' }, 'Incorrect e-mail or password')
  }
  if (!user) throw unprocessable({ email: 'notFound' }, 'No account is registered with this e-mail')
  if (user.closedAt) {
    if (user.closedBy !== 'self' || purgeAfterOf(user.closedAt) <= new Date())
      throw unprocessable({ email: 'reopenExpired' }, 'This account can no longer be reopened')
    const reopenedAt = new Date()
    await app.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ closedAt: null, closedBy: null, isActive: true })
        .where(and(eq(users.id, user.id), isNotNull(users.closedAt)))
      await tx.update(trainers).set({ isActive: true }).where(eq(trainers.userId, user.id))
      await tx.update(gyms).set({ isActive: true }).where(eq(gyms.ownerId, user.id))
      await tx
        .update(privacyRequests)
        .set({ status: 'done', handledAt: reopenedAt, note: 'reopened by the person' })
        .where(and(eq(privacyRequests.userId, user.id), eq(privacyRequests.kind, 'deletion'), eq(privacyRequests.status, 'open')))
      await recordAudit(tx, {
        action: 'account.reopen',
        actor: { id: user.id, email: user.email, role: user.role },
        ip,
        subjectType: 'user',
        subjectId: user.id,
      })
      await queuePrivacyMail(app, tx, 'reopened', user.email, { firstName: user.firstName, reopenedAt })
    })
  }
  if (input.password !== undefined) return login(app, { email, password: input.password }, 'email', ip)
  // Signed in with a code: the account must be usable like after a login.
  const [fresh] = await app.db.select().from(users).where(eq(users.id, user.id)).limit(1)
  if (!fresh.isActive) throw unprocessable({ email: 'inactive' }, 'This account is disabled')
  const pair = await startSession(app.db, app.tokens, fresh, app.config.REFRESH_TOKEN_TTL, ip)
  await recordAudit(app.db, {
    action: 'auth.login',
    actor: { id: fresh.id, email: fresh.email, role: fresh.role },
    ip,
    subjectType: 'user',
    subjectId: fresh.id,
    after: { via: 'code' },
  })
  return { ...pair, user: toUser(fresh) }
}

/**
 * Mails a code to reopen a closed account (clients sign in with codes). Always answers the same,
 * so the answer never tells whether an address has an account.
 */
export async function sendReopenCode(app: FastifyInstance, rawEmail: string) {
  const user = await findUserByEmail(app.db, normalizeEmail(rawEmail))
  if (user?.closedAt && user.closedBy === 'self' && purgeAfterOf(user.closedAt) > new Date()) await sendAccountCode(app, user.email)
  return { ok: true as const }
}
