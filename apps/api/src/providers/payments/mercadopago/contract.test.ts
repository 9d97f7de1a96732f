import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MercadoPagoApiError, mercadoPagoClient } from './client.ts'
import { startFakeMercadoPago } from './fake/server.ts'
import { mercadoPagoLinking } from './linking.ts'
import { mercadoPagoMovements } from './movements.ts'
import { createPlanPreapproval, fetchPreapproval, setPreapprovalStatus, toProviderSubscription } from './subscriptions.ts'
import { customerFor, saveCard, savedCardMethod, savedCardToken, type MercadoPagoPayment } from './client-charges.ts'

// Issue 26: the calls the provider makes, as one contract. Without credentials it runs against our
// fake (so the fake keeps to it in every run); with MERCADOPAGO_TEST_ACCESS_TOKEN (a test seller's
// TEST-… token) the same scenarios run against Mercado Pago itself, so the fake can be checked
// where the internet is available. MERCADOPAGO_TEST_PAYER_EMAIL: a test buyer of the same country;
// MERCADOPAGO_TEST_PUBLIC_KEY: the same test seller's public key (cards are tokenized with it).
const realToken = process.env.MERCADOPAGO_TEST_ACCESS_TOKEN
const payerEmail = process.env.MERCADOPAGO_TEST_PAYER_EMAIL ?? 'test_user_cl@testuser.com'
let baseUrl = process.env.MERCADOPAGO_BASE_URL ?? 'https://api.mercadopago.com'
let token = realToken ?? ''
let fake: Awaited<ReturnType<typeof startFakeMercadoPago>> | null = null

beforeAll(async () => {
  if (realToken) return
  fake = await startFakeMercadoPago()
  baseUrl = fake.url
  token = fake.platformToken
})
afterAll(() => fake?.close())

