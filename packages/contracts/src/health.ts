import { z } from 'zod'

export const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
  uptime: z.number(),
})
export type Health = z.infer<typeof HealthSchema>
