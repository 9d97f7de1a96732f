import {
  OTP_RESEND_COOLDOWN_SECONDS,
  type ClientCheckoutRequest,
  type InvitationConfirm,
  type InvitationConfirmed,
  type InvitationDetails,
  type MySubscription,
  type OtpSent,
} from '@app/contracts'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { randomBytes } from 'node:crypto'
import type { Tx } from '../../db/client.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import {
  clientCheckouts,
  clientInvitations,
  clientSubscriptions,
  offers,
  otpCodes,
  payoutAccounts,
  trainers,
  users,
} from '../../db/schema.ts'
import { conflict, notFound, unprocessable } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { maskEmail } from '../../plugins/mailer.ts'
import { startSession } from '../auth/sessions.ts'
import { ownUrl } from '../../lib/own-url.ts'
import { digestVerificationToken, latestCode, sendNewCode, verifyCode } from '../signup/service.ts'
import { findUserByEmail, hashPassword, insertUser, toUser } from '../users/service.ts'
import { assertOldEnough } from '../privacy/age.ts'
import { recordConsents, signupConsents } from '../privacy/consents.ts'
import { billingOf, invitationDigest, placesUsed, toOffer } from './trainer.ts'
import { queueCancelledMail } from '../withdrawal/mails.ts'
import { withdrawableUntil, withinWithdrawal } from '../withdrawal/window.ts'

/** A stored open checkout is handed out again this long; the provider's own session lasts 24 hours. */
const CHECKOUT_REUSE_MS = 23 * 3600_000

const invalidInvitation = () => notFound('This invitation is invalid or has expired', { token: 'invalidOrExpired' })

/** A pending, unexpired invitation of an active offer, by the token of its link. */
async function usableInvitation(db: Tx, token: string) {
  const [row] = await db
    .select({ invitation: clientInvitations, offer: offers, trainer: trainers, trainerActive: users.isActive })
    .from(clientInvitations)
    .innerJoin(offers, eq(offers.id, clientInvitations.offerId))
    .innerJoin(trainers, eq(trainers.id, clientInvitations.trainerId))
    .leftJoin(users, eq(users.id, trainers.userId))
    .where(eq(clientInvitations.tokenHash, invitationDigest(token)))
    .limit(1)
  if (!row || row.invitation.expiresAt.getTime() <= Date.now() || row.invitation.state === 'revoked') throw invalidInvitation()
  // A deactivated trainer's invitations are refused like expired ones (issue 19).
  if (!row.trainerActive || !row.trainer.isActive) throw invalidInvitation()
  return row
}

export async function invitationDetails(app: FastifyInstance, token: string): Promise<InvitationDetails> {
  const { invitation, offer, trainer } = await usableInvitation(app.db, token)
  if (invitation.state !== 'pending') throw invalidInvitation()
  const { retired: _r, createdAt: _c, ...shown } = toOffer(offer)
  return {
    trainer: { id: trainer.id, firstName: trainer.firstName, lastName: trainer.lastName },
    offer: shown,
    emailHint: maskEmail(invitation.email),
    expiresAt: invitation.expiresAt.toISOString(),
  }
}

/**
 * Mails a one-time code to the invited address (the existing code service). Asked again while
 * the last code is fresh it answers the same and sends nothing, like `otp/generate`.
 */
export async function sendInvitationCode(app: FastifyInstance, token: string): Promise<OtpSent> {
  const { invitation } = await usableInvitation(app.db, token)
  if (invitation.state !== 'pending') throw invalidInvitation()
  const now = Date.now()
  const last = await latestCode(app.db, invitation.email)
  const cooldownEnds = last ? last.sentAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000 : 0
  if (last && !last.voidedAt && !last.consumedAt && last.expiresAt.getTime() > now && cooldownEnds > now) {
    return {
      ok: true,
      resendAfterSeconds: Math.ceil((cooldownEnds - now) / 1000),
      expiresInSeconds: Math.ceil((last.expiresAt.getTime() - now) / 1000),
    }
  }
  return sendNewCode(app, invitation.email, now)
}

