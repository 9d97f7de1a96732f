import { and, eq, isNull, lte, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { createHash, randomBytes } from 'node:crypto'
import type { Tx } from '../../db/client.ts'
import {
  clientCheckouts,
  clientInvitations,
  clientPaymentLinks,
  clientSubscriptions,
  offers,
  payoutLinks,
  trainers,
  users,
} from '../../db/schema.ts'
import { periodic } from '../../lib/periodic.ts'
import { clp } from '../../mail/texts.ts'
import { monthAfter, nextPeriodEnd } from '../../lib/monthly-periods.ts'
import {
  CARD_SUBSCRIPTION_PREFIX,
  PaymentProviderUnavailableError,
  type CardChargeOutcome,
  type CardChargeRoute,
  type CardCharges,
  type ProviderEvent,
} from '../../providers/payments/types.ts'
import { splitAmount, type Shares } from '../ledger/split.ts'
import { payoutAccessToken } from '../payout-links/service.ts'
import { applyEventInTx } from '../payments/webhook.ts'
import { queueSubscriptionMail } from '../withdrawal/mails.ts'
import { runFollowUps, type FollowUp } from './events.ts'
import { billingOf } from './trainer.ts'

/**
 * Client payments we charge ourselves on a card, split at the source (decision 249): the first
 * payment when the card form returns, each renewal on the saved card, and a payment link mailed
 * when a renewal needs the client again. Every payment is applied as the provider's own event
 * would be (`applyEventInTx`, recorded by the payment's id), so the notification that follows
 * changes nothing twice.
 */

/** Where the card form returns: the first payment, and a renewal's payment link. */
export const CARD_PATHS = { checkout: '/card-payments/checkouts', link: '/card-payments/links' } as const
/** A mailed payment link works this long; unpaid by then, the subscription ends. */
export const PAYMENT_LINK_DAYS = 7

type SubscriptionRow = typeof clientSubscriptions.$inferSelect
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
/** A key per attempt: the same card token (a retried request) replays the first answer; a new card is a new attempt. */
const attemptKey = (scope: string, cardToken: string) => `${scope}:${sha256(cardToken).slice(0, 24)}`

function cardChargesOf(app: FastifyInstance): CardCharges | null {
  return app.cardCharges && app.cardCharges.name === app.payments.name ? app.cardCharges : null
}

async function linkedUser(db: Tx, ownerKind: 'trainer' | 'gym', ownerId: string) {
  const [row] = await db
    .select({ providerUserId: payoutLinks.providerUserId })
    .from(payoutLinks)
    .where(and(eq(payoutLinks.ownerKind, ownerKind), eq(payoutLinks.ownerId, ownerId), eq(payoutLinks.status, 'linked')))
    .limit(1)
  return row?.providerUserId ?? null
}

/**
 * Where a payment of these shares lands: on the trainer's linked account with the platform's
 * share as the fee, or (central billing) by disbursements, the trainer's carrying the platform's
 * whole fee and the gym's its share. null: an account is not linked (nothing is charged).
 * `accessToken`: the account that keeps the client's card (the seller's; null: the platform's).
 */
async function routeFor(app: FastifyInstance, db: Tx, trainerUserId: string, gymId: string | null, shares: Shares) {
  const trainerUser = await linkedUser(db, 'trainer', trainerUserId)
  if (!trainerUser) return null
  if (gymId) {
    const gymUser = await linkedUser(db, 'gym', gymId)
    if (!gymUser) return null
    const route: CardChargeRoute = {
      kind: 'disbursements',
      trainer: { collectorId: Number(trainerUser), amount: shares.trainer + shares.platform, applicationFee: shares.platform },
      gym: { collectorId: Number(gymUser), amount: shares.gym, applicationFee: 0 },
    }
    return { route, account: trainerUser, accessToken: null }
  }
  const sellerToken = await payoutAccessToken(app, 'trainer', trainerUserId)
  if (!sellerToken) return null
  const route: CardChargeRoute = { kind: 'seller', sellerToken, applicationFee: shares.platform }
  return { route, account: trainerUser, accessToken: sellerToken }
}

/** The payment as the provider's event: the same reduction a notification of it gets. */
function paidEvent(
  outcome: CardChargeOutcome,
  input: { subscriptionId: string; periodEnd: Date; amountClp: number; account: string; invitationId: string | null },
): ProviderEvent {
  const now = new Date()
  return {
    id: `card-charge:${outcome.paymentId}`,
    type: 'payment',
    at: now,
    kind: 'invoice.paid',
    subscriptionId: input.subscriptionId,
    periodEnd: input.periodEnd,
    invoiceId: outcome.paymentId,
    chargeId: outcome.paymentId,
    amountPaid: input.amountClp,
    paidAt: now,
    account: input.account,
    metadata: { kind: 'client', ...(input.invitationId ? { invitationId: input.invitationId } : {}) },
  }
}

const metadataOf = (input: { subscriptionId: string; periodEnd: Date; invitationId: string | null; account: string }) => ({
  kind: 'client',
  subscription_id: input.subscriptionId,
  period_end: input.periodEnd.toISOString(),
  account: input.account,
  ...(input.invitationId ? { invitation_id: input.invitationId } : {}),
})

export type CardPaymentAnswer = { redirect: string } | { invalid: true }

/**
 * The card form returned with a card token for a client's first payment. The checkout row stays
 * locked through the charge, so two returns of one checkout (a double click, two tabs) charge once;
 * everything `completeClientCheckout` checks is checked before money moves, and again when it is
 * booked (a refusal then gives the money back). Declined: back to the card form for another card.
 */
export async function payCheckoutByCard(
  app: FastifyInstance,
  checkoutId: string,
  card: { token: string; paymentMethodId: string },
): Promise<CardPaymentAnswer> {
  const cards = cardChargesOf(app)
  if (!cards) return { invalid: true }
  let followUps: FollowUp[] = []
  const answer = await app.db.transaction(async (tx): Promise<CardPaymentAnswer> => {
    const [row] = await tx
      .select({ checkout: clientCheckouts, invitation: clientInvitations, offer: offers, trainer: trainers, email: users.email })
      .from(clientCheckouts)
      .innerJoin(clientInvitations, eq(clientInvitations.id, clientCheckouts.invitationId))
      .innerJoin(offers, eq(offers.id, clientInvitations.offerId))
      .innerJoin(trainers, eq(trainers.id, clientInvitations.trainerId))
      .innerJoin(users, eq(users.id, clientCheckouts.clientUserId))
      .where(and(eq(clientCheckouts.id, checkoutId), eq(clientCheckouts.provider, app.payments.name)))
      .limit(1)
      .for('update', { of: clientCheckouts })
    if (!row) return { invalid: true }
    if (row.checkout.status === 'complete') return { redirect: row.checkout.successRedirect }
    if (row.checkout.status !== 'open' || !row.trainer.userId) return { redirect: row.checkout.cancelRedirect }
    const billing = await billingOf(app, { id: row.trainer.userId }, true, tx).catch(() => null)
    if (!billing) return { redirect: row.checkout.cancelRedirect }
    const price = row.offer.priceClp
    const target = await routeFor(app, tx, row.trainer.userId, billing.gym?.id ?? null, splitAmount(price, billing.rates))
    if (!target) return { redirect: row.checkout.cancelRedirect }
    const subscriptionId = `${CARD_SUBSCRIPTION_PREFIX}${checkoutId}`
    const periodEnd = monthAfter(Date.now())
    const facts = { subscriptionId, periodEnd, invitationId: row.invitation.id, account: target.account }
    const { prepared, outcome } = await chargeNewCard(cards, target, card, {
      scope: `checkout:${checkoutId}`,
      email: row.email,
      amountClp: price,
      description: row.offer.title,
      externalReference: checkoutId,
      facts,
    })
    if (outcome.status !== 'approved')
      return { redirect: retryUrl(cards, price, row.offer.title, `${CARD_PATHS.checkout}/${checkoutId}`, app, outcome) }
    const applied = await applyEventInTx(app, tx, paidEvent(outcome, { ...facts, amountClp: price }))
    followUps = applied.followUps
    await tx
      .update(clientSubscriptions)
      .set({ providerCustomerId: prepared.customerId, providerCardId: prepared.cardId })
      .where(eq(clientSubscriptions.providerSubscriptionId, subscriptionId))
    return { redirect: row.checkout.successRedirect }
  })
  // A refused completion (issue 19) gives the payment back after the commit.
  await runFollowUps(app, followUps)
  return answer
}

/**
 * A card the client just entered on the form: saved (card-on-file) and charged once per attempt
 * (the key is the scope's and the card token's), on the route of our split.
 */
async function chargeNewCard(
  cards: CardCharges,
  target: NonNullable<Awaited<ReturnType<typeof routeFor>>>,
  card: { token: string; paymentMethodId: string },
  input: {
    scope: string
    email: string
    amountClp: number
    description: string
    externalReference: string
    facts: Parameters<typeof metadataOf>[0]
  },
) {
  const key = attemptKey(input.scope, card.token)
  const prepared = await cards.prepareCard({
    accessToken: target.accessToken,
    email: input.email,
    cardToken: card.token,
    paymentMethodId: card.paymentMethodId,
    key,
  })
  const outcome = await cards.charge({
    key: `${key}:charge`,
    amountClp: input.amountClp,
    cardToken: prepared.token,
    paymentMethodId: card.paymentMethodId,
    customerId: prepared.customerId,
    payerEmail: input.email,
    description: input.description,
    externalReference: input.externalReference,
    metadata: metadataOf(input.facts),
    route: target.route,
  })
  return { prepared, outcome }
}

/** The card form again, saying why: the client tries another card. */
function retryUrl(
  cards: CardCharges,
  amountClp: number,
  description: string,
  path: string,
  app: FastifyInstance,
  outcome: CardChargeOutcome,
) {
  const returnUrl = new URL(`${app.config.APP_URL}${path}`)
  const url = new URL(cards.cardFormUrl({ amountClp, description, returnUrl: returnUrl.toString() }))
  url.searchParams.set('status', outcome.status)
  if (outcome.statusDetail) url.searchParams.set('status_detail', outcome.statusDetail)
  return url.toString()
}

async function subscriptionFacts(tx: Tx, sub: SubscriptionRow) {
  const [row] = await tx
    .select({
      trainerUserId: trainers.userId,
      offer: offers.title,
      trainerFirst: trainers.firstName,
      trainerLast: trainers.lastName,
      email: users.email,
    })
    .from(trainers)
    .innerJoin(offers, eq(offers.id, sub.offerId))
    .innerJoin(users, eq(users.id, sub.clientUserId))
    .where(eq(trainers.id, sub.trainerId))
    .limit(1)
  return row
}

const sharesOfSub = (sub: SubscriptionRow) =>
  splitAmount(sub.priceClp, { trainer: sub.trainerBps, gym: sub.gymBps, platform: sub.platformBps })

/**
 * One renewal of a card subscription whose period ended: cancelled at period end → it ends; else
 * the saved card is charged once for the period (the key names it), split on the subscription's
 * own rates. Declined, or the card cannot be charged without the client → past due, and a payment
 * link for the period is mailed once (unique per period).
 */
async function renewOne(app: FastifyInstance, cards: CardCharges, subscriptionId: string, now: number) {
  let followUps: FollowUp[] = []
  await app.db.transaction(async (tx) => {
    const [sub] = await tx.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, subscriptionId)).limit(1).for('update')
    if (!sub || sub.state !== 'active' || !sub.currentPeriodEnd || sub.currentPeriodEnd.getTime() > now) return
    if (sub.cancelAtPeriodEnd) {
      await tx
        .update(clientSubscriptions)
        .set({ state: 'cancelled', cancelledAt: new Date(now) })
        .where(eq(clientSubscriptions.id, sub.id))
      return
    }
    const facts = await subscriptionFacts(tx, sub)
    const periodEnd = sub.currentPeriodEnd
    const next = nextPeriodEnd(periodEnd, sub.createdAt)
    const target = facts?.trainerUserId ? await routeFor(app, tx, facts.trainerUserId, sub.gymId, sharesOfSub(sub)) : null
    let outcome: CardChargeOutcome | null = null
    if (target && facts && cards.cardOnFile && sub.providerCardId && sub.providerCustomerId) {
      const key = `renewal:${sub.id}:${periodEnd.getTime()}`
      try {
        const saved = await cards.savedCardToken({
          accessToken: target.accessToken,
          customerId: sub.providerCustomerId,
          cardId: sub.providerCardId,
          key: `${key}:token`,
        })
        outcome = await cards.charge({
          key: `${key}:charge`,
          amountClp: sub.priceClp,
          cardToken: saved.token,
          paymentMethodId: saved.paymentMethodId,
          customerId: sub.providerCustomerId,
          payerEmail: facts.email,
          description: facts.offer,
          externalReference: sub.id,
          metadata: metadataOf({
            subscriptionId: sub.providerSubscriptionId,
            periodEnd: next,
            invitationId: null,
            account: target.account,
          }),
          route: target.route,
        })
      } catch (err) {
        // An outage is retried on the next run; a refusal (the card needs the client) is a decline.
        if (err instanceof PaymentProviderUnavailableError) throw err
        app.log.warn({ subscriptionId: sub.id, err: (err as Error).message }, 'saved card not chargeable: payment link')
      }
    }
    if (outcome?.status === 'approved' && target) {
      const applied = await applyEventInTx(
        app,
        tx,
        paidEvent(outcome, {
          subscriptionId: sub.providerSubscriptionId,
          periodEnd: next,
          amountClp: sub.priceClp,
          account: target.account,
          invitationId: null,
        }),
      )
      followUps = applied.followUps
      return
    }
    await tx.update(clientSubscriptions).set({ state: 'past_due' }).where(eq(clientSubscriptions.id, sub.id))
    await mailPaymentLink(app, tx, sub, periodEnd, now)
  })
  await runFollowUps(app, followUps)
}

