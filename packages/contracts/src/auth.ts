import { z } from 'zod'

export const RoleSchema = z.enum(['member', 'trainer', 'gym_owner', 'admin', 'platform_admin'])
export type Role = z.infer<typeof RoleSchema>

/** The languages of screens and mails; an account stores the one it registered in (decision 161). */
export const LanguageSchema = z.enum(['es', 'en'], { error: 'invalid' })
export type AccountLanguage = z.infer<typeof LanguageSchema>

export const EmailSchema = z.string().trim().toLowerCase().min(1).max(254).pipe(z.email())

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: RoleSchema,
    isActive: z.boolean(),
    /** Whether the person proved they read this address (a code or a confirmation link). */
    emailVerified: z.boolean(),
    /** The language of this person's screens and mails (set at registration). */
    language: LanguageSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    examples: [
      {
        id: '8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e',
        email: 'ana.perez@example.com',
        firstName: 'Ana',
        lastName: 'Pérez',
        role: 'trainer',
        isActive: true,
        emailVerified: true,
        language: 'es',
        createdAt: '2026-03-01T12:00:00.000Z',
        updatedAt: '2026-03-01T12:00:00.000Z',
      },
    ],
  })
export type User = z.infer<typeof UserSchema>

export const LoginSchema = z
  .strictObject({
    email: EmailSchema,
    password: z.string().min(1).max(200),
  })
  .meta({ examples: [{ email: 'ana.perez@example.com', password: 'Secreta#2026' }] })
export type Login = z.infer<typeof LoginSchema>

export const TokenPairSchema = z
  .object({
    token: z.string(),
    refreshToken: z.string(),
  })
  .meta({
    examples: [
      {
        token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4ZDNjIn0.c2lnbmF0dXJl',
        refreshToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJhMWIyIn0.c2lnbmF0dXJl',
      },
    ],
  })
export type TokenPair = z.infer<typeof TokenPairSchema>

export const LoginResponseSchema = TokenPairSchema.extend({ user: UserSchema }).meta({
  examples: [
    {
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4ZDNjIn0.c2lnbmF0dXJl',
      refreshToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJhMWIyIn0.c2lnbmF0dXJl',
      user: {
        id: '8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e',
        email: 'ana.perez@example.com',
        firstName: 'Ana',
        lastName: 'Pérez',
        role: 'trainer',
        isActive: true,
        emailVerified: true,
        language: 'es',
        createdAt: '2026-03-01T12:00:00.000Z',
        updatedAt: '2026-03-01T12:00:00.000Z',
      },
    },
  ],
})
export type LoginResponse = z.infer<typeof LoginResponseSchema>

/** POST /auth/email/verification/confirm: the code mailed to the signed-in user's own address. */
export const EmailVerificationConfirmSchema = z.strictObject({
  otp: z
    .string({ error: 'required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'invalidOrExpired' }),
})
export type EmailVerificationConfirm = z.infer<typeof EmailVerificationConfirmSchema>

/** POST /auth/email-change/confirm: the token of the link mailed to the new address. */
export const EmailChangeConfirmSchema = z.strictObject({
  token: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'invalidOrExpired' }),
})
export type EmailChangeConfirm = z.infer<typeof EmailChangeConfirmSchema>

export const EmailChangeConfirmedSchema = z.object({ ok: z.literal(true), email: z.string() })
export type EmailChangeConfirmed = z.infer<typeof EmailChangeConfirmedSchema>
