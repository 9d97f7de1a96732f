import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutInput } from '../types.ts'
import { MercadoPagoApiError, mercadoPagoClient } from './client.ts'
import { RETRY_DAYS, SUBSCRIPTION_RETRIES, startFakeMercadoPago, type FakeMercadoPago, type TestCardholder } from './fake/server.ts'
import { createPlanPreapproval, fetchPreapproval, setPreapprovalStatus, toProviderSubscription } from './subscriptions.ts'

// Issue 26, slice 2 (decision 207): the trainer's plan as a preapproval with a 30-day free trial, on the fake.
const DAY = 24 * 3600_000
let clock = Date.parse('2026-11-27T15:00:00Z')
let fake: FakeMercadoPago
beforeAll(async () => {
  fake = await startFakeMercadoPago({ now: () => clock })
})
afterAll(() => fake.close())
const client = () => mercadoPagoClient({ baseUrl: fake.url, timeoutMs: 2000 })

const input = (over: Partial<CheckoutInput> = {}): CheckoutInput => ({
  userId: crypto.randomUUID(),
  customerEmail: 'entrenadora@example.com',
  trialDays: 30,
  plan: { id: crypto.randomUUID(), key: 'starter', title: 'Plan Starter', priceClp: 19000 },
  successUrl: 'http://localhost:3000/auth/stripe/success?session_id=x',
  cancelUrl: 'http://localhost:3000/precios',
  ...over,
})

/** The payer on Mercado Pago's page with a documented test cardholder name. */
async function authorize(initPoint: string, holder: TestCardholder) {
  const url = new URL(initPoint)
  expect((await fetch(url)).status).toBe(200)
  const res = await fetch(`${fake.url}/subscriptions/checkout`, {
    method: 'POST',
    body: new URLSearchParams({ preapproval_id: url.searchParams.get('preapproval_id')!, cardholder_name: holder }),
    redirect: 'manual',
  })
  expect(res.status).toBe(302)
  return new URL(res.headers.get('location')!)
}

const state = async (id: string) => toProviderSubscription(await fetchPreapproval(client(), fake.platformToken, id), clock)

describe('the trainer plan as a Mercado Pago preapproval', () => {
  it('pending → trialing for 30 days, charged monthly in whole pesos after the trial; the same attempt creates it once', async () => {
    const trainer = input()
    const created = await createPlanPreapproval(client(), fake.platformToken, trainer, 'attempt-1')
    expect(await createPlanPreapproval(client(), fake.platformToken, trainer, 'attempt-1')).toEqual(created)
    expect(fake.preapprovals.size).toBeGreaterThanOrEqual(1)
    expect((await state(created.id)).status).toBe('incomplete')

    const back = await authorize(created.url, 'APRO')
    expect(back.searchParams.get('preapproval_id')).toBe(created.id)
    const trialing = await state(created.id)
    expect(trialing.status).toBe('trialing')
    expect(trialing.trialEnd?.toISOString()).toBe('2026-12-27T15:00:00.000Z')
    expect(trialing.currentPeriodEnd?.toISOString()).toBe('2026-12-27T15:00:00.000Z')
    expect(fake.runBilling()).toEqual([])

    clock = Date.parse('2026-12-27T15:00:01Z')
    const [first] = fake.runBilling()
    expect(first).toMatchObject({ status: 'approved', transaction_amount: 19000, currency_id: 'CLP' })
    const active = await state(created.id)
    expect(active.status).toBe('active')
    expect(active.currentPeriodEnd?.toISOString()).toBe('2027-01-27T15:00:00.000Z')

    clock = Date.parse('2027-01-27T16:00:00Z')
    expect(fake.runBilling().map((c) => c.status)).toEqual(['approved'])
    expect((await state(created.id)).currentPeriodEnd?.toISOString()).toBe('2027-02-27T15:00:00.000Z')
  })

  it('no trial for someone who had one: the first month is charged when authorizing', async () => {
    const created = await createPlanPreapproval(client(), fake.platformToken, input({ trialDays: 0 }), 'a')
    await authorize(created.url, 'APRO')
    const sub = await state(created.id)
    expect(sub.status).toBe('active')
    expect(sub.trialEnd).toBeNull()
    expect(fake.authorizedPayments.filter((p) => p.preapproval_id === created.id).map((p) => p.status)).toEqual(['approved'])
  })

  it('a declined renewal is past_due while Mercado Pago retries, then cancelled after the last retry; a new card before that recovers it', async () => {
    clock = Date.parse('2026-11-27T15:00:00Z')
    const declining = await createPlanPreapproval(client(), fake.platformToken, input(), 'a')
    const recovering = await createPlanPreapproval(client(), fake.platformToken, input(), 'a')
    await authorize(declining.url, 'OTHE')
    await authorize(recovering.url, 'OTHE')
    expect((await state(declining.id)).status).toBe('trialing')

    clock = Date.parse('2026-12-27T16:00:00Z')
    fake.runBilling()
    expect((await state(declining.id)).status).toBe('past_due')
    expect((await state(recovering.id)).status).toBe('past_due')

    // The second trainer puts in a card that works before the retries run out.
    fake.setCardholder(recovering.id, 'APRO')
    clock += (SUBSCRIPTION_RETRIES + 1) * RETRY_DAYS * DAY
    fake.runBilling()
    const cancelled = await state(declining.id)
    expect(cancelled.status).toBe('canceled')
    expect(cancelled.cancelledAt).not.toBeNull()
    expect(fake.authorizedPayments.filter((p) => p.preapproval_id === declining.id)).toHaveLength(SUBSCRIPTION_RETRIES + 1)
    const recovered = await state(recovering.id)
    expect(recovered.status).toBe('active')
    // The period keeps its day: paid on the first retry, the next charge is a month after the original date.
    expect(recovered.currentPeriodEnd?.toISOString()).toBe('2027-01-27T15:00:00.000Z')
  })

  it('cancel, pause and resume from our pages; a cancelled one cannot come back; non-integer CLP is refused', async () => {
    clock = Date.parse('2026-11-27T15:00:00Z')
    const created = await createPlanPreapproval(client(), fake.platformToken, input(), 'a')
    await authorize(created.url, 'APRO')
    await setPreapprovalStatus(client(), fake.platformToken, created.id, 'paused', 'pause-1')
    expect((await state(created.id)).status).toBe('paused')
    await setPreapprovalStatus(client(), fake.platformToken, created.id, 'authorized', 'resume-1')
    expect((await state(created.id)).status).toBe('trialing')
    await setPreapprovalStatus(client(), fake.platformToken, created.id, 'cancelled', 'cancel-1')
    expect((await state(created.id)).status).toBe('canceled')
    await expect(setPreapprovalStatus(client(), fake.platformToken, created.id, 'authorized', 'resume-2')).rejects.toBeInstanceOf(
      MercadoPagoApiError,
    )

    await expect(
      createPlanPreapproval(client(), fake.platformToken, input({ plan: { id: 'p', key: 'k', title: 'T', priceClp: 19000.5 } }), 'a'),
    ).rejects.toThrow(/whole CLP/)
    const raw = await client()
      .post('/preapproval', {
        accessToken: fake.platformToken,
        body: {
          reason: 'x',
          payer_email: 'a@b.cl',
          back_url: 'http://localhost/x',
          auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 100.5, currency_id: 'CLP' },
        },
      })
      .catch((e: unknown) => e)
    expect(raw).toMatchObject({ status: 400 })
  })
})