describe(realToken ? 'Mercado Pago contract (Mercado Pago itself)' : 'Mercado Pago contract (the fake)', () => {
  const client = () => mercadoPagoClient({ baseUrl, timeoutMs: 20_000 })

  it(
    'a plan preapproval in whole CLP with a free trial: created pending, replayed by its key, read back, cancelled',
    { timeout: 60_000 },
    async () => {
      const input = {
        userId: randomUUID(),
        customerEmail: payerEmail,
        trialDays: 30,
        plan: { id: randomUUID(), key: 'contract', title: 'Plan de prueba (contrato)', priceClp: 19_990 },
        successUrl: 'https://example.com/registro/exito',
        cancelUrl: 'https://example.com/registro/plan',
      }
      const attempt = randomUUID()
      const created = await createPlanPreapproval(client(), token, input, attempt)
      // Mercado Pago's page where the payer authorizes it (init_point) names it.
      expect(new URL(created.url).searchParams.get('preapproval_id')).toBe(created.id)
      // The same idempotency key and body: the same preapproval, not a second one.
      expect((await createPlanPreapproval(client(), token, input, attempt)).id).toBe(created.id)

      const read = await fetchPreapproval(client(), token, created.id)
      expect(read).toMatchObject({ id: created.id, status: 'pending', external_reference: input.userId })
      expect(read.auto_recurring).toMatchObject({ transaction_amount: 19_990, currency_id: 'CLP', frequency: 1, frequency_type: 'months' })
      expect(read.auto_recurring.free_trial).toMatchObject({ frequency: 30, frequency_type: 'days' })
      expect(toProviderSubscription(read).status).toBe('incomplete')

      const cancelled = await setPreapprovalStatus(client(), token, created.id, 'cancelled', `contract-cancel:${created.id}`)
      expect(cancelled.status).toBe('cancelled')
      expect(toProviderSubscription(await fetchPreapproval(client(), token, created.id)).status).toBe('canceled')
    },
  )

  it('a CLP amount with decimals is refused, as the fake refuses it', { timeout: 30_000 }, async () => {
    const refused = client().post('/preapproval', {
      accessToken: token,
      body: {
        reason: 'Decimales',
        payer_email: payerEmail,
        back_url: 'https://example.com',
        status: 'pending',
        auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 19_990.5, currency_id: 'CLP' },
      },
    })
    await expect(refused).rejects.toBeInstanceOf(MercadoPagoApiError)
  })

  it(
    'an unknown payment answers 404, its refund is refused; the payments search pages as ledger:reconcile reads it',
    { timeout: 60_000 },
    async () => {
      await expect(client().get('/v1/payments/1')).rejects.toMatchObject({ status: expect.any(Number) })
      await expect(client().post('/v1/payments/1/refunds', { accessToken: token, body: { amount: 1 } })).rejects.toBeInstanceOf(
        MercadoPagoApiError,
      )
      const source = mercadoPagoMovements({ baseUrl: () => baseUrl, accessToken: () => token, timeoutMs: 20_000, pageSize: 10 })
      const day = 86_400_000
      for await (const movement of source.listMoneyMovements({ from: new Date(Date.now() - 30 * day), to: new Date() }, new Set())) {
        expect(['plan_charge', 'plan_refund', 'charge', 'refund', 'dispute']).toContain(movement.kind)
        expect(Number.isInteger(movement.amountClp)).toBe(true)
      }
    },
  )

  it(
    'a test card (decision 249): tokenized with the public key, saved on a customer, charged by a saved-card token in whole CLP and replayed by its key; OTHE declines; a partial refund returns that part',
    { timeout: 90_000 },
    async () => {
      const publicKey = process.env.MERCADOPAGO_TEST_PUBLIC_KEY ?? 'TEST-contract-public-key'
      const cardToken = async (holder: string) =>
        (
          await client().post<{ id: string }>('/v1/card_tokens', {
            query: { public_key: publicKey },
            body: {
              card_number: '5031755734530604',
              expiration_month: 11,
              expiration_year: 2030,
              security_code: '123',
              cardholder: { name: holder, identification: { type: 'RUT', number: '111111111' } },
            },
          })
        ).id
      const email = `contract-${randomUUID().slice(0, 8)}@testuser.com`
      const customerId = await customerFor(client(), token, email)
      // Asked again, the customer is found, not made twice.
      expect(await customerFor(client(), token, email)).toBe(customerId)
      const { cardId } = await saveCard(client(), token, customerId, await cardToken('APRO'), `contract-card:${email}`)
      expect(await savedCardMethod(client(), token, customerId, cardId)).toBe('master')
      const pay = (cardTokenId: string, key: string) =>
        client().post<MercadoPagoPayment>('/v1/payments', {
          accessToken: token,
          idempotencyKey: key,
          body: {
            transaction_amount: 5_000,
            token: cardTokenId,
            description: 'Contrato de pagos con tarjeta',
            installments: 1,
            payment_method_id: 'master',
            payer: { type: 'customer', id: customerId, email },
            binary_mode: true,
            metadata: { kind: 'contract' },
          },
        })
      const key = `contract-pay:${randomUUID()}`
      const saved = await savedCardToken(client(), token, customerId, cardId, `contract-token:${key}`)
      const approved = await pay(saved, key)
      expect(approved).toMatchObject({ status: 'approved', transaction_amount: 5_000, currency_id: 'CLP' })
      // The same key and body (a retried call): the first payment, not a second charge.
      expect((await pay(saved, key)).id).toBe(approved.id)
      expect((await pay(await cardToken('OTHE'), `contract-pay:${randomUUID()}`)).status).toBe('rejected')
      const refund = await client().post<{ id: number; amount: number }>(`/v1/payments/${approved.id}/refunds`, {
        accessToken: token,
        idempotencyKey: `contract-refund:${approved.id}`,
        body: { amount: 1_000 },
      })
      expect(refund.amount).toBe(1_000)
      const read = await client().get<MercadoPagoPayment>(`/v1/payments/${approved.id}`, { accessToken: token })
      expect(read.transaction_amount_refunded).toBe(1_000)
    },
  )

  it('the access token is recognised by /users/me (the payout link check)', { timeout: 30_000 }, async () => {
    const linking = mercadoPagoLinking({
      clientId: process.env.MERCADOPAGO_CLIENT_ID ?? 'unused',
      clientSecret: process.env.MERCADOPAGO_CLIENT_SECRET ?? 'unused',
      webhookSecret: 'unused',
      baseUrl: () => baseUrl,
      authUrl: () => process.env.MERCADOPAGO_AUTH_URL ?? 'https://auth.mercadopago.cl',
      timeoutMs: 20_000,
    })
    expect(await linking.isAuthorized(token)).toBe(true)
    expect(await linking.isAuthorized('TEST-not-a-token')).toBe(false)
  })
})
