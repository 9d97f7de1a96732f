import {
  PAYOUT_COUNTRY,
  PAYOUT_ONBOARDING_PATH,
  PAYOUT_RETURN_PARAM,
  type OnboardingSetupRequest,
  type PayoutAccountStatus,
} from '@app/contracts'
import { arePayoutsComplete } from '@app/contracts/rules'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { payoutAccounts, trainers } from '../../db/schema.ts'
import { forbidden, notFound, unprocessable } from '../../errors.ts'
import { centralBillingOf } from '../central-billing/policy.ts'
import { payoutReadiness } from '../payout-links/readiness.ts'
import { findUserById } from '../users/service.ts'

async function payoutAccountOf(db: Tx, userId: string) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1)
  return row
}

async function trainerOf(db: Tx, userId: string) {
  const [row] = await db.select().from(trainers).where(eq(trainers.userId, userId)).limit(1)
  return row
}

/** Creates (or reuses) the trainer's payout account and answers a link to its onboarding. */
export async function setupOnboarding(app: FastifyInstance, userId: string, input: OnboardingSetupRequest) {
  const user = await findUserById(app.db, userId)
  if (!user) throw notFound()
  if (user.email !== input.email) throw unprocessable({ email: 'invalid' }, 'email must be the account e-mail')
  // Payouts follow a paid subscription: only trainers have something to be paid for.
  if (!(await trainerOf(app.db, userId))) throw forbidden('Subscribe to a plan before setting up payouts')

  let account = await payoutAccountOf(app.db, userId)
  if (!account) {
    const created = await app.payments.createPayoutAccount({ userId, email: user.email, country: PAYOUT_COUNTRY })
    await app.db
      .insert(payoutAccounts)
      .values({ userId, provider: app.payments.name, providerAccountId: created.accountId, country: PAYOUT_COUNTRY })
      .onConflictDoNothing({ target: payoutAccounts.userId })
    account = (await payoutAccountOf(app.db, userId))!
  }
  // The provider's page opens in a second tab; coming back there, the web page closes that tab or
  // sends the person back to the first one, which notices the result by itself (issue 23, point 9).
  const page = `${app.config.APP_URL}${PAYOUT_ONBOARDING_PATH}`
  const link = await app.payments.createOnboardingLink({
    userId,
    accountId: account.providerAccountId,
    returnUrl: `${page}?${PAYOUT_RETURN_PARAM}=1`,
    refreshUrl: `${page}?refresh=1`,
  })
  return { onboardingUrl: link.url }
}

/** What the provider says about a payout account, applied here (from a webhook or a status check). */
export async function applyAccountUpdate(db: Tx, providerAccountId: string, chargesEnabled: boolean, detailsSubmitted: boolean) {
  const [account] = await db
    .update(payoutAccounts)
    .set({ chargesEnabled, detailsSubmitted })
    .where(eq(payoutAccounts.providerAccountId, providerAccountId))
    .returning({ userId: payoutAccounts.userId })
  if (!account) return false
  await db
    .update(trainers)
    .set({ stripeOnboardingComplete: arePayoutsComplete({ chargesEnabled, detailsSubmitted }) })
    .where(eq(trainers.userId, account.userId))
  return true
}

export async function payoutAccountStatus(app: FastifyInstance, userId: string): Promise<PayoutAccountStatus> {
  if (app.payoutLinking) {
    // Accounts are linked, not onboarded (decision 213): complete is the trainer's payout readiness.
    const trainer = await trainerOf(app.db, userId)
    const central = trainer ? await centralBillingOf(app.db, trainer) : null
    const ready = trainer ? (await payoutReadiness(app, trainer, central?.gymId ?? null)).ready : false
    return { charges_enabled: ready, details_submitted: ready, complete: ready, setup: 'link' }
  }
  let account = await payoutAccountOf(app.db, userId)
  if (!account) return { charges_enabled: false, details_submitted: false, complete: false, setup: 'onboarding' }
  if (account.provider === app.payments.name && !arePayoutsComplete(account)) {
    const remote = await app.payments.fetchPayoutAccount(account.providerAccountId)
    if (remote) {
      await applyAccountUpdate(app.db, account.providerAccountId, remote.chargesEnabled, remote.detailsSubmitted)
      account = { ...account, ...remote }
    }
  }
  return {
    charges_enabled: account.chargesEnabled,
    details_submitted: account.detailsSubmitted,
    complete: arePayoutsComplete(account),
    setup: 'onboarding',
  }
}

export async function trainerOnboardingStatus(app: FastifyInstance, userId: string) {
  const trainer = await trainerOf(app.db, userId)
  return { stripeOnboardingComplete: trainer?.stripeOnboardingComplete ?? false }
}
