import type { FastifyInstance } from 'fastify'
import { webhookEvents } from '../../db/schema.ts'
import { NoWebhooksError, WebhookSignatureError, type ProviderEvent, type WebhookHeaders } from '../../providers/payments/types.ts'
import { applyBillingEvent, enforceOneTrial } from '../billing/service.ts'
import { applyClientEvent, runFollowUps, type FollowUp } from '../client-billing/events.ts'
import type { Tx } from '../../db/client.ts'
import { applyAccountUpdate } from '../payout-onboarding/service.ts'
import { badRequest, notFound } from '../../errors.ts'

/**
 * The one webhook dispatcher (decision 091): the provider in use verifies and reduces the event;
 * the event id is recorded in the same transaction that applies it (a second delivery, or a
 * failed first one's retry, is decided once); each module applies its side in that transaction;
 * calls to the provider that must follow the commit (transfers) run after it.
 */
export async function receiveWebhook(app: FastifyInstance, providerName: string, rawBody: unknown, headers: WebhookHeaders) {
  const provider = app.payments
  if (providerName !== provider.name) throw notFound('No webhooks for this payment provider')
  if (!Buffer.isBuffer(rawBody)) throw badRequest('Expected a JSON body')
  let event: ProviderEvent
  try {
    event = await provider.parseWebhook(rawBody, headers)
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw badRequest('Invalid webhook signature')
    if (err instanceof NoWebhooksError) throw notFound('No webhooks for this payment provider')
    throw err
  }
  const { duplicate, completion, followUps } = await app.db.transaction((tx) => applyEventInTx(app, tx, event))
  if (completion) await enforceOneTrial(app, completion)
  await runFollowUps(app, followUps)
  return { event, duplicate }
}

/**
 * An event of the provider in use, applied in `tx` with its id recorded: the webhook's, or one we
 * learn first ourselves (a card charge we made, decision 249), so both paths apply it once. The
 * caller runs the follow-ups after the commit.
 */
export async function applyEventInTx(app: FastifyInstance, tx: Tx, event: ProviderEvent) {
  const fresh = await tx
    .insert(webhookEvents)
    .values({ id: event.id, provider: app.payments.name, type: event.type })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id })
  if (fresh.length === 0) return { duplicate: true, completion: undefined, followUps: [] as FollowUp[] }
  const completion = await applyBillingEvent(tx, app.payments.name, event)
  if (event.kind === 'account.updated') await applyAccountUpdate(tx, event.accountId, event.chargesEnabled, event.detailsSubmitted)
  return { duplicate: false, completion, followUps: await applyClientEvent(app, tx, event) }
}
