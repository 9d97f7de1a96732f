import { LIVE_SUBSCRIPTION_STATES } from './constants.ts'

/** The parts of a stored subscription (the trainer's, or a client's) that decide access. */
export type SubscriptionAccess = { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null }

/** Whether a subscription gives access at `now`: a live state whose period, if cancelled at its end, has not ended. */
export const isSubscriptionLive = (sub: SubscriptionAccess, now: number) =>
  (LIVE_SUBSCRIPTION_STATES as readonly string[]).includes(sub.status) &&
  !(sub.cancelAtPeriodEnd && sub.currentPeriodEnd !== null && sub.currentPeriodEnd.getTime() <= now)

/** Whether payout onboarding is complete: the provider accepts charges and has every detail it asked for. */
export const arePayoutsComplete = (account: { chargesEnabled: boolean; detailsSubmitted: boolean }) =>
  account.chargesEnabled && account.detailsSubmitted
