import {
  CLIENT_INVITATION_TTL_DAYS,
  isSubscriptionLive,
  type ClientInvitation,
  type ClientInvitationCreate,
  type Offer,
  type OfferCreate,
  type OfferUpdate,
  type TrainerClient,
  type TrainerClientList,
} from '@app/contracts'
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { createHash, randomBytes } from 'node:crypto'
import type { Tx } from '../../db/client.ts'
import { clientInvitations, clientSubscriptions, offers, plans, trainers, users } from '../../db/schema.ts'
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../errors.ts'
import { mailText } from '../../mail/texts.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { recordAudit } from '../audit/service.ts'
import { latestSubscription } from '../billing/service.ts'
import { normalizeEmail } from '../users/service.ts'
import { INDEPENDENT_RATES, type RatesBps } from '../ledger/split.ts'
import { centralBillingOf } from '../central-billing/policy.ts'
import { assertPayoutsReady } from '../payout-links/readiness.ts'

type TrainerRow = typeof trainers.$inferSelect
type OfferRow = typeof offers.$inferSelect

/** Who takes a share of this trainer's client payments (decision 062). */
export interface Billing {
  trainer: TrainerRow
  /** The gym whose central billing applies, with its stored rates; null: independent, 95/5. */
  gym: { id: string; paymentAccountId: string | null } | null
  rates: RatesBps
  /** Clients the plan allows (pending invitations + active and past-due subscriptions). */
  limit: number
}

/** Digest under which an invitation token is stored (the token itself is only in the mail). */
export const invitationDigest = (token: string) => createHash('sha256').update(`client-invitation:${token}`).digest('hex')

export async function trainerOfUser(db: Tx, userId: string) {
  const [row] = await db.select().from(trainers).where(eq(trainers.userId, userId)).limit(1)
  return row
}

/**
 * Decision 062: a trainer may charge clients with payouts ready (decision 213: onboarding complete
 * or the account linked, and the gym's too under central billing) and either a live
 * platform subscription of their own (its plan's client limit, 95/5) or a place at a gym with
 * central billing (the gym's plan covers them: Pro's limit, the gym's stored rates) that an
 * operator approved for a verified owner (central-billing/policy.ts, decision 195).
 * `write`: false for reading (lists, income, exports), which needs only the trainer profile.
 */
export async function billingOf(app: FastifyInstance, user: Pick<AuthUser, 'id'>, write: boolean, db: Tx = app.db): Promise<Billing> {
  const trainer = await trainerOfUser(db, user.id)
  if (!trainer) throw forbidden('Only trainers can do this')
  const central = await centralBillingOf(db, trainer)
  const planLimit = async (key: string) =>
    (await db.select({ limit: plans.clientLimit }).from(plans).where(eq(plans.key, key)).limit(1))[0]?.limit ?? 0
  let limit: number
  let rates: RatesBps
  if (central) {
    rates = {
      trainer: central.business.commissionTrainerBps,
      gym: central.business.commissionGymBps,
      platform: central.business.commissionPlatformBps,
    }
    limit = await planLimit('pro')
  } else {
    rates = INDEPENDENT_RATES
    const stored = await latestSubscription(db, user.id)
    const now = Date.now()
    const sub = stored && stored.provider === app.payments.name ? app.payments.subscriptionAt(stored, now) : stored
    const live = sub && isSubscriptionLive(sub, now)
    if (!live) {
      if (write) throw new HttpError(403, 'An active subscription is needed to charge clients', { subscription: 'required' })
      limit = 0
    } else {
      const [plan] = await db.select({ limit: plans.clientLimit }).from(plans).where(eq(plans.id, sub.planId)).limit(1)
      limit = plan?.limit ?? 0
    }
  }
  if (write) {
    // Issue 19: a deactivated trainer (by an operator, or a closed account) takes no new money.
    const [account] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, user.id)).limit(1)
    if (!trainer.isActive || !account?.isActive) throw new HttpError(403, 'This trainer account is deactivated', { account: 'inactive' })
  }
  // Decision 213: one readiness check for every provider (onboarded or linked payout accounts).
  if (write) await assertPayoutsReady(app, trainer, central?.gymId ?? null, db)
  return { trainer, gym: central ? { id: central.gymId, paymentAccountId: central.business.paymentAccountId } : null, rates, limit }
}

