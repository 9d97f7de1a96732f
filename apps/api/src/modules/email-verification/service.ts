import { OTP_RESEND_COOLDOWN_SECONDS, type OtpSent, type User } from '@app/contracts'
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { mailOutbox, otpCodes, users } from '../../db/schema.ts'
import { tooManyRequests, unauthorized, unprocessable } from '../../errors.ts'
import { latestCode, sendNewCode, verifyCode } from '../signup/service.ts'
import { findUserById, normalizeEmail, toUser } from '../users/service.ts'
import { userChanged } from '../../plugins/session-cache.ts'

/**
 * Mail this user causes to be sent to someone else (a trainer's welcome, an e-mail change) is
 * held while their own address is unverified: the answer is the id to hold it for, or null.
 */
export async function holdThirdPartyMailFor(tx: Tx, senderId: string): Promise<string | null> {
  const [row] = await tx.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, senderId)).limit(1)
  return row && row.verifiedAt === null ? senderId : null
}

/** Held mail of this user goes out (status pending); call in the transaction that verifies them. */
export async function releaseHeldMail(tx: Tx, userId: string): Promise<number> {
  const rows = await tx
    .update(mailOutbox)
    .set({ status: 'pending', nextAttemptAt: new Date() })
    .where(and(eq(mailOutbox.heldForUserId, userId), eq(mailOutbox.status, 'held')))
    .returning({ id: mailOutbox.id })
  return rows.length
}

/**
 * Mails the signed-in user a six-digit code for their own address (the signup code service:
 * 10 minutes, five tries). A second request within 120 s of the last code answers 429.
 */
export async function sendVerificationCode(app: FastifyInstance, userId: string): Promise<OtpSent> {
  const user = await findUserById(app.db, userId)
  if (!user) throw unauthorized('Session expired')
  if (user.emailVerifiedAt) throw unprocessable({ email: 'alreadyVerified' }, 'This e-mail address is already verified')
  const email = normalizeEmail(user.email)
  const now = Date.now()
  const last = await latestCode(app.db, email)
  if (last) {
    const cooldownEnds = last.sentAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000
    if (cooldownEnds > now) {
      const wait = Math.ceil((cooldownEnds - now) / 1000)
      throw tooManyRequests(`A new code can be sent in ${wait} seconds`, wait)
    }
  }
  return sendNewCode(app, email, now, user.language)
}

/**
 * Checks the code against the user's current address; on success the address is verified and
 * the mail held for this user is released, in one transaction. Already verified: answers as is.
 */
export async function confirmVerificationCode(app: FastifyInstance, userId: string, otp: string): Promise<User> {
  const user = await findUserById(app.db, userId)
  if (!user) throw unauthorized('Session expired')
  if (user.emailVerifiedAt) return toUser(user)
  const email = normalizeEmail(user.email)
  await verifyCode(app, email, otp)
  return app.db.transaction(async (tx) => {
    const now = new Date()
    // The code is used up: it cannot verify anything else afterwards.
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.email, email), isNull(otpCodes.consumedAt), isNotNull(otpCodes.verifiedAt)))
    // Bound to the address the code went to: an e-mail changed meanwhile is not verified by it.
    const [row] = await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, user.id), eq(users.email, user.email)))
      .returning()
    if (!row) throw unprocessable({ otp: 'invalidOrExpired' }, 'The code is invalid or has expired')
    await releaseHeldMail(tx, user.id)
    await userChanged(tx, user.id)
    return toUser(row)
  })
}
