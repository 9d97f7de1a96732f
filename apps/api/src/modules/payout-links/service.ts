import type { PayoutLink, PayoutLinkOwner } from '@app/contracts'
import { and, eq, lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { openTransaction } from '../../db/transaction-hooks.ts'
import { SPLIT_UNAVAILABLE } from './readiness.ts'
import { createHash, randomBytes } from 'node:crypto'
import { gyms, payoutLinkStates, payoutLinks, trainers, webhookEvents } from '../../db/schema.ts'
import { badRequest, forbidden, notFound, serviceUnavailable, unprocessable } from '../../errors.ts'
import {
  PaymentProviderUnavailableError,
  PayoutLinkRefusedError,
  WebhookSignatureError,
  type PayoutLinking,
  type PayoutLinkTokens,
  type WebhookHeaders,
} from '../../providers/payments/types.ts'
import { periodic } from '../../lib/periodic.ts'

/** The web page the provider sends the person back to with `code` and `state`. */
export const PAYOUT_LINK_RETURN_PATH = '/cobros/vinculacion'
/** A started link must be completed within this. */
export const STATE_TTL_MS = 10 * 60_000
/** Access tokens are refreshed when they have less than this left (the provider's last 180 days). */
export const REFRESH_MARGIN_MS = 30 * 24 * 3600_000

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const sealContext = (linkId: string, field: 'access' | 'refresh') => `payout_links:${linkId}:${field}`

function linkingOf(app: FastifyInstance): PayoutLinking {
  if (!app.payoutLinking) throw notFound('Payout accounts are set up through onboarding with the payment provider in use')
  return app.payoutLinking
}

/** Provider calls: an outage is our 503 (retry later), a refused grant is the person's to redo. */
async function provider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (err) {
    if (err instanceof PaymentProviderUnavailableError)
      throw serviceUnavailable('paymentProviderUnavailable', 'The payment provider is not answering; try again in a minute.', 30)
    if (err instanceof PayoutLinkRefusedError)
      throw unprocessable({ code: 'invalidOrExpired' }, 'The payment provider refused the authorization; link again')
    throw err
  }
}

/** The owner id of `owner` for this person: a trainer links their own account, a gym owner their gym's. */
async function ownerIdFor(app: FastifyInstance, user: { id: string; role: string }, owner: PayoutLinkOwner): Promise<string> {
  if (owner === 'trainer') {
    if (user.role !== 'trainer') throw forbidden('Only trainers link a trainer payout account')
    const [trainer] = await app.db.select({ userId: trainers.userId }).from(trainers).where(eq(trainers.userId, user.id)).limit(1)
    if (!trainer) throw forbidden('Subscribe to a plan before linking a payout account')
    return user.id
  }
  if (user.role !== 'gym_owner') throw forbidden("Only a gym's owner links the gym's payout account")
  const [gym] = await app.db.select({ id: gyms.id }).from(gyms).where(eq(gyms.ownerId, user.id)).limit(1)
  if (!gym) throw notFound('Create your gym first')
  return gym.id
}

/** Starts a link: a single-use state bound to this person, and a PKCE verifier kept sealed until the callback. */
export async function startPayoutLink(app: FastifyInstance, user: { id: string; role: string }, owner: PayoutLinkOwner) {
  const linking = linkingOf(app)
  const ownerId = await ownerIdFor(app, user, owner)
  // A gym's account is only ever paid by split payments (central billing): told now, not after linking (decision 249).
  if (owner === 'gym' && app.cardCharges && !app.cardCharges.splitPayments)
    throw unprocessable({ owner: 'splitUnavailable' }, SPLIT_UNAVAILABLE.message)
  const state = randomBytes(32).toString('base64url')
  const verifier = randomBytes(48).toString('base64url')
  const stateHash = sha256(state)
  await app.db.delete(payoutLinkStates).where(lt(payoutLinkStates.expiresAt, new Date()))
  await app.db.insert(payoutLinkStates).values({
    stateHash,
    userId: user.id,
    ownerKind: owner,
    ownerId,
    codeVerifier: app.secrets.seal(verifier, `payout_link_states:${stateHash}`),
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  })
  const codeChallenge = createHash('sha256').update(verifier).digest('base64url')
  return { authorizationUrl: linking.authorizationUrl({ state, redirectUri: redirectUri(app), codeChallenge }) }
}

const redirectUri = (app: FastifyInstance) => `${app.config.APP_URL}${PAYOUT_LINK_RETURN_PATH}`

/**
 * The person came back with `code` and `state`: the state must be theirs, unused and fresh (it is
 * spent either way); the code is exchanged with the verifier and the tokens stored sealed.
 */