/**
 * The code proves the client reads the invited address: the client account is found or created
 * (role member, e-mail verified) and signed in. Accounts of other roles sign in with their password.
 */
export async function confirmInvitation(
  app: FastifyInstance,
  token: string,
  input: InvitationConfirm,
  ip: string,
): Promise<InvitationConfirmed> {
  const { invitation } = await usableInvitation(app.db, token)
  if (invitation.state !== 'pending') throw invalidInvitation()
  const existing = await findUserByEmail(app.db, invitation.email)
  if (existing && existing.role !== 'member')
    throw conflict('This e-mail has an account: sign in with its password to continue', { email: 'emailAlreadyExists' })
  if (existing && !existing.isActive) throw unprocessable({ email: 'inactive' }, 'This account is disabled')
  if (!existing && (!input.firstName || !input.lastName || !input.birthDate))
    throw unprocessable({
      ...(input.firstName ? {} : { firstName: 'required' }),
      ...(input.lastName ? {} : { lastName: 'required' }),
      ...(input.birthDate ? {} : { birthDate: 'required' }),
    } as Record<string, 'required'>)
  if (!existing) assertOldEnough(input.birthDate!)
  const verified = await verifyCode(app, invitation.email, input.otp)
  // A password nobody knows: the client signs in with codes, or sets one through a reset.
  const passwordHash = existing ? undefined : await hashPassword(randomBytes(24).toString('base64url'))
  return app.db.transaction(async (tx) => {
    const consumed = await tx
      .update(otpCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(otpCodes.verificationTokenHash, digestVerificationToken(verified.verificationToken)), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id })
    if (consumed.length === 0) throw unprocessable({ otp: 'invalidOrExpired' }, 'The code is invalid or has expired')
    let user =
      existing ??
      (await insertUser(tx, {
        email: invitation.email,
        password: '',
        passwordHash,
        firstName: input.firstName!,
        lastName: input.lastName!,
        role: 'member',
      }))
    user ??= await findUserByEmail(tx, invitation.email)
    if (!user || user.role !== 'member')
      throw conflict('This e-mail has an account: sign in with its password to continue', { email: 'emailAlreadyExists' })
    if (!user.emailVerifiedAt) [user] = await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id)).returning()
    // Issue 20: a new client account records the birth date and accepts the terms and privacy policy shown on the invitation.
    if (!existing) {
      ;[user] = await tx.update(users).set({ birthDate: input.birthDate }).where(eq(users.id, user.id)).returning()
      await recordConsents(tx, signupConsents(user.id, 'client-invitation', ip))
    }
    await tx.update(clientInvitations).set({ clientUserId: user.id }).where(eq(clientInvitations.id, invitation.id))
    const pair = await startSession(tx, app.tokens, user, app.config.REFRESH_TOKEN_TTL, ip)
    return { ...pair, user: toUser(user) }
  })
}

const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}'
const SESSION_PLACEHOLDER_ENCODED = encodeURIComponent(SESSION_PLACEHOLDER)

/**
 * The server adds the one `sid` placeholder itself: a copy the caller put in its own return URL
 * would reach the person's address bar literally (issue 32), so it is dropped.
 */
function withoutPlaceholders(url: URL) {
  for (const [name, value] of [...url.searchParams]) if (value.includes(SESSION_PLACEHOLDER)) url.searchParams.delete(name, value)
  return url
}

/**
 * Starts the provider's checkout for the invited offer. Only the invited person (a session of
 * the invited e-mail) may, never the trainer, and never for a retired offer or a revoked or used
 * invitation. The price and split are read here, never from the request.
 */
