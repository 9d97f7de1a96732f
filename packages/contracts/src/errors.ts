import { z } from 'zod'

/** Every API error body (spec §8): one code per field in `errors`. */
export const ApiErrorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
})
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>

/** Field codes the web app understands (spec §8). */
export const ErrorCode = {
  required: 'required',
  mustBeNotEmpty: 'mustBeNotEmpty',
  notFound: 'notFound',
  notExists: 'notExists',
  emailAlreadyExists: 'emailAlreadyExists',
  incorrectPassword: 'incorrectPassword',
  invalidOrExpired: 'invalidOrExpired',
  invalidHash: 'invalidHash',
  userNotFound: 'userNotFound',
  notBusinessAccount: 'notBusinessAccount',
  inactive: 'inactive',
  invalid: 'invalid',
  tooShort: 'tooShort',
  tooLong: 'tooLong',
  invalidEmail: 'invalidEmail',
  invalidType: 'invalidType',
  unknownField: 'unknownField',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

export const OkSchema = z.object({ ok: z.literal(true) })
