import { z } from 'zod'

// Issue 21: reviews of trainers by clients who attended a session (decision 145).

export const REVIEW_PAGE_SIZE = { default: 20, max: 50 } as const

export const ReviewInputSchema = z.strictObject({
  rating: z.number({ error: 'required' }).int({ error: 'invalidType' }).min(1, { error: 'tooSmall' }).max(5, { error: 'tooBig' }),
  body: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(2000, { error: 'tooLong' }),
})
export type ReviewInput = z.infer<typeof ReviewInputSchema>

export const ReviewReplyInputSchema = z.strictObject({
  reply: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(2000, { error: 'tooLong' }),
})

export const ReviewSchema = z
  .object({
    id: z.string(),
    trainerId: z.string(),
    /** First name and initial only: clients are not exposed in full. */
    author: z.string(),
    rating: z.number().int(),
    body: z.string(),
    reply: z.string().nullable(),
    repliedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    example: {
      id: '4d1c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      trainerId: '7b0c6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      author: 'Carla C.',
      rating: 5,
      body: 'Excelente, muy puntual.',
      reply: '¡Gracias Carla!',
      repliedAt: '2026-11-26T12:00:00.000Z',
      createdAt: '2026-11-25T12:00:00.000Z',
      updatedAt: '2026-11-25T12:00:00.000Z',
    },
  })
export type Review = z.infer<typeof ReviewSchema>
export const ReviewPageSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  data: z.array(ReviewSchema),
  nextCursor: z.string().nullable(),
})
export type ReviewPage = z.infer<typeof ReviewPageSchema>

export const ReviewListQuerySchema = z.object({
  cursor: z.string({ error: 'invalidType' }).max(200, { error: 'invalid' }).optional(),
  limit: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(REVIEW_PAGE_SIZE.max, { error: 'invalid' })
    .default(REVIEW_PAGE_SIZE.default),
})

/** The operator console's view: hidden ones included, with who wrote it and why it is hidden. */
export const AdminReviewSchema = ReviewSchema.extend({
  clientEmail: z.string(),
  trainerName: z.string(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  hiddenAt: z.string().nullable(),
}).meta({
  example: {
    ...(ReviewSchema.meta()?.example as object),
    clientEmail: 'carla@example.com',
    trainerName: 'Camila Rojas',
    hidden: true,
    hiddenReason: 'Lenguaje ofensivo',
    hiddenAt: '2026-11-26T12:00:00.000Z',
  },
})
export type AdminReview = z.infer<typeof AdminReviewSchema>
export const AdminReviewPageSchema = z.object({ data: z.array(AdminReviewSchema), nextCursor: z.string().nullable() })
export type AdminReviewPage = z.infer<typeof AdminReviewPageSchema>
export const AdminReviewQuerySchema = ReviewListQuerySchema.extend({
  state: z.enum(['all', 'visible', 'hidden'], { error: 'invalid' }).default('all'),
})
export const ReviewHideInputSchema = z.strictObject({
  reason: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(500, { error: 'tooLong' }),
})
