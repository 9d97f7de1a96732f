import { BUSINESS_ROLES, type Login, type LoginResponse } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import { unprocessable } from '../../errors.ts'
import { auditInsert } from '../audit/service.ts'
import { revokeSignupTokensQuery } from './signup-tokens.ts'
import { sessions, signupTokens } from '../../db/schema.ts'
import { passwordQueue } from '../users/hashing.ts'
import { findUserByEmail, hashPassword, normalizeEmail, toUser, upgradePasswordHash, verifyPassword } from '../users/service.ts'
import { recordLoginFailure, throttleLogin } from './login-limits.ts'
import { newSession } from './sessions.ts'

// Verified against when the e-mail is unknown so that both answers take as long.
let dummyHash: Promise<string> | undefined
const getDummyHash = () =>
  (dummyHash ??= hashPassword('not-a-real-password').catch((err) => {
    dummyHash = undefined
    throw err
  }))

export async function login(app: FastifyInstance, input: Login, flavour: 'email' | 'business', ip: string): Promise<LoginResponse> {
  // Under a flood, refuse before any query: the database is shared with every other request.
  passwordQueue.assertRoom()
  const email = normalizeEmail(input.email)
  const user = await findUserByEmail(app.db, email)
  await throttleLogin(app, email, user?.id, ip)
  if (!user) {
    await verifyPassword(await getDummyHash(), input.password)
    await recordLoginFailure(app, email, ip)
    throw unprocessable({ email: 'notFound' }, 'No account is registered with this e-mail')
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordLoginFailure(app, email, ip, user.id)
    throw unprocessable({ password: 'incorrectPassword' }, 'Incorrect password')
  }
  // Issue 20: a closed account is reopened by POST /account/reopen (the web login offers it).
  if (user.closedAt) throw unprocessable({ email: 'accountClosed' }, 'This account is closed; it can be reopened within 90 days of closing')
  if (!user.isActive) throw unprocessable({ email: 'inactive' }, 'This account is disabled')
  if (flavour === 'business' && !BUSINESS_ROLES.includes(user.role)) {
    throw unprocessable(
      { email: 'notBusinessAccount' },
      'This account is not a business account. Trainers and clients sign in at /auth/login.',
    )
  }
  await upgradePasswordHash(app.db, user, input.password)
  const { row, pair } = await newSession(app.tokens, user, app.config.REFRESH_TOKEN_TTL, ip)
  // One statement, so one round trip and atomic without BEGIN/COMMIT: signing in ends the sign-up
  // flow (its token must not outlive the first real session), opens the session and records it.
  const db = app.db
  const revoked = db.$with('revoked_signup_tokens').as(revokeSignupTokensQuery(db, user.id, 'login').returning({ id: signupTokens.id }))
  const opened = db.$with('opened_session').as(db.insert(sessions).values(row).returning({ id: sessions.id }))
  await auditInsert(db.with(revoked, opened), {
    action: 'auth.login',
    actor: { id: user.id, email: user.email, role: user.role },
    ip,
    subjectType: 'user',
    subjectId: user.id,
    after: { via: flavour },
  })
  return { ...pair, user: toUser(user) }
}
