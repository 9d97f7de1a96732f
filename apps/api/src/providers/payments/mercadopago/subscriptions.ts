import type { CheckoutInput, ProviderSubscription } from '../types.ts'
import type { MercadoPagoClient } from './client.ts'

/**
 * The trainer's platform plan as a Mercado Pago subscription (decision 207, issue 26 slice 2):
 * a `preapproval` in CLP, monthly, with `free_trial` of `trialDays` days when the person has not
 * had one; the payer authorizes it on Mercado Pago's page (`init_point`) and comes back to
 * `back_url`. Mercado Pago charges each month itself, retries a declined charge and cancels the
 * subscription after repeated declines; we read its state and map it to ours.
 */
export interface MercadoPagoPreapproval {
  id: string
  status: 'pending' | 'authorized' | 'paused' | 'cancelled'
  payer_email?: string
  external_reference?: string | null
  init_point: string
  next_payment_date?: string | null
  date_created?: string
  last_modified?: string
  auto_recurring: {
    frequency: number
    frequency_type: 'months' | 'days'
    transaction_amount: number
    currency_id: string
    free_trial?: { frequency: number; frequency_type: 'months' | 'days' } | null
  }
  summarized?: { charged_quantity?: number | null; last_charged_date?: string | null; semaphore?: string | null } | null
}

/** One platform-plan subscription per person and checkout attempt: a retried request creates nothing twice. */
export const preapprovalKey = (input: Pick<CheckoutInput, 'userId' | 'plan' | 'trialDays'>, attempt: string) =>
  `plan-preapproval:${input.userId}:${input.plan.id}:${input.trialDays}:${attempt}`

export async function createPlanPreapproval(
  client: MercadoPagoClient,
  accessToken: string,
  input: CheckoutInput,
  attempt: string,
): Promise<{ id: string; url: string }> {
  if (!input.plan.priceClp || !Number.isInteger(input.plan.priceClp))
    throw new Error('a plan charged by Mercado Pago needs a whole CLP price')
  const preapproval = await client.post<MercadoPagoPreapproval>('/preapproval', {
    accessToken,
    idempotencyKey: preapprovalKey(input, attempt),
    body: {
      reason: input.plan.title,
      external_reference: input.userId,
      payer_email: input.customerEmail,
      back_url: input.successUrl,
      status: 'pending',
      auto_recurring: {
        frequency: 1,
        frequency_type: 'months',
        transaction_amount: input.plan.priceClp,
        currency_id: 'CLP',
        ...(input.trialDays > 0 ? { free_trial: { frequency: input.trialDays, frequency_type: 'days' } } : {}),
      },
    },
  })
  return { id: preapproval.id, url: preapproval.init_point }
}

export async function fetchPreapproval(client: MercadoPagoClient, accessToken: string, id: string) {
  return client.get<MercadoPagoPreapproval>(`/preapproval/${encodeURIComponent(id)}`, { accessToken })
}

/** Cancel (at once: Mercado Pago has no "at period end"), pause or resume; the card is changed on Mercado Pago's page. */
export async function setPreapprovalStatus(
  client: MercadoPagoClient,
  accessToken: string,
  id: string,
  status: 'cancelled' | 'paused' | 'authorized',
  idempotencyKey: string,
) {
  return client.put<MercadoPagoPreapproval>(`/preapproval/${encodeURIComponent(id)}`, { accessToken, idempotencyKey, body: { status } })
}

const TRIAL_DAY_MS = 24 * 3600_000

/**
 * Mercado Pago's subscription in our words: pending → incomplete (not yet authorized); authorized
 * within the free trial → trialing; authorized and last charge approved → active; authorized while
 * a declined charge is being retried (semaphore yellow/red) → past_due; paused → paused;
 * cancelled → canceled (Mercado Pago's own cancellation after repeated declines included).
 * `currentPeriodEnd` is the next payment date (the trial's end during the trial).
 */
export function toProviderSubscription(p: MercadoPagoPreapproval, now = Date.now()): ProviderSubscription {
  const created = p.date_created ? Date.parse(p.date_created) : now
  const trial = p.auto_recurring.free_trial
  const charged = (p.summarized?.charged_quantity ?? 0) > 0
  const next = p.next_payment_date ? new Date(p.next_payment_date) : null
  const trialEnd = trial && !charged && next ? next : trial && !charged ? new Date(created + trial.frequency * TRIAL_DAY_MS) : null
  const retrying = p.summarized?.semaphore === 'yellow' || p.summarized?.semaphore === 'red'
  let status: ProviderSubscription['status']
  switch (p.status) {
    case 'pending':
      status = 'incomplete'
      break
    case 'paused':
      status = 'paused'
      break
    case 'cancelled':
      status = 'canceled'
      break
    default:
      status = retrying ? 'past_due' : trialEnd && trialEnd.getTime() > now ? 'trialing' : 'active'
  }
  return {
    id: p.id,
    customerId: null,
    status,
    trialEnd,
    currentPeriodEnd: next,
    cancelAtPeriodEnd: false,
    cancelledAt: p.status === 'cancelled' && p.last_modified ? new Date(p.last_modified) : null,
  }
}
