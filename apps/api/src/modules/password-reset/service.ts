import { PASSWORD_RESET_TTL_MINUTES, type ForgotPassword, type ResetPassword } from '@app/contracts'
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { createHash, randomBytes } from 'node:crypto'
import { passwordResets, users } from '../../db/schema.ts'
import { unprocessable } from '../../errors.ts'
import { mailText } from '../../mail/texts.ts'
import { recordAudit } from '../audit/service.ts'
import { revokeUserSessions } from '../auth/sessions.ts'
import { revokeSignupTokens } from '../auth/signup-tokens.ts'
import { releaseHeldMail } from '../email-verification/service.ts'
import { findUserByEmail, hashPassword } from '../users/service.ts'

/** Only this digest is stored: a copy of the table cannot be used to reset anyone's password. */
export const digestToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * At most this many reset mails reach one account per hour, whoever asks. Beyond it a request gets
 * the same answer, but no link is made or mailed and the last one keeps working: a stranger can
 * neither flood the inbox nor void the link its owner is about to use.
 */
export const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 5

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this e-mail, we have sent a link to reset its password.'

/**
 * Mails a single-use reset link valid for PASSWORD_RESET_TTL_MINUTES. The answer is the same
 * whether or not the e-mail has an account, so it cannot be used to find out who is registered.
 */
export async function requestPasswordReset(app: FastifyInstance, input: ForgotPassword): Promise<void> {
  const user = await findUserByEmail(app.db, input.email)
  if (!user || !user.isActive) return
  const [recent] = await app.db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(Date.now() - 3600_000))))
  if (recent.n >= RESET_MAILS_PER_ACCOUNT_PER_HOUR) return
  const token = randomBytes(32).toString('base64url')
  const link = `${app.config.APP_URL}/recuperar-password?hash=${token}`
  await app.db.transaction(async (tx) => {
    // Only the newest link works: requesting again voids the earlier ones.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)))
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: digestToken(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    })
    await app.mailer.enqueue(tx, {
      to: user.email,
      ...mailText('passwordReset', user.language, { firstName: user.firstName, link, minutes: PASSWORD_RESET_TTL_MINUTES }),
      secrets: [link, token],
    })
  })
}

const invalidHash = () => unprocessable({ hash: 'invalidHash' }, 'This password reset link is invalid or has expired. Request a new one.')

/** Sets the new password, uses up the link and signs the account out everywhere, in one transaction. */
export async function resetPassword(app: FastifyInstance, input: ResetPassword, ip: string): Promise<void> {
  const tokenHash = digestToken(input.hash)
  const usable = () => and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()))
  // The link is checked before the password is hashed: a made-up link costs no argon2 work.
  const [candidate] = await app.db.select({ id: passwordResets.id }).from(passwordResets).where(usable()).limit(1)
  if (!candidate) throw invalidHash()
  const passwordHash = await hashPassword(input.password)
  await app.db.transaction(async (tx) => {
    // The conditional update claims the link: of two concurrent resets only one gets the row.
    const [reset] = await tx.update(passwordResets).set({ usedAt: new Date() }).where(usable()).returning({ userId: passwordResets.userId })
    if (!reset) throw invalidHash()
    // Opening the mailed link proves the address: an owner-created account reclaimed this way is verified.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, reset.userId), eq(users.isActive, true)))
      .returning({ id: users.id, email: users.email, role: users.role })
    if (!user) throw invalidHash()
    await releaseHeldMail(tx, user.id)
    const actor = { id: user.id, email: user.email, role: user.role }
    await recordAudit(tx, { action: 'auth.password_reset', actor, ip, subjectType: 'user', subjectId: user.id })
    await revokeUserSessions(tx, user.id, 'password reset', { actor, ip })
    await revokeSignupTokens(tx, user.id, 'password reset')
  })
}
