import { z } from 'zod'

export const PlanKeySchema = z.enum(['starter', 'growth', 'pro', 'business'])
export type PlanKey = z.infer<typeof PlanKeySchema>

/** One plan of the catalogue: the landing page, /precios and the sign-up cards all render these. */
export const PlanSchema = z.object({
  id: z.string(),
  key: PlanKeySchema,
  title: z.string(),
  description: z.string(),
  benefits: z.array(z.string()),
  /** Monthly price; null for plans priced by agreement (Business). */
  priceUsd: z.number().int().nullable(),
  /** Monthly price in Chilean pesos: the amount charged. */
  priceClp: z.number().int().nullable(),
  period: z.enum(['month']),
  /** Active clients included; null = by agreement. */
  clientLimit: z.number().int().nullable(),
  target: z.string(),
  popular: z.boolean(),
  purchasable: z.boolean(),
})
export type Plan = z.infer<typeof PlanSchema>

export const PlanListSchema = z.object({ data: z.array(PlanSchema) }).meta({
  examples: [
    {
      data: [
        {
          id: 'b7e6d5c4-3b2a-4190-8f7e-6d5c4b3a2910',
          key: 'starter',
          title: 'Starter',
          description: 'Para entrenadores que comienzan',
          benefits: ['Hasta 5 clientes', 'Cobros automáticos', 'App móvil'],
          priceUsd: 20,
          priceClp: 19000,
          period: 'month',
          clientLimit: 5,
          target: 'Entrenadores personales',
          popular: true,
          purchasable: true,
        },
      ],
    },
  ],
})
export type PlanList = z.infer<typeof PlanListSchema>
