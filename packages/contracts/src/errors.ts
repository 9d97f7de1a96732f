import { z } from 'zod'

import { SERVICE_ERROR_CODES } from './error-codes.ts'

export * from './error-codes.ts'

/** Every API error body (spec §8): one code per field in `errors`. */
export const ApiErrorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /**
   * A stable code for a refusal that is about the service, not a field (SERVICE_ERROR_CODES). An
   * open set in the document (decision 215): a new code is not a new major version, and a client
   * that does not know a code acts on the status alone.
   */
  code: z
    .string()
    .optional()
    .meta({
      description: `A stable code for a refusal about the service, not a field. Known today: ${SERVICE_ERROR_CODES.join(', ')}. New codes may be added at any time: act on the status alone for a code you do not know.`,
      examples: ['databaseUnavailable'],
    }),
})
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>

export const OkSchema = z.object({ ok: z.literal(true) })
