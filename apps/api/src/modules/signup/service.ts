import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
  OTP_VERIFIED_WINDOW_SECONDS,
  type MemberRegistered,
  type MemberRegistration,
  type OtpSent,
  type OtpVerified,
  type SignupCompleted,
} from '@app/contracts'
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { assertOldEnough } from '../privacy/age.ts'
import { recordConsents, signupConsents } from '../privacy/consents.ts'
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Tx } from '../../db/client.ts'
import { otpCodes, signupTokens, users } from '../../db/schema.ts'
import { tooManyRequests, unprocessable } from '../../errors.ts'
import { mailText, type MailLanguage } from '../../mail/texts.ts'
import { findUserByEmail, findUserById, hashPassword, insertUser, normalizeEmail, toUser } from '../users/service.ts'
import { recordAudit } from '../audit/service.ts'
import { startSession } from '../auth/sessions.ts'
import { revokeSignupTokensQuery, signSignupToken } from '../auth/signup-tokens.ts'

/**
 * At most this many code mails reach one inbox per hour, whoever asks. Beyond it a request gets
 * the same answer but nothing is sent and the last code stays valid, so a stranger can neither
 * flood the inbox nor keep its owner from using the code they already have.
 */
export const CODE_MAILS_PER_INBOX_PER_HOUR = 8

type OtpRow = typeof otpCodes.$inferSelect

const invalidOrExpired = () => unprocessable({ otp: 'invalidOrExpired' }, 'The code is invalid or has expired')
const secondsLeft = (until: number, now: number) => Math.max(0, Math.ceil((until - now) / 1000))

/** Codes are kept only as a keyed hash bound to the e-mail. */
export function hashCode(secret: string, email: string, code: string) {
  return createHmac('sha256', secret)
    .update(`otp:${normalizeEmail(email)}:${code}`)
    .digest('hex')
}

export async function latestCode(db: Tx, email: string): Promise<OtpRow | undefined> {
  const [row] = await db.select().from(otpCodes).where(eq(otpCodes.email, email)).orderBy(desc(otpCodes.sentAt)).limit(1)
  return row
}

const isUsable = (row: OtpRow, now: number) => !row.voidedAt && !row.consumedAt && row.expiresAt.getTime() > now

async function refuseRegisteredEmail(db: Tx, email: string) {
  const user = await findUserByEmail(db, email)
  if (user) throw unprocessable({ email: 'emailAlreadyExists' }, 'This e-mail is already registered')
}

/** Mails a new code, in `language`: the account's, or the sign-up screen's (Spanish) before there is one. */
export async function sendNewCode(app: FastifyInstance, email: string, now: number, language: MailLanguage = 'es'): Promise<OtpSent> {
  const sent: OtpSent = { ok: true, resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS, expiresInSeconds: OTP_TTL_SECONDS }
  const [recent] = await app.db
    .select({ n: count() })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), gt(otpCodes.sentAt, new Date(now - 3600_000))))
  if (recent.n >= CODE_MAILS_PER_INBOX_PER_HOUR) return sent
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await app.db.transaction(async (tx) => {
    // A new code replaces every earlier one.
    await tx
      .update(otpCodes)
      .set({ voidedAt: new Date(now) })
      .where(and(eq(otpCodes.email, email), isNull(otpCodes.voidedAt), isNull(otpCodes.consumedAt)))
    await tx.insert(otpCodes).values({
      email,
      codeHash: hashCode(app.config.JWT_ACCESS_SECRET, email, code),
      expiresAt: new Date(now + OTP_TTL_SECONDS * 1000),
      sentAt: new Date(now),
    })
    await app.mailer.enqueue(tx, {
      to: email,
      ...mailText('signupCode', language, { code, minutes: OTP_TTL_SECONDS / 60 }),
      secrets: [code],
    })
  })
  return sent
}

/**
 * Sends a code. Asked again while the last code is still fresh (e.g. the form submitted twice),
 * it answers the same without sending another mail: only `resend` may replace a code, after 120 s.
 */
export async function generateCode(app: FastifyInstance, rawEmail: string): Promise<OtpSent> {
  const email = normalizeEmail(rawEmail)
  const now = Date.now()
  await refuseRegisteredEmail(app.db, email)
  const last = await latestCode(app.db, email)
  const cooldownEnds = last ? last.sentAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000 : 0
  if (last && isUsable(last, now) && cooldownEnds > now) {
    return { ok: true, resendAfterSeconds: secondsLeft(cooldownEnds, now), expiresInSeconds: secondsLeft(last.expiresAt.getTime(), now) }
  }
  return sendNewCode(app, email, now)
}

/** A new code, refused (429) until 120 s after the last one was sent. */
export async function resendCode(app: FastifyInstance, rawEmail: string): Promise<OtpSent> {
  const email = normalizeEmail(rawEmail)
  const now = Date.now()
  await refuseRegisteredEmail(app.db, email)
  const last = await latestCode(app.db, email)
  if (last) {
    const cooldownEnds = last.sentAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000
    if (cooldownEnds > now) {
      const wait = secondsLeft(cooldownEnds, now)
      throw tooManyRequests(`A new code can be sent in ${wait} seconds`, wait)
    }
  }
  return sendNewCode(app, email, now)
}

/** Only this digest of a verification token is stored. */
export const digestVerificationToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Checks a code; five wrong tries void it. The right code answers a single-use verification
 * token bound to this e-mail, which registration requires (issue 9, item 3): knowing that an
 * address was verified is no longer enough to register it.
 */