export async function startClientCheckout(app: FastifyInstance, user: AuthUser, token: string, input: ClientCheckoutRequest) {
  const successUrl = withoutPlaceholders(new URL(ownUrl(app.config, input.successRedirect, 'successRedirect')))
  const cancelRedirect = ownUrl(app.config, input.cancelRedirect, 'cancelRedirect')
  const { invitation, offer, trainer } = await usableInvitation(app.db, token)
  if (invitation.email !== user.email.toLowerCase()) throw notFound('This invitation is for another e-mail', { token: 'notFound' })
  if (trainer.userId === user.id) throw unprocessable({ token: 'invalid' }, 'You cannot subscribe to your own offer')
  if (invitation.state === 'accepted') throw conflict('You already subscribed with this invitation', { token: 'alreadySubscribed' })
  if (offer.retiredAt) throw unprocessable({ offer: 'notPurchasable' }, 'This offer is no longer available')
  const [live] = await app.db
    .select({ id: clientSubscriptions.id })
    .from(clientSubscriptions)
    .where(
      and(
        eq(clientSubscriptions.clientUserId, user.id),
        eq(clientSubscriptions.trainerId, trainer.id),
        eq(clientSubscriptions.state, 'active'),
      ),
    )
    .limit(1)
  if (live) throw conflict('You already have a subscription with this trainer', { token: 'alreadySubscribed' })
  // The trainer must still be able to charge (subscription, payouts) when the client pays.
  if (!trainer.userId) throw invalidInvitation()
  const billing = await billingOf(app, { id: trainer.userId }, true).catch(() => {
    throw unprocessable({ offer: 'notPurchasable' }, 'This trainer cannot take payments right now')
  })
  // At most one open checkout per invitation (issue 19, unique index): asked again, or twice at
  // once, the client gets the same one while the provider still takes it.
  const reusable = async () => {
    const open = await openCheckoutOf(app.db, invitation.id)
    if (!open) return null
    if (open.clientUserId === user.id && Date.now() - open.createdAt.getTime() < CHECKOUT_REUSE_MS) return open
    await app.db
      .update(clientCheckouts)
      .set({ status: 'expired' })
      .where(and(eq(clientCheckouts.id, open.id), eq(clientCheckouts.status, 'open')))
    return null
  }
  const open = await reusable()
  if (open) return { url: open.url, checkoutId: open.id }
  const [account] = await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, trainer.userId)).limit(1)
  successUrl.searchParams.set('sid', SESSION_PLACEHOLDER)
  const checkout = await app.payments.clients.createCheckout({
    clientUserId: user.id,
    clientEmail: invitation.email,
    offer: { id: offer.id, title: offer.title, priceClp: offer.priceClp },
    chargeMode: billing.gym ? 'platform' : 'direct',
    trainerAccountId: account?.providerAccountId ?? null,
    platformFeeBps: billing.rates.platform,
    metadata: { kind: 'client', invitationId: invitation.id, clientUserId: user.id },
    successUrl: successUrl.toString(),
    cancelUrl: cancelRedirect,
  })
  try {
    await app.db.insert(clientCheckouts).values({
      id: checkout.id,
      provider: app.payments.name,
      invitationId: invitation.id,
      clientUserId: user.id,
      successRedirect: successUrl.toString().replaceAll(SESSION_PLACEHOLDER_ENCODED, checkout.id),
      cancelRedirect,
      url: checkout.url,
    })
  } catch (err) {
    // A parallel call stored its checkout first: answer that one (ours is never shown, and expires at the provider).
    const winner = isUniqueViolation(err) ? await openCheckoutOf(app.db, invitation.id) : undefined
    if (winner) return { url: winner.url, checkoutId: winner.id }
    throw err
  }
  return { url: checkout.url, checkoutId: checkout.id }
}

export interface ClientSubscriptionStart {
  providerSubscriptionId: string
  customerId: string | null
  /** The connected account the subscription lives on (direct charges). */
  accountId: string | null
  currentPeriodEnd: Date | null
}

/** Why a paid completion did not start a subscription (stored on the checkout, issue 19). */
export type CompletionRefusal = 'invitationNotPending' | 'offerRetired' | 'trainerInactive' | 'trainerCannotCharge' | 'clientLimitReached'

