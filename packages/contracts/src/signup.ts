import { z } from 'zod'
import { EmailSchema, LanguageSchema, LoginResponseSchema } from './auth.ts'
import { OTP_LENGTH, SIGNUP_PASSWORD_MIN } from './constants.ts'
import { BirthDateSchema } from './privacy.ts'

export const OtpRequestSchema = z.strictObject({ email: EmailSchema }).meta({ examples: [{ email: 'ana.perez@example.com' }] })
export type OtpRequest = z.infer<typeof OtpRequestSchema>

export const OtpSentSchema = z
  .object({
    ok: z.literal(true),
    /** Seconds until another code may be sent. */
    resendAfterSeconds: z.number().int(),
    expiresInSeconds: z.number().int(),
  })
  .meta({ examples: [{ ok: true, resendAfterSeconds: 120, expiresInSeconds: 600 }] })
export type OtpSent = z.infer<typeof OtpSentSchema>

export const OtpVerifySchema = z
  .strictObject({
    email: EmailSchema,
    otp: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: 'invalidOrExpired' }),
  })
  .meta({ examples: [{ email: 'ana.perez@example.com', otp: '482913' }] })
export type OtpVerify = z.infer<typeof OtpVerifySchema>

/**
 * `verificationToken` proves to `POST /auth/email/register` that this caller read the code sent
 * to this e-mail: single use, bound to the e-mail, valid OTP_VERIFIED_WINDOW_SECONDS.
 */
export const OtpVerifiedSchema = z
  .object({
    ok: z.literal(true),
    verified: z.literal(true),
    verificationToken: z.string(),
    verificationTokenExpiresAt: z.string(),
  })
  .meta({
    examples: [
      {
        ok: true,
        verified: true,
        verificationToken: 'vt_6f1e2d3c4b5a69788796a5b4c3d2e1f0',
        verificationTokenExpiresAt: '2026-03-01T12:30:00.000Z',
      },
    ],
  })
export type OtpVerified = z.infer<typeof OtpVerifiedSchema>

/** One password rule as one regular expression (no flags): `new RegExp(pattern.source)` checks the same. */
const rule = <K extends string>(key: K, pattern: RegExp) => ({ key, pattern, test: (p: string) => pattern.test(p) })
/**
 * Trainer sign-up password: 8+ characters with lower case, upper case, a digit and a symbol (spec §5).
 * Each rule is a pattern so the web's prerendered sign-up page can check it before its app has
 * started: the source is in the checklist's markup (decision 205).
 */
export const PASSWORD_RULES = [
  rule('length', new RegExp(`^[\\s\\S]{${SIGNUP_PASSWORD_MIN},}$`)),
  rule('lower', /[a-z]/),
  rule('upper', /[A-Z]/),
  rule('digit', /\d/),
  rule('symbol', /[^A-Za-z0-9\s]/),
] as const
export type PasswordRule = (typeof PASSWORD_RULES)[number]['key']
export const isStrongPassword = (p: string) => PASSWORD_RULES.every((r) => r.test(p))

export const MemberRegistrationSchema = z
  .strictObject({
    email: EmailSchema,
    password: z.string().max(200).refine(isStrongPassword, { error: 'weakPassword' }),
    firstName: z.string().trim().min(1, { error: 'required' }).max(100),
    lastName: z.string().trim().min(1, { error: 'required' }).max(100),
    userType: z.literal('member'),
    /** Issue 20: at least MIN_AGE (16) today in Chile; registering accepts the current terms and privacy policy. */
    birthDate: BirthDateSchema,
    /** From `POST /auth/email/otp/verify` for this e-mail; used up by the registration. */
    verificationToken: z.string().trim().min(1, { error: 'required' }).max(200),
    /** The language of the registration screen: the account's language (decision 161). */
    language: LanguageSchema.optional(),
  })
  .meta({
    examples: [
      {
        email: 'ana.perez@example.com',
        password: 'Secreta#2026',
        firstName: 'Ana',
        lastName: 'Pérez',
        userType: 'member',
        birthDate: '1990-04-02',
        verificationToken: 'vt_6f1e2d3c4b5a69788796a5b4c3d2e1f0',
      },
    ],
  })
export type MemberRegistration = z.infer<typeof MemberRegistrationSchema>

/**
 * `signupToken` proves, until the trainer signs in, that the caller is the user who just
 * registered (docs/decisions/030). Sent as the bearer token of the checkout and payout calls.
 */
export const MemberRegisteredSchema = z
  .object({
    id: z.string(),
    signupToken: z.string(),
    signupTokenExpiresAt: z.string(),
  })
  .meta({
    examples: [
      {
        id: '8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e',
        signupToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4ZDNjIiwidHlwIjoic2lnbnVwIn0.c2ln',
        signupTokenExpiresAt: '2026-03-02T12:00:00.000Z',
      },
    ],
  })
export type MemberRegistered = z.infer<typeof MemberRegisteredSchema>

/**
 * POST /auth/signup/complete (issue 23, point 9): called with the flow's signup token, the token is
 * spent and a session answered, so the trainer reaches the dashboard without typing the password
 * again; called with a session, nothing new is answered (`session: null`).
 */
export const SignupCompletedSchema = z
  .object({ ok: z.literal(true), session: LoginResponseSchema.nullable() })
  .meta({ examples: [{ ok: true, session: null }] })
export type SignupCompleted = z.infer<typeof SignupCompletedSchema>

export const UserLookupQuerySchema = z.object({ email: EmailSchema })
export const UserLookupSchema = z
  .object({ id: z.string(), isActive: z.boolean() })
  .meta({ examples: [{ id: '8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e', isActive: true }] })
export type UserLookup = z.infer<typeof UserLookupSchema>