export async function completePayoutLink(
  app: FastifyInstance,
  user: { id: string },
  input: { code: string; state: string },
): Promise<PayoutLink> {
  const linking = linkingOf(app)
  const stateHash = sha256(input.state)
  const [started] = await app.db.delete(payoutLinkStates).where(eq(payoutLinkStates.stateHash, stateHash)).returning()
  if (!started || started.expiresAt.getTime() <= Date.now())
    throw unprocessable({ state: 'invalidOrExpired' }, 'This link request is unknown or expired; start again')
  if (started.userId !== user.id) throw forbidden('This link request was started by someone else')
  const verifier = app.secrets.open(started.codeVerifier, `payout_link_states:${stateHash}`)
  const tokens = await provider(() => linking.exchangeCode({ code: input.code, redirectUri: redirectUri(app), codeVerifier: verifier }))
  await storeLink(app, { ownerKind: started.ownerKind, ownerId: started.ownerId, linkedBy: user.id, provider: linking.name }, tokens)
  return payoutLinkOf(app, started.ownerKind, started.ownerId)
}

async function storeLink(
  app: FastifyInstance,
  who: { ownerKind: PayoutLinkOwner; ownerId: string; linkedBy: string; provider: PayoutLinking['name'] },
  tokens: PayoutLinkTokens,
) {
  await app.db.transaction(async (tx) => {
    // A new link replaces the old one (another account, or the same after a revocation): a fresh row id, fresh seals.
    await tx.delete(payoutLinks).where(and(eq(payoutLinks.ownerKind, who.ownerKind), eq(payoutLinks.ownerId, who.ownerId)))
    const id = crypto.randomUUID()
    await tx.insert(payoutLinks).values({
      id,
      ...who,
      providerUserId: tokens.providerUserId,
      accessToken: app.secrets.seal(tokens.accessToken, sealContext(id, 'access')),
      refreshToken: app.secrets.seal(tokens.refreshToken, sealContext(id, 'refresh')),
      expiresAt: tokens.expiresAt,
      scope: tokens.scope,
      liveMode: tokens.liveMode,
    })
  })
}

export async function payoutLinkOf(app: FastifyInstance, owner: PayoutLinkOwner, ownerId: string): Promise<PayoutLink> {
  const [row] = await app.db
    .select()
    .from(payoutLinks)
    .where(and(eq(payoutLinks.ownerKind, owner), eq(payoutLinks.ownerId, ownerId)))
    .limit(1)
  if (!row) return { owner, status: 'none', providerAccountId: null, linkedAt: null }
  return { owner, status: row.status, providerAccountId: row.providerUserId, linkedAt: row.createdAt.toISOString() }
}

export async function myPayoutLink(app: FastifyInstance, user: { id: string; role: string }, owner: PayoutLinkOwner) {
  linkingOf(app)
  return payoutLinkOf(app, owner, await ownerIdFor(app, user, owner))
}

/** Forgets the link and its tokens (the person can also revoke us in their provider account). */
export async function unlinkPayoutAccount(app: FastifyInstance, user: { id: string; role: string }, owner: PayoutLinkOwner) {
  linkingOf(app)
  const ownerId = await ownerIdFor(app, user, owner)
  await app.db.delete(payoutLinks).where(and(eq(payoutLinks.ownerKind, owner), eq(payoutLinks.ownerId, ownerId)))
  return payoutLinkOf(app, owner, ownerId)
}

/**
 * A working access token for this owner's linked account, refreshed first when it has less than
 * REFRESH_MARGIN_MS left. The row is locked while refreshing, so two callers never spend the same
 * (rotating) refresh token; the new refresh token is stored in the same transaction.
 * null: not linked, or revoked.
 */
