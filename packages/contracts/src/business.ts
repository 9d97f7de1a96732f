import { z } from 'zod'
import { EmailSchema, LanguageSchema, UserSchema } from './auth.ts'
import { BUSINESS_PASSWORD_MIN } from './constants.ts'

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

/** A rate in thousandths (the database keeps three decimals): 0.6, 0.35, 0.05, never 0.6555. */
const RateSchema = z
  .number({ error: 'invalidType' })
  .min(0, { error: 'invalid' })
  .max(1, { error: 'invalid' })
  .refine((r) => Math.abs(r * 1000 - Math.round(r * 1000)) < 1e-6, { error: 'invalid' })
const thousandths = (r: number) => Math.round(r * 1000)

export const CommissionRatesSchema = z
  .strictObject({ trainer: RateSchema, gym: RateSchema, platform: RateSchema })
  .refine((r) => thousandths(r.trainer) + thousandths(r.gym) + thousandths(r.platform) === 1000, { error: 'mustSumToOne' })
export type CommissionRates = z.infer<typeof CommissionRatesSchema>

/**
 * POST /auth/business/register (spec §3, §7): only e-mail, password, names and contact fields.
 * Plan and commission split are the server's decision (Business, 60/35/5); a platform admin
 * changes them (PATCH /admin/businesses/{id}). Sending them is an unknownField.
 */
export const BusinessRegisterSchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .min(BUSINESS_PASSWORD_MIN, { error: 'tooShort' })
    .max(200, { error: 'tooLong' }),
  firstName: requiredText(100),
  lastName: requiredText(100),
  businessName: requiredText(),
  businessAddress: requiredText(300),
  businessPhone: optionalText(40),
  businessWebsite: optionalText(300).pipe(z.url({ protocol: /^https?$/, error: 'invalid' }).nullable()),
  /** The language of the registration screen: the account's language (decision 161). */
  language: LanguageSchema.optional(),
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