export type Completion = { sub: typeof clientSubscriptions.$inferSelect; refusal: null } | { sub: null; refusal: CompletionRefusal | null }

/**
 * A paid client checkout starts the subscription with a snapshot of the price and of the split
 * rates in force now (the gym's stored rates, or 95/5). Safe to apply twice: the checkout and
 * invitation rows are locked and a completed checkout answers its subscription. Everything the
 * start of the checkout checked is checked again here, in the same transaction (issue 19): the
 * invitation still pending, the offer not retired, the trainer active and able to charge, and
 * the client limit not exceeded. A refusal closes the checkout with its reason; the caller gives
 * the money back (or, with a provider that runs here, never takes it).
 */
export async function completeClientCheckout(
  app: FastifyInstance,
  tx: Tx,
  checkoutId: string,
  start: ClientSubscriptionStart,
): Promise<Completion> {
  const [checkout] = await tx.select().from(clientCheckouts).where(eq(clientCheckouts.id, checkoutId)).limit(1).for('update')
  if (!checkout) return { sub: null, refusal: null }
  const [existing] = await tx
    .select()
    .from(clientSubscriptions)
    .where(eq(clientSubscriptions.providerSubscriptionId, start.providerSubscriptionId))
    .limit(1)
  if (existing) return { sub: existing, refusal: null }
  if (checkout.status === 'complete') {
    // Completed by an earlier call (a parallel payment, or the other of a provider's two events).
    const [done] = await tx.select().from(clientSubscriptions).where(eq(clientSubscriptions.invitationId, checkout.invitationId)).limit(1)
    return done ? { sub: done, refusal: null } : { sub: null, refusal: null }
  }
  if (checkout.status !== 'open') return { sub: null, refusal: (checkout.refusal as CompletionRefusal | null) ?? 'invitationNotPending' }
  const [row] = await tx
    .select({ invitation: clientInvitations, offer: offers, trainer: trainers, trainerUser: users })
    .from(clientInvitations)
    .innerJoin(offers, eq(offers.id, clientInvitations.offerId))
    .innerJoin(trainers, eq(trainers.id, clientInvitations.trainerId))
    .leftJoin(users, eq(users.id, trainers.userId))
    .where(eq(clientInvitations.id, checkout.invitationId))
    .limit(1)
    .for('update', { of: clientInvitations })
  const refuse = async (refusal: CompletionRefusal): Promise<Completion> => {
    await tx.update(clientCheckouts).set({ status: 'expired', refusal, completedAt: new Date() }).where(eq(clientCheckouts.id, checkout.id))
    app.log.warn({ checkoutId: checkout.id, refusal }, 'client checkout paid but refused')
    return { sub: null, refusal }
  }
  if (!row || row.invitation.state !== 'pending') return refuse('invitationNotPending')
  if (row.offer.retiredAt) return refuse('offerRetired')
  if (!row.trainer.userId || !row.trainerUser?.isActive || !row.trainer.isActive) return refuse('trainerInactive')
  const billing = await billingOf(app, { id: row.trainer.userId }, true, tx).catch(() => null)
  if (!billing) return refuse('trainerCannotCharge')
  // The invitation being paid holds one of the places (even past its expiry): more than the limit means a lower plan now.
  const now = new Date()
  const held = row.invitation.expiresAt.getTime() <= now.getTime() ? 1 : 0
  if ((await placesUsed(tx, row.trainer.id, now)) + held > billing.limit) return refuse('clientLimitReached')
  const [sub] = await tx
    .insert(clientSubscriptions)
    .values({
      clientUserId: checkout.clientUserId,
      trainerId: row.trainer.id,
      offerId: row.offer.id,
      invitationId: row.invitation.id,
      gymId: billing.gym?.id ?? null,
      priceClp: row.offer.priceClp,
      trainerBps: billing.rates.trainer,
      gymBps: billing.rates.gym,
      platformBps: billing.rates.platform,
      state: 'active',
      provider: checkout.provider,
      providerSubscriptionId: start.providerSubscriptionId,
      providerCustomerId: start.customerId,
      providerAccountId: start.accountId,
      currentPeriodEnd: start.currentPeriodEnd,
    })
    .returning()
  await tx.update(clientCheckouts).set({ status: 'complete', completedAt: new Date() }).where(eq(clientCheckouts.id, checkout.id))
  await tx
    .update(clientInvitations)
    .set({ state: 'accepted', acceptedAt: new Date(), clientUserId: checkout.clientUserId })
    .where(eq(clientInvitations.id, row.invitation.id))
  return { sub, refusal: null }
}

