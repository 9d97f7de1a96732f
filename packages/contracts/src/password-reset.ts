import { z } from 'zod'
import { EmailSchema } from './auth.ts'
import { RESET_PASSWORD_MIN } from './constants.ts'

/** POST /auth/forgot/password */
export const ForgotPasswordSchema = z.strictObject({ email: EmailSchema })
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>

/** POST /auth/reset/password: `hash` is the token of the e-mailed link. */
export const ResetPasswordSchema = z.strictObject({
  hash: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'invalidHash' }),
  password: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .min(RESET_PASSWORD_MIN, { error: 'tooShort' })
    .max(200, { error: 'tooLong' }),
})
export type ResetPassword = z.infer<typeof ResetPasswordSchema>

export const ForgotPasswordResponseSchema = z.object({ ok: z.literal(true), message: z.string() })