export async function verifyCode(app: FastifyInstance, rawEmail: string, otp: string): Promise<OtpVerified> {
  const email = normalizeEmail(rawEmail)
  const now = Date.now()
  const last = await latestCode(app.db, email)
  if (!last || !isUsable(last, now) || last.attempts >= OTP_MAX_ATTEMPTS) throw invalidOrExpired()

  const expected = Buffer.from(last.codeHash, 'hex')
  const given = Buffer.from(hashCode(app.config.JWT_ACCESS_SECRET, email, otp), 'hex')
  if (!timingSafeEqual(expected, given)) {
    // Counted atomically so that parallel guesses cannot exceed the limit.
    await app.db
      .update(otpCodes)
      .set({
        attempts: sql`${otpCodes.attempts} + 1`,
        voidedAt: sql`case when ${otpCodes.attempts} + 1 >= ${OTP_MAX_ATTEMPTS} then ${new Date(now).toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(otpCodes.id, last.id), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)))
    throw invalidOrExpired()
  }
  // Verifying the same code again issues a new token and voids the previous one.
  const verificationToken = randomBytes(32).toString('base64url')
  const [done] = await app.db
    .update(otpCodes)
    .set({ verifiedAt: last.verifiedAt ?? new Date(now), verificationTokenHash: digestVerificationToken(verificationToken) })
    .where(and(eq(otpCodes.id, last.id), isNull(otpCodes.voidedAt), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)))
    .returning({ verifiedAt: otpCodes.verifiedAt })
  if (!done?.verifiedAt) throw invalidOrExpired()
  const expiresAt = new Date(done.verifiedAt.getTime() + OTP_VERIFIED_WINDOW_SECONDS * 1000)
  return { ok: true, verified: true, verificationToken, verificationTokenExpiresAt: expiresAt.toISOString() }
}

const invalidVerificationToken = () => unprocessable({ verificationToken: 'invalidOrExpired' }, 'Verify the e-mail with a code first')

/**
 * Registers a member with the verification token `otp/verify` answered for this e-mail. The token
 * is used up in the same transaction as the insert: it registers one account, once.
 */
export async function registerMember(app: FastifyInstance, input: MemberRegistration, ip: string | null = null): Promise<MemberRegistered> {
  const email = normalizeEmail(input.email)
  assertOldEnough(input.birthDate)
  const tokenHash = digestVerificationToken(input.verificationToken)
  const usable = (now: number) =>
    and(
      eq(otpCodes.verificationTokenHash, tokenHash),
      eq(otpCodes.email, email),
      isNull(otpCodes.consumedAt),
      gt(otpCodes.verifiedAt, new Date(now - OTP_VERIFIED_WINDOW_SECONDS * 1000)),
    )
  // Checked before the password is hashed, so that bad tokens cost no argon2 work.
  const [candidate] = await app.db.select({ id: otpCodes.id }).from(otpCodes).where(usable(Date.now())).limit(1)
  if (!candidate) throw invalidVerificationToken()
  const passwordHash = await hashPassword(input.password)

  const { user, signup } = await app.db.transaction(async (tx) => {
    const now = Date.now()
    const consumed = await tx
      .update(otpCodes)
      .set({ consumedAt: new Date(now) })
      .where(usable(now))
      .returning({ id: otpCodes.id })
    if (consumed.length === 0) throw invalidVerificationToken()
    const row = await insertUser(tx, {
      email,
      password: input.password,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'member',
      language: input.language,
    })
    if (!row) throw unprocessable({ email: 'emailAlreadyExists' }, 'This e-mail is already registered')
    // The code proved the address; registering accepts the terms and privacy policy shown on the form.
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(now), birthDate: input.birthDate })
      .where(eq(users.id, row.id))
    await recordConsents(tx, signupConsents(row.id, 'trainer-signup', ip))
    return { user: row, signup: await signSignupToken(app, row.id, tx) }
  })
  return { id: user.id, signupToken: signup.token, signupTokenExpiresAt: signup.expiresAt.toISOString() }
}

/**
 * The end of the sign-up flow (decision 030, issue 23 point 9). Its signup token is revoked; when
 * the caller came with that token (not with a session), a session is opened in the same
 * transaction, so the trainer lands on the dashboard without typing the password again. Only the
 * request that revokes a live token gets a session: a second call with the same token, or one
 * racing with it, gets none.
 */
export async function completeSignup(
  app: FastifyInstance,
  flowUser: { id: string; via: 'signup' | 'session' },
  ip: string,
): Promise<SignupCompleted> {
  return app.db.transaction(async (tx) => {
    const revoked = await revokeSignupTokensQuery(tx, flowUser.id, 'sign-up complete').returning({ id: signupTokens.id })
    if (flowUser.via !== 'signup' || revoked.length === 0) return { ok: true as const, session: null }
    const user = await findUserById(tx, flowUser.id)
    if (!user || !user.isActive || user.closedAt) return { ok: true as const, session: null }
    const pair = await startSession(tx, app.tokens, user, app.config.REFRESH_TOKEN_TTL, ip)
    await recordAudit(tx, {
      action: 'auth.login',
      actor: { id: user.id, email: user.email, role: user.role },
      ip,
      subjectType: 'user',
      subjectId: user.id,
      after: { via: 'sign-up' },
    })
    return { ok: true as const, session: { ...pair, user: toUser(user) } }
  })
}