export function toOffer(row: OfferRow): Offer {
  return {
    id: row.id,
    trainerId: row.trainerId,
    title: row.title,
    description: row.description,
    priceClp: row.priceClp,
    sessionsPerMonth: row.sessionsPerMonth,
    retired: row.retiredAt !== null,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listOffers(app: FastifyInstance, user: AuthUser) {
  const { trainer } = await billingOf(app, user, false)
  const rows = await app.db.select().from(offers).where(eq(offers.trainerId, trainer.id)).orderBy(desc(offers.createdAt))
  return { data: rows.map(toOffer) }
}

export async function createOffer(app: FastifyInstance, user: AuthUser, input: OfferCreate) {
  const { trainer } = await billingOf(app, user, true)
  const [row] = await app.db
    .insert(offers)
    .values({ trainerId: trainer.id, ...input })
    .returning()
  return toOffer(row)
}

/** One of my offers; another trainer's answers 404 as if it did not exist. */
async function ownOffer(db: Tx, trainerId: string, offerId: string, field = 'id') {
  const [row] = await db.select().from(offers).where(eq(offers.id, offerId)).limit(1)
  if (!row || row.trainerId !== trainerId) throw notFound('No such offer', { [field]: 'notFound' })
  return row
}

export async function updateOffer(app: FastifyInstance, user: AuthUser, offerId: string, input: OfferUpdate) {
  const { trainer } = await billingOf(app, user, true)
  const offer = await ownOffer(app.db, trainer.id, offerId)
  if (offer.retiredAt) throw unprocessable({ id: 'notPurchasable' }, 'A retired offer cannot be changed')
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
  const [row] = await app.db.update(offers).set(changes).where(eq(offers.id, offer.id)).returning()
  return toOffer(row)
}

/** Retiring stops new invitations and checkouts; running subscriptions keep their price. */
export async function retireOffer(app: FastifyInstance, user: AuthUser, offerId: string) {
  const { trainer } = await billingOf(app, user, true)
  const offer = await ownOffer(app.db, trainer.id, offerId)
  if (offer.retiredAt) return toOffer(offer)
  return app.db.transaction(async (tx) => {
    const [row] = await tx.update(offers).set({ retiredAt: new Date() }).where(eq(offers.id, offer.id)).returning()
    // Links already mailed for it stop working.
    await tx
      .update(clientInvitations)
      .set({ state: 'revoked' })
      .where(and(eq(clientInvitations.offerId, offer.id), eq(clientInvitations.state, 'pending')))
    return toOffer(row)
  })
}

/** Subscription states that hold a place against the plan's client limit (the admin console counts them too). */
export const COUNTED_STATES = ['active', 'past_due'] as const

/** Places in use: pending invitations not yet expired + active and past-due subscriptions. */
export async function placesUsed(db: Tx, trainerId: string, now: Date) {
  const [invited] = await db
    .select({ n: count() })
    .from(clientInvitations)
    .where(and(eq(clientInvitations.trainerId, trainerId), eq(clientInvitations.state, 'pending'), gt(clientInvitations.expiresAt, now)))
  const [subscribed] = await db
    .select({ n: count() })
    .from(clientSubscriptions)
    .where(and(eq(clientSubscriptions.trainerId, trainerId), inArray(clientSubscriptions.state, [...COUNTED_STATES])))
  return invited.n + subscribed.n
}

export function toInvitation(row: typeof clientInvitations.$inferSelect, now = Date.now()): ClientInvitation {
  const state = row.state === 'pending' && row.expiresAt.getTime() <= now ? 'expired' : row.state
  return {
    id: row.id,
    offerId: row.offerId,
    email: row.email,
    state,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Invites an e-mail to one of my active offers and mails the link. The count and the insert run
 * under a row lock on the trainer, so parallel invitations are decided one at a time and can
 * never pass the plan's limit (decision 024's pattern).
 */
export async function inviteClient(app: FastifyInstance, user: AuthUser, input: ClientInvitationCreate, ip: string) {
  const billing = await billingOf(app, user, true)
  const email = normalizeEmail(input.email)
  if (email === normalizeEmail(user.email) || email === normalizeEmail(billing.trainer.email)) {
    throw unprocessable({ email: 'invalid' }, 'You cannot invite yourself')
  }
  const token = randomBytes(32).toString('base64url')
  const link = `${app.config.APP_URL}/invitacion/${token}`
  const row = await app.db.transaction(async (tx) => {
    await tx.select({ id: trainers.id }).from(trainers).where(eq(trainers.id, billing.trainer.id)).for('update')
    const offer = await ownOffer(tx, billing.trainer.id, input.offerId, 'offerId')
    if (offer.retiredAt) throw unprocessable({ offerId: 'notPurchasable' }, 'This offer is retired')
    const now = new Date()
    const [pending] = await tx
      .select({ id: clientInvitations.id })
      .from(clientInvitations)
      .where(
        and(
          eq(clientInvitations.trainerId, billing.trainer.id),
          eq(clientInvitations.email, email),
          eq(clientInvitations.state, 'pending'),
          gt(clientInvitations.expiresAt, now),
        ),
      )
      .limit(1)
    if (pending) throw conflict('This e-mail already has a pending invitation', { email: 'alreadyExists' })
    const [client] = await tx
      .select({ id: clientSubscriptions.id })
      .from(clientSubscriptions)
      .innerJoin(users, eq(users.id, clientSubscriptions.clientUserId))
      .where(
        and(
          eq(clientSubscriptions.trainerId, billing.trainer.id),
          sql`lower(${users.email}) = ${email}`,
          inArray(clientSubscriptions.state, [...COUNTED_STATES]),
        ),
      )
      .limit(1)
    if (client) throw conflict('This e-mail is already your client', { email: 'alreadyExists' })
    if ((await placesUsed(tx, billing.trainer.id, now)) >= billing.limit) {
      throw conflict(`Client limit reached: your plan allows up to ${billing.limit} clients (pending invitations count).`, {
        clients: 'limitReached',
      })
    }
    const [created] = await tx
      .insert(clientInvitations)
      .values({
        trainerId: billing.trainer.id,
        offerId: offer.id,
        email,
        tokenHash: invitationDigest(token),
        expiresAt: new Date(now.getTime() + CLIENT_INVITATION_TTL_DAYS * 86_400_000),
      })
      .returning()
    // The client has no account yet: the client screens' language, Spanish (decision 161).
    await app.mailer.enqueue(tx, {
      to: email,
      ...mailText('clientInvitation', 'es', {
        trainerName: `${billing.trainer.firstName} ${billing.trainer.lastName}`,
        offerTitle: offer.title,
        priceClp: offer.priceClp,
        link,
        days: CLIENT_INVITATION_TTL_DAYS,
      }),
      secrets: [link, token],
    })
    await recordAudit(tx, {
      action: 'client.invite',
      actor: { id: user.id, email: user.email, role: user.role },
      ip,
      subjectType: 'client_invitation',
      subjectId: created.id,
      after: { offerId: offer.id },
    })
    return created
  })
  return toInvitation(row)
}

export async function revokeInvitation(app: FastifyInstance, user: AuthUser, invitationId: string) {
  const { trainer } = await billingOf(app, user, false)
  const [row] = await app.db
    .update(clientInvitations)
    .set({ state: 'revoked' })
    .where(and(eq(clientInvitations.id, invitationId), eq(clientInvitations.trainerId, trainer.id), eq(clientInvitations.state, 'pending')))
    .returning()
  if (row) return toInvitation(row)
  const [existing] = await app.db
    .select()
    .from(clientInvitations)
    .where(and(eq(clientInvitations.id, invitationId), eq(clientInvitations.trainerId, trainer.id)))
    .limit(1)
  if (!existing) throw notFound('No such invitation', { id: 'notFound' })
  return toInvitation(existing)
}

export async function listClients(app: FastifyInstance, user: AuthUser): Promise<TrainerClientList> {
  const billing = await billingOf(app, user, false)
  const now = new Date()
  const invitations = await app.db
    .select({ inv: clientInvitations, offer: offers })
    .from(clientInvitations)
    .innerJoin(offers, eq(offers.id, clientInvitations.offerId))
    .where(
      and(
        eq(clientInvitations.trainerId, billing.trainer.id),
        eq(clientInvitations.state, 'pending'),
        gt(clientInvitations.expiresAt, now),
      ),
    )
  const subs = await app.db
    .select({ sub: clientSubscriptions, offer: offers, client: users })
    .from(clientSubscriptions)
    .innerJoin(offers, eq(offers.id, clientSubscriptions.offerId))
    .innerJoin(users, eq(users.id, clientSubscriptions.clientUserId))
    .where(eq(clientSubscriptions.trainerId, billing.trainer.id))
  const data: TrainerClient[] = [
    ...invitations.map(({ inv, offer }) => ({
      id: inv.id,
      kind: 'invitation' as const,
      email: inv.email,
      name: null,
      offerId: offer.id,
      offerTitle: offer.title,
      priceClp: offer.priceClp,
      state: 'invited' as const,
      nextChargeAt: null,
      cancelAtPeriodEnd: false,
      createdAt: inv.createdAt.toISOString(),
    })),
    ...subs.map(({ sub, offer, client }) => ({
      id: sub.id,
      kind: 'subscription' as const,
      email: client.email,
      name: `${client.firstName} ${client.lastName}`.trim(),
      offerId: offer.id,
      offerTitle: offer.title,
      priceClp: sub.priceClp,
      state: sub.state,
      nextChargeAt: sub.state !== 'cancelled' && !sub.cancelAtPeriodEnd ? (sub.currentPeriodEnd?.toISOString() ?? null) : null,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      createdAt: sub.createdAt.toISOString(),
    })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return { data, limit: billing.limit, used: await placesUsed(app.db, billing.trainer.id, now) }
}

/** The trainer ends a client's subscription now: no further charge. */
export async function cancelClientByTrainer(app: FastifyInstance, user: AuthUser, subscriptionId: string, ip: string) {
  const { trainer } = await billingOf(app, user, false)
  const [sub] = await app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, subscriptionId)).limit(1)
  if (!sub || sub.trainerId !== trainer.id) throw notFound('No such client', { id: 'notFound' })
  if (sub.state !== 'cancelled') {
    if (sub.provider === app.payments.name)
      await app.payments.clients.cancelSubscription({
        subscriptionId: sub.providerSubscriptionId,
        accountId: sub.providerAccountId,
        atPeriodEnd: false,
      })
    await app.db.transaction(async (tx) => {
      await tx
        .update(clientSubscriptions)
        .set({ state: 'cancelled', cancelledAt: new Date() })
        .where(and(eq(clientSubscriptions.id, sub.id), isNull(clientSubscriptions.cancelledAt)))
      await recordAudit(tx, {
        action: 'client.cancel',
        actor: { id: user.id, email: user.email, role: user.role },
        ip,
        subjectType: 'client_subscription',
        subjectId: sub.id,
        before: { state: sub.state },
      })
    })
  }
  const list = await listClients(app, user)
  return list.data.find((c) => c.id === sub.id)!
}

/** Public: a trainer's active offers (the app's trainer page). */
export async function publicOffers(app: FastifyInstance, trainerId: string) {
  // A trainer deactivated by an operator (users.is_active) or closed (trainers.is_active) sells nothing (issue 19).
  const [row] = await app.db
    .select({ trainer: trainers })
    .from(trainers)
    .innerJoin(users, eq(users.id, trainers.userId))
    .where(and(eq(trainers.id, trainerId), eq(trainers.isActive, true), eq(users.isActive, true)))
    .limit(1)
  const trainer = row?.trainer
  if (!trainer) throw notFound('No such trainer', { trainerId: 'notFound' })
  const rows = await app.db
    .select()
    .from(offers)
    .where(and(eq(offers.trainerId, trainer.id), isNull(offers.retiredAt)))
    .orderBy(offers.priceClp)
  return {
    trainer: { id: trainer.id, firstName: trainer.firstName, lastName: trainer.lastName },
    data: rows.map((r) => {
      const { retired: _r, createdAt: _c, ...offer } = toOffer(r)
      return offer
    }),
  }
}
