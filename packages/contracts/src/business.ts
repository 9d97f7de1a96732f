import { z } from 'zod'
import { EmailSchema, UserSchema } from './auth.ts'
import { BUSINESS_PASSWORD_MIN, DEFAULT_COMMISSION_RATES } from './constants.ts'

const requiredText = (max = 200) => z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' })
/** Optional text: '' and null both mean "not given". */
const optionalText = (max = 200) =>
  z
    .string({ error: 'invalidType' })
    .trim()
    .max(max, { error: 'tooLong' })
    .nullish()
    .transform((v) => (v ? v : null))

export const SubscriptionPlanSchema = z.enum(['business', 'enterprise'], { error: 'invalid' })
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>


export const CommissionRatesSchema = z
  .object({
    trainer: z.number().min(0).max(1),
    gym: z.number().min(0).max(1),
    platform: z.number().min(0).max(1),
  })
  .refine((r) => Math.abs(r.trainer + r.gym + r.platform - 1) < 1e-9, { error: 'mustSumToOne' })
export type CommissionRates = z.infer<typeof CommissionRatesSchema>

export const CentralBillingSchema = z.strictObject({
  enabled: z.boolean().default(true),
  paymentAccountId: optionalText(120),
  commissionRates: CommissionRatesSchema.default({ ...DEFAULT_COMMISSION_RATES }),
})
export type CentralBilling = z.infer<typeof CentralBillingSchema>

/** POST /auth/business/register (spec §7 plus the plan and the central billing setting). */
export const BusinessRegisterSchema = z.strictObject({
  email: EmailSchema,
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).min(BUSINESS_PASSWORD_MIN, { error: 'tooShort' }).max(200, { error: 'tooLong' }),
  firstName: requiredText(100),
  lastName: requiredText(100),
  businessName: requiredText(),
  businessAddress: requiredText(300),
  businessPhone: optionalText(40),
  businessWebsite: optionalText(300).pipe(z.url({ protocol: /^https?$/, error: 'invalid' }).nullable()),
  subscriptionPlan: SubscriptionPlanSchema.default('business'),
  centralBilling: CentralBillingSchema.optional(),
})
export type BusinessRegisterInput = z.input<typeof BusinessRegisterSchema>
export type BusinessRegister = z.infer<typeof BusinessRegisterSchema>

export const BusinessSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  subscriptionPlan: SubscriptionPlanSchema,
  centralBilling: z.object({
    enabled: z.boolean(),
    paymentAccountId: z.string().nullable(),
    commissionRates: z.object({ trainer: z.number(), gym: z.number(), platform: z.number() }),
  }),
})
export type Business = z.infer<typeof BusinessSchema>

/** Answer of the registration: the new owner is signed in at once. */
export const BusinessRegisterResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: UserSchema,
  business: BusinessSchema,
})
export type BusinessRegisterResponse = z.infer<typeof BusinessRegisterResponseSchema>
