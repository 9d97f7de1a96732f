import { z } from 'zod'

export * from './error-codes.ts'

/** Every API error body (spec §8): one code per field in `errors`. */
export const ApiErrorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
})
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>

export const OkSchema = z.object({ ok: z.literal(true) })
