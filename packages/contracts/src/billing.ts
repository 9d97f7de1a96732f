import { z } from 'zod'
import { SUBSCRIPTION_STATES } from './constants.ts'
import { PlanKeySchema } from './plans.ts'

export const CheckoutRequestSchema = z.strictObject({
  planId: z.string().trim().min(1, { error: 'required' }),
  planKey: PlanKeySchema,
  customerEmail: z.string().trim().toLowerCase().pipe(z.email()),
  userId: z.string().trim().min(1, { error: 'required' }),
  successRedirect: z.string().trim().min(1, { error: 'required' }).max(2000),
  cancelRedirect: z.string().trim().min(1, { error: 'required' }).max(2000),
})
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>

export const CheckoutCreatedSchema = z
  .object({ url: z.string() })
  .meta({ examples: [{ url: 'https://pay.example.com/checkout/cs_test_a1b2c3' }] })
export type CheckoutCreated = z.infer<typeof CheckoutCreatedSchema>

export const CheckoutStatusSchema = z.object({
  paymentStatus: z.enum(['unpaid', 'paid', 'no_payment_required']),
  status: z.enum(['open', 'complete', 'expired']),
})
export type CheckoutStatus = z.infer<typeof CheckoutStatusSchema>

export const SubscriptionStateSchema = z.enum(SUBSCRIPTION_STATES)
export type SubscriptionState = z.infer<typeof SubscriptionStateSchema>

/** `hasActiveSubscription` is the spec's field; the rest feeds the trainer dashboard. */
export const SubscriptionStatusSchema = z.object({
  hasActiveSubscription: z.boolean(),
  subscription: z
    .object({
      planId: z.string(),
      planKey: PlanKeySchema,
      planTitle: z.string(),
      priceClp: z.number().int().nullable(),
      status: SubscriptionStateSchema,
      trialEnd: z.string().nullable(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      /** Until when the trainer may still withdraw (decision 224); null when no longer possible. */
      withdrawableUntil: z.string().nullable(),
    })
    .nullable(),
  /**
   * The gym whose owner created this trainer (issue 23, point 4), null for an independent trainer.
   * `coversPlan`: the gym's central billing applies (decision 195), so the trainer needs no plan of
   * their own; `hasActiveSubscription` still speaks only of a plan the trainer bought.
   */
  gym: z.object({ name: z.string(), coversPlan: z.boolean() }).nullable(),
})
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>

export const BillingPortalRequestSchema = z.strictObject({
  returnUrl: z.string().trim().min(1, { error: 'required' }).max(2000),
})
export const BillingPortalSessionSchema = z
  .object({ url: z.string() })
  .meta({ examples: [{ url: 'https://pay.example.com/portal/test_a1b2c3' }] })
export type BillingPortalSession = z.infer<typeof BillingPortalSessionSchema>
