import { z } from 'zod'

import { SERVICE_ERROR_CODES } from './error-codes.ts'

export * from './error-codes.ts'

/** Every API error body (spec §8): one code per field in `errors`. */
export const ApiErrorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** A stable code for a refusal that is about the service, not a field (SERVICE_ERROR_CODES). */
  code: z.enum(SERVICE_ERROR_CODES).optional(),
})
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>

export const OkSchema = z.object({ ok: z.literal(true) })