export async function payoutAccessToken(
  app: FastifyInstance,
  owner: PayoutLinkOwner,
  ownerId: string,
  now = Date.now(),
): Promise<string | null> {
  const linking = linkingOf(app)
  const refreshIn = async (tx: Tx) => {
    const [row] = await tx
      .select()
      .from(payoutLinks)
      .where(and(eq(payoutLinks.ownerKind, owner), eq(payoutLinks.ownerId, ownerId)))
      .for('update')
      .limit(1)
    if (!row || row.status !== 'linked') return null
    if (row.expiresAt.getTime() - now > REFRESH_MARGIN_MS) return app.secrets.open(row.accessToken, sealContext(row.id, 'access'))
    const refreshToken = app.secrets.open(row.refreshToken, sealContext(row.id, 'refresh'))
    let tokens: PayoutLinkTokens
    try {
      tokens = await linking.refresh(refreshToken)
    } catch (err) {
      if (err instanceof PayoutLinkRefusedError) {
        // The grant is gone (revoked at the provider): the holder must link again.
        await tx.update(payoutLinks).set({ status: 'revoked', updatedAt: new Date() }).where(eq(payoutLinks.id, row.id))
        return null
      }
      throw err
    }
    await tx
      .update(payoutLinks)
      .set({
        accessToken: app.secrets.seal(tokens.accessToken, sealContext(row.id, 'access')),
        refreshToken: app.secrets.seal(tokens.refreshToken, sealContext(row.id, 'refresh')),
        expiresAt: tokens.expiresAt,
        scope: tokens.scope,
        refreshedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(payoutLinks.id, row.id))
    return tokens.accessToken
  }
  // Asked from inside a transaction (a refund holding its payment row): the work joins it.
  const outer = openTransaction.getStore()
  return outer ? refreshIn(outer) : app.db.transaction(refreshIn)
}

/** Refreshes every linked account whose token is within the margin (run hourly by the plugin); answers how many. */
export async function refreshExpiringPayoutLinks(app: FastifyInstance, now = Date.now()) {
  if (!app.payoutLinking) return 0
  const due = await app.db
    .select({ ownerKind: payoutLinks.ownerKind, ownerId: payoutLinks.ownerId })
    .from(payoutLinks)
    .where(and(eq(payoutLinks.status, 'linked'), lt(payoutLinks.expiresAt, new Date(now + REFRESH_MARGIN_MS))))
    .limit(500)
  let refreshed = 0
  for (const link of due) {
    try {
      if (await payoutAccessToken(app, link.ownerKind, link.ownerId, now)) refreshed++
    } catch (err) {
      // An outage: the next run tries again; the token is still valid for weeks.
      app.log.warn({ ownerKind: link.ownerKind, err: (err as Error).message }, 'payout link refresh failed')
    }
  }
  return refreshed
}

/**
 * A provider notification: verified (signature, freshness), recorded once by its id (a replay
 * or duplicate changes nothing), and treated as a trigger: a revocation is checked with the
 * provider before the link is marked revoked.
 */
export async function receivePayoutLinkNotification(
  app: FastifyInstance,
  rawBody: unknown,
  headers: WebhookHeaders,
  query: Record<string, string | undefined>,
): Promise<{ duplicate: boolean }> {
  const linking = linkingOf(app)
  if (!Buffer.isBuffer(rawBody)) throw badRequest('Expected a JSON body')
  let notification
  try {
    notification = linking.parseNotification(rawBody, headers, query)
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw badRequest('Invalid notification signature')
    throw err
  }
  // Recorded in the transaction that applies it: an outage rolls both back and the provider's retry applies it.
  return app.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(webhookEvents)
      .values({ id: `${linking.name}:${notification.id}`, provider: linking.name, type: notification.kind })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id })
    if (fresh.length === 0) return { duplicate: true }
    if (notification.kind === 'account.revoked' && notification.providerUserId) {
      const rows = await tx
        .select()
        .from(payoutLinks)
        .where(
          and(
            eq(payoutLinks.provider, linking.name),
            eq(payoutLinks.providerUserId, notification.providerUserId),
            eq(payoutLinks.status, 'linked'),
          ),
        )
      for (const row of rows) {
        const still = await provider(() => linking.isAuthorized(app.secrets.open(row.accessToken, sealContext(row.id, 'access'))))
        if (!still) await tx.update(payoutLinks).set({ status: 'revoked', updatedAt: new Date() }).where(eq(payoutLinks.id, row.id))
      }
    }
    return { duplicate: false }
  })
}

/** Refreshes due payout tokens every hour (app.ts starts it with the other jobs and stops it on close). */
export function schedulePayoutLinkRefresh(app: FastifyInstance, everyMs = 60 * 60_000) {
  return periodic(app.log, 'payout link refresh', everyMs, async () => app.payoutLinking && refreshExpiringPayoutLinks(app)).stop
}

/** A linked account's working access token by the provider's user id (a notification names the collector); null: not linked here. */
export async function accessTokenOfProviderUser(app: FastifyInstance, providerUserId: string): Promise<string | null> {
  if (!app.payoutLinking) return null
  const [row] = await (openTransaction.getStore() ?? app.db)
    .select({ ownerKind: payoutLinks.ownerKind, ownerId: payoutLinks.ownerId })
    .from(payoutLinks)
    .where(and(eq(payoutLinks.providerUserId, providerUserId), eq(payoutLinks.status, 'linked')))
    .limit(1)
  return row ? payoutAccessToken(app, row.ownerKind, row.ownerId) : null
}

/** Every linked account's working token (ledger:reconcile reads each seller's payments); one that fails to refresh is left out and logged. */
export async function linkedSellerTokens(app: FastifyInstance): Promise<string[]> {
  if (!app.payoutLinking) return []
  const rows = await app.db
    .select({ ownerKind: payoutLinks.ownerKind, ownerId: payoutLinks.ownerId })
    .from(payoutLinks)
    .where(eq(payoutLinks.status, 'linked'))
  const tokens: string[] = []
  for (const row of rows) {
    const token = await payoutAccessToken(app, row.ownerKind, row.ownerId).catch((err: Error) => {
      app.log.warn({ ownerKind: row.ownerKind, err: err.message }, 'a linked account could not be read for reconciliation')
      return null
    })
    if (token) tokens.push(token)
  }
  return tokens
}