/** A single-use link for this period, mailed once in the client's language (a second run finds it and mails nothing). */
async function mailPaymentLink(app: FastifyInstance, tx: Tx, sub: SubscriptionRow, periodEnd: Date, now: number) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now + PAYMENT_LINK_DAYS * 86_400_000)
  const [made] = await tx
    .insert(clientPaymentLinks)
    .values({ tokenHash: sha256(token), subscriptionId: sub.id, periodEnd, amountClp: sub.priceClp, expiresAt })
    .onConflictDoNothing()
    .returning({ id: clientPaymentLinks.id })
  if (!made) return
  const facts = await subscriptionFacts(tx, sub)
  await queueSubscriptionMail(app, tx, sub.clientUserId, 'clientPaymentFailed', {
    offer: facts?.offer ?? '',
    trainer: `${facts?.trainerFirst ?? ''} ${facts?.trainerLast ?? ''}`.trim(),
    amount: clp(sub.priceClp),
    date: periodEnd,
    until: expiresAt,
    link: `${app.config.APP_URL}${CARD_PATHS.link}/${token}`,
  })
}

/**
 * Renews every card subscription whose period ended, and ends the past-due ones whose payment
 * link expired unpaid. Answers how many were looked at.
 */
export async function chargeDueCardRenewals(app: FastifyInstance, now = Date.now()) {
  const cards = cardChargesOf(app)
  if (!cards) return 0
  const due = await app.db
    .select({ id: clientSubscriptions.id })
    .from(clientSubscriptions)
    .where(
      and(
        eq(clientSubscriptions.provider, app.payments.name),
        like(clientSubscriptions.providerSubscriptionId, `${CARD_SUBSCRIPTION_PREFIX}%`),
        eq(clientSubscriptions.state, 'active'),
        lte(clientSubscriptions.currentPeriodEnd, new Date(now)),
      ),
    )
    .limit(500)
  for (const { id } of due) {
    try {
      await renewOne(app, cards, id, now)
    } catch (err) {
      app.log.error({ subscriptionId: id, err: (err as Error).message }, 'card renewal failed: retried on the next run')
    }
  }
  const lapsed = await app.db
    .select({ id: clientSubscriptions.id })
    .from(clientSubscriptions)
    .innerJoin(clientPaymentLinks, eq(clientPaymentLinks.subscriptionId, clientSubscriptions.id))
    .where(
      and(
        eq(clientSubscriptions.state, 'past_due'),
        like(clientSubscriptions.providerSubscriptionId, `${CARD_SUBSCRIPTION_PREFIX}%`),
        eq(clientPaymentLinks.periodEnd, clientSubscriptions.currentPeriodEnd),
        isNull(clientPaymentLinks.paidAt),
        lte(clientPaymentLinks.expiresAt, new Date(now)),
      ),
    )
  for (const { id } of lapsed)
    await app.db
      .update(clientSubscriptions)
      .set({ state: 'cancelled', cancelledAt: new Date(now) })
      .where(and(eq(clientSubscriptions.id, id), eq(clientSubscriptions.state, 'past_due')))
  return due.length + lapsed.length
}

