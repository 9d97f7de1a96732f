import { z } from 'zod'
import { PAYOUT_COUNTRY } from './constants.ts'

export const OnboardingSetupRequestSchema = z.strictObject({
  userId: z.string().trim().min(1, { error: 'required' }),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  country: z.literal(PAYOUT_COUNTRY),
})
export type OnboardingSetupRequest = z.infer<typeof OnboardingSetupRequestSchema>

export const OnboardingSetupSchema = z
  .object({ onboardingUrl: z.string() })
  .meta({ examples: [{ onboardingUrl: 'https://pay.example.com/onboarding/acct_1Q2w3E4r5T6y/a1b2c3' }] })
export type OnboardingSetup = z.infer<typeof OnboardingSetupSchema>

export const UserIdParamsSchema = z.object({ userId: z.uuid({ error: 'notFound' }) })

export const PayoutAccountStatusSchema = z.object({
  charges_enabled: z.boolean(),
  details_submitted: z.boolean(),
  /** Payout onboarding is complete (arePayoutsComplete): the one answer screens show. */
  complete: z.boolean(),
  /**
   * How payout accounts are set up with the provider in use (decision 213): `onboarding` on the
   * provider's pages (setupPayoutOnboarding), or `link` an account the person already has
   * (requestPayoutLink); with `link`, `complete` is payout readiness (the account linked).
   */
  setup: z.enum(['onboarding', 'link']),
})
export type PayoutAccountStatus = z.infer<typeof PayoutAccountStatusSchema>

export const TrainerOnboardingStatusSchema = z.object({ stripeOnboardingComplete: z.boolean() })
export type TrainerOnboardingStatus = z.infer<typeof TrainerOnboardingStatusSchema>
