import { LIVE_SUBSCRIPTION_STATES, TRIAL_DAYS } from '@app/contracts/constants'
import { and, eq, inArray, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { createHash, randomBytes } from 'node:crypto'
import type { Tx } from '../../../db/client.ts'
import { providerLinks, subscriptions } from '../../../db/schema.ts'
import { latestSubscription, type SubscriptionStart } from '../../../modules/billing/service.ts'
import { recordPeriodCharge } from '../../../modules/billing/charges.ts'
import { NoWebhooksError, type PaymentProvider, type ProviderSubscription, type SubscriptionPeriod } from '../types.ts'
import { monthAfter, nextPeriodEnd } from '../../../lib/monthly-periods.ts'

const DAY_MS = 24 * 3600 * 1000
/** Portal and payout onboarding links, like a provider's hosted sessions, expire. */
const LINK_TTL_MS = 60 * 60_000

/** An unguessable id: the sandbox's URLs are capabilities, like a provider's hosted pages. */
const sandboxId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`

/** Whether the sandbox is the payment provider in use (no Stripe key configured). */
export const sandboxActive = (app: FastifyInstance) => app.payments.name === 'sandbox'

/**
 * The sandbox has no billing engine of its own: when a period is over, it renews (the trial
 * turns active) or, if cancelled at period end, ends. Pure: what the row is at `now`. Paid periods
 * are calendar months anchored where they began, the trial's end or the paid start (decision 199).
 */
function sandboxPeriodAt<T extends SubscriptionPeriod>(sub: T, now: number): T {
  if (
    !(LIVE_SUBSCRIPTION_STATES as readonly string[]).includes(sub.status) ||
    !sub.currentPeriodEnd ||
    sub.currentPeriodEnd.getTime() > now
  )
    return sub
  if (sub.cancelAtPeriodEnd) return { ...sub, status: 'canceled', cancelledAt: sub.currentPeriodEnd }
  const row = sub as T & { trialEnd?: Date | null; createdAt?: Date }
  const anchor = row.trialEnd ?? row.createdAt ?? sub.currentPeriodEnd
  let end = sub.currentPeriodEnd
  while (end.getTime() <= now) end = nextPeriodEnd(end, anchor)
  return { ...sub, status: 'active', currentPeriodEnd: end }
}

/** Stores the renewals and endings that are due: of one user (on the sandbox's pages), or of everyone (timer). */
export async function rollSandboxPeriods(tx: Tx, userId: string | null, now: number) {
  const due = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        userId ? eq(subscriptions.userId, userId) : undefined,
        eq(subscriptions.provider, 'sandbox'),
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATES]),
        lte(subscriptions.currentPeriodEnd, new Date(now)),
      ),
    )
  for (const sub of due) {
    const next = sandboxPeriodAt(sub, now)
    // Each period that began is a charge at the plan's price, documented (decision 223).
    if (!sub.cancelAtPeriodEnd) {
      const anchor = sub.trialEnd ?? sub.createdAt
      for (let start = sub.currentPeriodEnd!; start.getTime() <= now; start = nextPeriodEnd(start, anchor))
        await recordPeriodCharge(tx, sub, start)
    }
    await tx
      .update(subscriptions)
      .set({ status: next.status, currentPeriodEnd: next.currentPeriodEnd, cancelledAt: next.cancelledAt })
      .where(eq(subscriptions.id, sub.id))
  }
}

/** The sandbox's first period: a free trial. */
function sandboxTrial(now: number, customerId = sandboxId('cus_sbx')): ProviderSubscription {
  const trialEnd = new Date(now + TRIAL_DAYS * DAY_MS)
  return {
    id: sandboxId('sub_sbx'),
    customerId,
    status: 'trialing',
    trialEnd,
    currentPeriodEnd: trialEnd,
    cancelAtPeriodEnd: false,
    cancelledAt: null,
  }
}

/** The sandbox's first period without a trial: active, the first calendar month paid today. */
function sandboxPaid(now: number, customerId = sandboxId('cus_sbx')): ProviderSubscription {
  return {
    id: sandboxId('sub_sbx'),
    customerId,
    status: 'active',
    trialEnd: null,
    currentPeriodEnd: monthAfter(now),
    cancelAtPeriodEnd: false,
    cancelledAt: null,
  }
}

/** The sandbox decides trial or paid inside the completing transaction; one customer per user. */
export function sandboxStart(now: number, customerId: string | null): SubscriptionStart {
  const customer = customerId ?? sandboxId('cus_sbx')
  return { customerId: customer, subscription: (trial) => (trial ? sandboxTrial(now, customer) : sandboxPaid(now, customer)) }
}

/** The sandbox customer of this user's earlier subscription, reused so one person is one customer. */
export async function sandboxCustomerOf(db: Tx, userId: string) {
  const earlier = await latestSubscription(db, userId)
  return earlier?.provider === 'sandbox' ? earlier.providerCustomerId : null
}

/**
 * The built-in provider: its hosted pages are this server's /sandbox routes, and what a real
 * provider keeps on its side (portal and onboarding sessions) it keeps in provider_links.
 */
export function sandboxProvider(db: Tx, appUrl: string): PaymentProvider {
  const link = async (kind: 'portal' | 'connect' | 'client_portal', prefix: string, userId: string, returnUrl: string) => {
    const id = sandboxId(prefix)
    await db.insert(providerLinks).values({ id, kind, userId, returnUrl, expiresAt: new Date(Date.now() + LINK_TTL_MS) })
    return { url: `${appUrl}/sandbox/${kind.replace('_', '-')}/${id}` }
  }
  return {
    name: 'sandbox',
    async createCheckout() {
      const id = sandboxId('cs_sbx')
      return { id, url: `${appUrl}/sandbox/checkout/${id}` }
    },
    fetchCheckout: async () => null,
    createPortal: ({ userId, returnUrl }) => link('portal', 'bps_sbx', userId, returnUrl),
    createPayoutAccount: async () => ({ accountId: sandboxId('acct_sbx') }),
    createOnboardingLink: ({ userId, returnUrl }) => link('connect', 'acl_sbx', userId, returnUrl),
    fetchPayoutAccount: async () => null,
    subscriptionAt: sandboxPeriodAt,
    // The sandbox decides trial or paid inside the completing transaction: never a repeated trial to end.
    endTrial: async () => {},
    // Its pages change this database directly: there is nothing to deliver.
    parseWebhook: async () => {
      throw new NoWebhooksError('the sandbox sends no webhooks')
    },
    // Its money is booked here as it happens: nothing to read again.
    replay: async () => {
      throw new NoWebhooksError('the sandbox sends no webhooks')
    },
    clients: {
      async createCheckout() {
        const id = sandboxId('cs_sbx')
        return { id, url: `${appUrl}/sandbox/client-checkout/${id}` }
      },
      createPortal: ({ clientUserId, returnUrl }) => link('client_portal', 'bps_sbx', clientUserId, returnUrl),
      // The sandbox's subscriptions are the rows of this database: the caller changes them.
      cancelSubscription: async () => {},
      // Like a provider's idempotency key: the same key answers the same refund.
      refund: async ({ idempotencyKey }) => ({
        refundId: `re_sbx_${createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 24)}`,
      }),
      // No money moves in the sandbox: shares stay as balances in the ledger.
      transfer: async () => null,
      reverseTransfer: async () => null,
    },
  }
}