export function scheduleCardRenewals(app: FastifyInstance, everyMs = 15 * 60_000) {
  return periodic(app.log, 'card renewals', everyMs, () => chargeDueCardRenewals(app)).stop
}

/** A payment link's row, usable: unpaid, unexpired, its subscription not ended. */
async function usableLink(tx: Tx, token: string, now: number) {
  const [row] = await tx
    .select({ link: clientPaymentLinks, sub: clientSubscriptions })
    .from(clientPaymentLinks)
    .innerJoin(clientSubscriptions, eq(clientSubscriptions.id, clientPaymentLinks.subscriptionId))
    .where(eq(clientPaymentLinks.tokenHash, sha256(token)))
    .limit(1)
    .for('update', { of: clientPaymentLinks })
  if (!row) return null
  if (row.link.paidAt) return { ...row, paid: true as const }
  if (row.link.expiresAt.getTime() <= now || row.sub.state === 'cancelled') return null
  return { ...row, paid: false as const }
}

/** Where a payment link leads: the card form for its amount (or our page once it is paid). */
export async function paymentLinkTarget(app: FastifyInstance, token: string): Promise<CardPaymentAnswer> {
  const cards = cardChargesOf(app)
  if (!cards) return { invalid: true }
  const row = await usableLink(app.db, token, Date.now())
  if (!row) return { invalid: true }
  if (row.paid) return { redirect: `${app.config.APP_URL}/mi-suscripcion` }
  const facts = await subscriptionFacts(app.db, row.sub)
  return {
    redirect: cards.cardFormUrl({
      amountClp: row.link.amountClp,
      description: facts?.offer ?? '',
      returnUrl: `${app.config.APP_URL}${CARD_PATHS.link}/${token}/card`,
    }),
  }
}

