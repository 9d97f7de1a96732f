import { OTP_RESEND_COOLDOWN_SECONDS, type LoginResponse, type OtpSent, type OtpVerify } from '@app/contracts'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { otpCodes } from '../../db/schema.ts'
import { unprocessable } from '../../errors.ts'
import { recordAudit } from '../audit/service.ts'
import { startSession } from '../auth/sessions.ts'
import { digestVerificationToken, latestCode, sendNewCode, verifyCode } from '../signup/service.ts'
import { findUserByEmail, normalizeEmail, toUser } from '../users/service.ts'

const invalidOrExpired = () => unprocessable({ otp: 'invalidOrExpired' }, 'The code is invalid or has expired')

/** A client account: role member, active. Trainers, owners and admins sign in with their password. */
async function clientAccount(app: FastifyInstance, email: string) {
  const user = await findUserByEmail(app.db, email)
  return user && user.role === 'member' && user.isActive ? user : undefined
}

/**
 * Mails a sign-in code to a client account (the sign-up's code service). The answer is the same
 * whether or not the address has a client account, so it tells nobody who is a client; without one
 * nothing is sent. Asked again while the last code is fresh it sends nothing.
 */
export async function sendClientCode(app: FastifyInstance, rawEmail: string): Promise<OtpSent> {
  const email = normalizeEmail(rawEmail)
  const now = Date.now()
  const quiet: OtpSent = { ok: true, resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS, expiresInSeconds: 600 }
  if (!(await clientAccount(app, email))) return quiet
  const last = await latestCode(app.db, email)
  const cooldownEnds = last ? last.sentAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000 : 0
  if (last && !last.voidedAt && !last.consumedAt && last.expiresAt.getTime() > now && cooldownEnds > now) {
    return {
      ok: true,
      resendAfterSeconds: Math.ceil((cooldownEnds - now) / 1000),
      expiresInSeconds: Math.ceil((last.expiresAt.getTime() - now) / 1000),
    }
  }
  return sendNewCode(app, email, now)
}

/** The code of sendClientCode opens a session; the code is used up with it (single use). */
export async function loginWithClientCode(app: FastifyInstance, input: OtpVerify, ip: string): Promise<LoginResponse> {
  const email = normalizeEmail(input.email)
  const user = await clientAccount(app, email)
  if (!user) throw invalidOrExpired()
  const verified = await verifyCode(app, email, input.otp)
  return app.db.transaction(async (tx) => {
    const consumed = await tx
      .update(otpCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(otpCodes.verificationTokenHash, digestVerificationToken(verified.verificationToken)), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id })
    if (consumed.length === 0) throw invalidOrExpired()
    const pair = await startSession(tx, app.tokens, user, app.config.REFRESH_TOKEN_TTL, ip)
    await recordAudit(tx, {
      action: 'auth.login',
      actor: { id: user.id, email: user.email, role: user.role },
      ip,
      subjectType: 'user',
      subjectId: user.id,
      after: { via: 'client-code' },
    })
    return { ...pair, user: toUser(user) }
  })
}
