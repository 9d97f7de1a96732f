import { z } from 'zod'
import { BusinessSchema, CommissionRatesSchema, SubscriptionPlanSchema } from './business.ts'

/**
 * PATCH /admin/businesses/{id} (platform_admin only): the plan and the commission split are
 * decided here and nowhere else; every change is written to the audit log with its reason.
 */
export const AdminBusinessUpdateSchema = z
  .strictObject({
    subscriptionPlan: SubscriptionPlanSchema.optional(),
    commissionRates: CommissionRatesSchema.optional(),
    reason: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(500, { error: 'tooLong' }),
  })
  .refine((v) => v.subscriptionPlan !== undefined || v.commissionRates !== undefined, { error: 'nothingToChange', path: ['subscriptionPlan'] })
export type AdminBusinessUpdate = z.infer<typeof AdminBusinessUpdateSchema>

export const AdminBusinessListQuerySchema = z.object({
  page: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(100_000, { error: 'invalid' }).default(1),
  pageSize: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(100, { error: 'invalid' }).default(20),
})
export type AdminBusinessListQuery = z.infer<typeof AdminBusinessListQuerySchema>

export const AdminBusinessSchema = BusinessSchema.extend({
  owner: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  createdAt: z.string(),
})
export type AdminBusiness = z.infer<typeof AdminBusinessSchema>

export const AdminBusinessListSchema = z.object({
  data: z.array(AdminBusinessSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
})
export type AdminBusinessList = z.infer<typeof AdminBusinessListSchema>
