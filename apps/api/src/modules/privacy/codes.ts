import { OTP_RESEND_COOLDOWN_SECONDS } from '@app/contracts'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { otpCodes } from '../../db/schema.ts'
import { unprocessable } from '../../errors.ts'
import { digestVerificationToken, latestCode, sendNewCode, verifyCode } from '../signup/service.ts'

/**
 * A code to an account's own address, for people who sign in with codes (clients): the existing
 * code service, with its cooldown (asked again while fresh, nothing is sent).
 */
export async function sendAccountCode(app: FastifyInstance, email: string) {
  const now = Date.now()
  const last = await latestCode(app.db, email)
  const cooldownEnds = last ? last.sentAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000 : 0
  if (last && !last.voidedAt && !last.consumedAt && last.expiresAt.getTime() > now && cooldownEnds > now) return
  await sendNewCode(app, email, now)
}

/** Checks and uses up a code of this address (five wrong tries void it, as everywhere). */
export async function consumeAccountCode(app: FastifyInstance, email: string, otp: string) {
  const verified = await verifyCode(app, email, otp)
  const consumed = await app.db
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpCodes.verificationTokenHash, digestVerificationToken(verified.verificationToken)), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id })
  if (!consumed.length) throw unprocessable({ otp: 'invalidOrExpired' }, 'The code is invalid or has expired')
}