/** The card form returned for a payment link: the period is charged once, the new card saved for the next renewals. */
export async function payLinkByCard(
  app: FastifyInstance,
  token: string,
  card: { token: string; paymentMethodId: string },
): Promise<CardPaymentAnswer> {
  const cards = cardChargesOf(app)
  if (!cards) return { invalid: true }
  let followUps: FollowUp[] = []
  const answer = await app.db.transaction(async (tx): Promise<CardPaymentAnswer> => {
    const row = await usableLink(tx, token, Date.now())
    if (!row) return { invalid: true }
    const done = `${app.config.APP_URL}/mi-suscripcion`
    if (row.paid) return { redirect: done }
    const { link, sub } = row
    const facts = await subscriptionFacts(tx, sub)
    const target = facts?.trainerUserId ? await routeFor(app, tx, facts.trainerUserId, sub.gymId, sharesOfSub(sub)) : null
    if (!facts || !target) return { invalid: true }
    const next = nextPeriodEnd(link.periodEnd, sub.createdAt)
    const meta = { subscriptionId: sub.providerSubscriptionId, periodEnd: next, invitationId: null, account: target.account }
    const { prepared, outcome } = await chargeNewCard(cards, target, card, {
      scope: `link:${link.id}`,
      email: facts.email,
      amountClp: link.amountClp,
      description: facts.offer,
      externalReference: sub.id,
      facts: meta,
    })
    if (outcome.status !== 'approved')
      return { redirect: retryUrl(cards, link.amountClp, facts.offer, `${CARD_PATHS.link}/${token}/card`, app, outcome) }
    await tx.update(clientPaymentLinks).set({ paidAt: new Date() }).where(eq(clientPaymentLinks.id, link.id))
    const applied = await applyEventInTx(app, tx, paidEvent(outcome, { ...meta, amountClp: link.amountClp }))
    followUps = applied.followUps
    if (prepared.cardId)
      await tx
        .update(clientSubscriptions)
        .set({ providerCustomerId: prepared.customerId, providerCardId: prepared.cardId })
        .where(eq(clientSubscriptions.id, sub.id))
    return { redirect: done }
  })
  await runFollowUps(app, followUps)
  return answer
}
