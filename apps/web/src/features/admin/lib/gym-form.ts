import {
  AdminBusinessUpdateSchema,
  AdminReasonSchema,
  CommissionRatesSchema,
  SubscriptionPlanSchema,
  type AdminBusiness,
  type CommissionRates,
} from '@app/contracts'
import { z } from 'zod'

const RATE_FIELDS = ['trainer', 'gym', 'platform'] as const
/** A percentage as typed ("35.5"); the API takes thousandths of one (0.355). */
const PercentSchema = z.string().trim().min(1, { error: 'required' })

const toRate = (percent: string) => Math.round(Number(percent.replace(',', '.')) * 10) / 1000

/**
 * The gym form: plan, the split in percentages and a required reason. It sends only what changed,
 * through the contract's own schema (so "nothing changed" is the API's `nothingToChange`), and the
 * split must sum to 100% (`mustSumToOne` on `commissionRates`) before anything is sent.
 */
export function gymFormSchema(business: Pick<AdminBusiness, 'subscriptionPlan' | 'centralBilling'>) {
  const current = business.centralBilling.commissionRates
  return z
    .object({
      subscriptionPlan: SubscriptionPlanSchema,
      trainer: PercentSchema,
      gym: PercentSchema,
      platform: PercentSchema,
      reason: AdminReasonSchema,
    })
    .superRefine((v, ctx) => {
      for (const field of RATE_FIELDS) {
        const n = Number(v[field].replace(',', '.'))
        if (!Number.isFinite(n) || n < 0 || n > 100) ctx.addIssue({ code: 'custom', message: 'invalid', path: [field] })
      }
      const rates = { trainer: toRate(v.trainer), gym: toRate(v.gym), platform: toRate(v.platform) }
      if (!CommissionRatesSchema.safeParse(rates).success)
        ctx.addIssue({ code: 'custom', message: 'mustSumToOne', path: ['commissionRates'] })
    })
    .transform((v): z.input<typeof AdminBusinessUpdateSchema> => {
      const rates: CommissionRates = { trainer: toRate(v.trainer), gym: toRate(v.gym), platform: toRate(v.platform) }
      const sameSplit = RATE_FIELDS.every((field) => Math.round(rates[field] * 1000) === Math.round(current[field] * 1000))
      return {
        subscriptionPlan: v.subscriptionPlan === business.subscriptionPlan ? undefined : v.subscriptionPlan,
        commissionRates: sameSplit ? undefined : rates,
        reason: v.reason,
      }
    })
    .pipe(AdminBusinessUpdateSchema)
}

export type GymFormInput = z.input<ReturnType<typeof gymFormSchema>>