/** The open client checkout of an invitation (a provider's invoice may arrive before the checkout event). */
export async function openCheckoutOf(db: Tx, invitationId: string) {
  const [row] = await db
    .select()
    .from(clientCheckouts)
    .where(and(eq(clientCheckouts.invitationId, invitationId), eq(clientCheckouts.status, 'open')))
    .orderBy(desc(clientCheckouts.createdAt))
    .limit(1)
  return row
}

export async function mySubscriptions(app: FastifyInstance, user: AuthUser) {
  const rows = await app.db
    .select({ sub: clientSubscriptions, offer: offers, trainer: trainers })
    .from(clientSubscriptions)
    .innerJoin(offers, eq(offers.id, clientSubscriptions.offerId))
    .innerJoin(trainers, eq(trainers.id, clientSubscriptions.trainerId))
    .where(eq(clientSubscriptions.clientUserId, user.id))
    .orderBy(desc(clientSubscriptions.createdAt))
  const now = new Date()
  return {
    data: rows.map(({ sub, offer, trainer }): MySubscription => ({
      id: sub.id,
      trainer: { id: trainer.id, firstName: trainer.firstName, lastName: trainer.lastName },
      offerTitle: offer.title,
      priceClp: sub.priceClp,
      state: sub.state,
      currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      createdAt: sub.createdAt.toISOString(),
      withdrawableUntil:
        sub.state !== 'cancelled' && withinWithdrawal(sub.createdAt, now) ? withdrawableUntil(sub.createdAt).toISOString() : null,
    })),
  }
}

async function mySubscription(app: FastifyInstance, user: AuthUser, id: string) {
  const [sub] = await app.db
    .select()
    .from(clientSubscriptions)
    .where(and(eq(clientSubscriptions.id, id), eq(clientSubscriptions.clientUserId, user.id)))
    .limit(1)
  if (!sub) throw notFound('No such subscription', { id: 'notFound' })
  return sub
}

export async function clientPortal(app: FastifyInstance, user: AuthUser, id: string, rawReturnUrl: string) {
  const returnUrl = ownUrl(app.config, rawReturnUrl, 'returnUrl')
  const sub = await mySubscription(app, user, id)
  return app.payments.clients.createPortal({
    clientUserId: user.id,
    customerId: sub.providerCustomerId,
    accountId: sub.providerAccountId,
    returnUrl,
  })
}

/**
 * The client stops renewing, in one tap: the paid period runs to its end, then the subscription
 * ends; the client is mailed the end date in their language (decision 224). Asked again, nothing
 * changes and no second mail goes.
 */
export async function cancelMySubscription(app: FastifyInstance, user: AuthUser, id: string) {
  const sub = await mySubscription(app, user, id)
  if (sub.state !== 'cancelled' && !sub.cancelAtPeriodEnd) {
    if (sub.provider === app.payments.name)
      await app.payments.clients.cancelSubscription({
        subscriptionId: sub.providerSubscriptionId,
        accountId: sub.providerAccountId,
        atPeriodEnd: true,
      })
    await app.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(clientSubscriptions)
        .set({ cancelAtPeriodEnd: true })
        .where(and(eq(clientSubscriptions.id, sub.id), eq(clientSubscriptions.cancelAtPeriodEnd, false)))
        .returning()
      if (changed) await queueCancelledMail(app, tx, changed)
    })
  }
  return (await mySubscriptions(app, user)).data.find((s) => s.id === sub.id)!
}
