import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MERCADOPAGO_FEE_RATE, PLATFORM_ACCOUNT } from './charges.ts'
import { startFakeMercadoPago, type FakeMercadoPago } from './server.ts'

// Decision 249: the fake's card charges (customers, card tokens, payments with the platform's fee,
// advanced payments in disbursements, chargebacks, the card form), without a database.
let fake: FakeMercadoPago
beforeAll(async () => {
  fake = await startFakeMercadoPago()
})
afterAll(() => fake.close())

const mpFee = (amount: number) => Math.round(amount * MERCADOPAGO_FEE_RATE)
const received = (account: number) =>
  fake.balanceOf(account, ['payment', 'application_fee', 'refund', 'application_fee_refund', 'chargeback'])

async function call(method: string, path: string, opts: { token?: string; body?: unknown; key?: string } = {}) {
  const res = await fetch(`${fake.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.key ? { 'x-idempotency-key': opts.key } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any, headers: res.headers }
}

/** A seller links the application: consent on the fake, then the code for tokens. */
async function linkSeller() {
  const redirectUri = 'https://example.com/cobros/vinculacion'
  const form = new URLSearchParams({ client_id: fake.app.clientId, redirect_uri: redirectUri, state: 's', decision: 'allow' })
  const consent = await fetch(`${fake.url}/authorization`, { method: 'POST', body: form, redirect: 'manual' })
  expect(consent.status).toBe(302)
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!
  const tokens = await call('POST', '/oauth/token', {
    body: {
      client_id: fake.app.clientId,
      client_secret: fake.app.clientSecret,
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
    },
  })
  expect(tokens.status).toBe(200)
  return { id: tokens.body.user_id as number, token: tokens.body.access_token as string }
}

/** A token of a typed card, as the browser's SDK makes it with the public key. */
async function cardToken(holder = 'APRO', cardNumber = '5031755734530604') {
  const res = await call('POST', '/v1/card_tokens?public_key=TEST-4815162342-public', {
    body: { card_number: cardNumber, expiration_month: 11, expiration_year: 2030, security_code: '123', cardholder: { name: holder } },
  })
  expect(res.status).toBe(201)
  return res.body.id as string
}

const paymentBody = (token: string, extra: Record<string, unknown> = {}) => ({
  transaction_amount: 10_000,
  token,
  description: 'Plan mensual',
  installments: 1,
  payment_method_id: 'master',
  payer: { email: 'cliente@example.com' },
  ...extra,
})

describe('card tokens', () => {
  it('answers a 32-hex token valid for 7 days, usable once', async () => {
    const res = await call('POST', '/v1/card_tokens?public_key=APP_USR-abc', {
      body: {
        card_number: '5031 7557 3453 0604',
        expiration_month: '11',
        expiration_year: '30',
        security_code: '123',
        cardholder: { name: 'APRO' },
      },
    })
    expect(res.status).toBe(201)
    expect(res.body.id).toMatch(/^[0-9a-f]{32}$/)
    expect(res.body).toMatchObject({ status: 'active', first_six_digits: '503175', last_four_digits: '0604', cardholder: { name: 'APRO' } })
    expect(Date.parse(res.body.date_due) - Date.parse(res.body.date_created)).toBe(7 * 24 * 3600_000)

    const first = await call('POST', '/v1/payments', { token: fake.platformToken, body: paymentBody(res.body.id) })
    expect(first.status).toBe(201)
    const again = await call('POST', '/v1/payments', { token: fake.platformToken, body: paymentBody(res.body.id) })
    expect(again.status).toBe(400)
  })

  it('refuses a missing public key, an invalid one and an expired card', async () => {
    const body = {
      card_number: '5031755734530604',
      expiration_month: 11,
      expiration_year: 2030,
      security_code: '123',
      cardholder: { name: 'APRO' },
    }
    expect((await call('POST', '/v1/card_tokens', { body })).status).toBe(401)
    expect((await call('POST', '/v1/card_tokens?public_key=nope', { body })).status).toBe(401)
    const expired = await call('POST', '/v1/card_tokens?public_key=TEST-x', { body: { ...body, expiration_year: 2001 } })
    expect(expired.status).toBe(400)
  })
})

describe('payments', () => {
  it('a seller payment with an application fee lands 95/5 (Mercado Pago charges its fee to the seller)', async () => {
    const seller = await linkSeller()
    const res = await call('POST', '/v1/payments', {
      token: seller.token,
      body: paymentBody(await cardToken(), { application_fee: 500, external_reference: 'ref-1', metadata: { client_id: 'c1' } }),
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      status: 'approved',
      status_detail: 'accredited',
      collector_id: seller.id,
      application_fee: 500,
      external_reference: 'ref-1',
      metadata: { client_id: 'c1' },
      fee_details: [
        { type: 'application_fee', amount: 500, fee_payer: 'collector' },
        { type: 'mercadopago_fee', amount: mpFee(10_000), fee_payer: 'collector' },
      ],
      transaction_details: { net_received_amount: 10_000 - 500 - mpFee(10_000) },
    })
    expect(fake.balanceOf(seller.id)).toBe(9_500 - mpFee(10_000))
    expect(fake.balanceOf(seller.id, ['payment'])).toBe(9_500)
    expect(fake.movements.filter((m) => m.paymentId === res.body.id && m.account === PLATFORM_ACCOUNT)).toMatchObject([
      { kind: 'application_fee', amount: 500 },
    ])
    expect((await call('GET', `/v1/payments/${res.body.id}`, { token: seller.token })).body.status).toBe('approved')

    // A partial refund gives the fee back in proportion; the rest gives the whole fee back.
    const part = await call('POST', `/v1/payments/${res.body.id}/refunds`, { token: seller.token, body: { amount: 3_000 } })
    expect(part.status).toBe(201)
    expect(fake.payments.get(res.body.id)!.application_fee_refunded).toBe(150)
    expect(fake.movements.filter((m) => m.paymentId === res.body.id && m.account === PLATFORM_ACCOUNT).map((m) => m.amount)).toEqual([
      500, -150,
    ])
    await call('POST', `/v1/payments/${res.body.id}/refunds`, { token: seller.token, body: {} })
    expect(fake.payments.get(res.body.id)).toMatchObject({ status: 'refunded', application_fee_refunded: 500 })
    expect(received(seller.id)).toBe(0)
    expect(
      fake.movements.filter((m) => m.paymentId === res.body.id && m.account === PLATFORM_ACCOUNT).reduce((s, m) => s + m.amount, 0),
    ).toBe(0)
  })

  it('the cardholder decides: APRO, OTHE, FUND, CONT', async () => {
    const outcomes: Record<string, [string, string]> = {
      APRO: ['approved', 'accredited'],
      OTHE: ['rejected', 'cc_rejected_other_reason'],
      FUND: ['rejected', 'cc_rejected_insufficient_amount'],
      CONT: ['pending', 'pending_contingency'],
    }
    for (const [holder, [status, detail]] of Object.entries(outcomes)) {
      const res = await call('POST', '/v1/payments', { token: fake.platformToken, body: paymentBody(await cardToken(holder)) })
      expect(res.status, holder).toBe(201)
      expect([res.body.status, res.body.status_detail], holder).toEqual([status, detail])
      if (status !== 'approved') {
        expect(res.body.fee_details).toEqual([])
        expect(fake.movements.some((m) => m.paymentId === res.body.id)).toBe(false)
      }
    }
  })

  it('refuses decimals in CLP, a fee with the platform token, a fee above the amount, and an unknown token', async () => {
    const seller = await linkSeller()
    expect(
      (
        await call('POST', '/v1/payments', {
          token: fake.platformToken,
          body: paymentBody(await cardToken(), { transaction_amount: 10.5 }),
        })
      ).status,
    ).toBe(400)
    expect(
      (await call('POST', '/v1/payments', { token: fake.platformToken, body: paymentBody(await cardToken(), { application_fee: 100 }) }))
        .status,
    ).toBe(400)
    expect(
      (await call('POST', '/v1/payments', { token: seller.token, body: paymentBody(await cardToken(), { application_fee: 10_001 }) }))
        .status,
    ).toBe(400)
    expect(
      (await call('POST', '/v1/payments', { token: seller.token, body: paymentBody(await cardToken(), { application_fee: 0.5 }) })).status,
    ).toBe(400)
    expect((await call('POST', '/v1/payments', { token: 'APP_USR-unknown', body: paymentBody(await cardToken()) })).status).toBe(401)
  })

  it('the same idempotency key answers the same payment', async () => {
    const body = paymentBody(await cardToken())
    const first = await call('POST', '/v1/payments', { token: fake.platformToken, body, key: 'pay-1' })
    const again = await call('POST', '/v1/payments', { token: fake.platformToken, body, key: 'pay-1' })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.body.id).toBe(first.body.id)
    expect(again.headers.get('x-idempotency-replayed')).toBe('true')
    expect(fake.movements.filter((m) => m.paymentId === first.body.id && m.kind === 'payment')).toHaveLength(1)
  })
})

describe('customers and saved cards', () => {
  it('creates, refuses the same email, finds by email, saves a card once', async () => {
    const made = await call('POST', '/v1/customers', { token: fake.platformToken, body: { email: 'socia@example.com' } })
    expect(made.status).toBe(201)
    expect(made.body.id).toMatch(/^\d{10}-[A-Za-z]{12}$/)
    expect(made.body).toMatchObject({ email: 'socia@example.com', cards: [] })
    const twice = await call('POST', '/v1/customers', { token: fake.platformToken, body: { email: 'socia@example.com' } })
    expect(twice.status).toBe(400)
    expect(twice.body).toMatchObject({ error: 'bad_request', message: 'the customer already exist', cause: [{ code: '101' }] })

    const found = await call('GET', '/v1/customers/search?email=socia@example.com', { token: fake.platformToken })
    expect(found.body).toMatchObject({ paging: { total: 1, limit: 10, offset: 0 }, results: [{ id: made.body.id }] })
    expect((await call('GET', '/v1/customers/search?email=nadie@example.com', { token: fake.platformToken })).body.paging.total).toBe(0)
    // Customers are per account: a seller does not see the platform's.
    const seller = await linkSeller()
    expect((await call('GET', '/v1/customers/search?email=socia@example.com', { token: seller.token })).body.paging.total).toBe(0)
    expect((await call('GET', '/v1/customers/search', { token: 'APP_USR-nope' })).status).toBe(401)

    const token = await cardToken()
    const card = await call('POST', `/v1/customers/${made.body.id}/cards`, { token: fake.platformToken, body: { token } })
    expect(card.status).toBe(201)
    expect(card.body).toMatchObject({
      customer_id: made.body.id,
      first_six_digits: '503175',
      last_four_digits: '0604',
      expiration_month: 11,
      expiration_year: 2030,
      payment_method: { id: 'master' },
      cardholder: { name: 'APRO' },
    })
    expect(card.body.id).toMatch(/^\d+$/)
    // The token was spent; the same card again answers the saved one.
    expect((await call('POST', `/v1/customers/${made.body.id}/cards`, { token: fake.platformToken, body: { token } })).status).toBe(400)
    const same = await call('POST', `/v1/customers/${made.body.id}/cards`, {
      token: fake.platformToken,
      body: { token: await cardToken() },
    })
    expect(same.body.id).toBe(card.body.id)
    const cards = await call('GET', `/v1/customers/${made.body.id}/cards`, { token: fake.platformToken })
    expect(cards.body).toHaveLength(1)
  })

  it('a saved card token without the security code only while card-on-file is enabled; a new holder declines the renewal', async () => {
    const customer = (await call('POST', '/v1/customers', { token: fake.platformToken, body: { email: 'renueva@example.com' } })).body
    const card = (
      await call('POST', `/v1/customers/${customer.id}/cards`, { token: fake.platformToken, body: { token: await cardToken() } })
    ).body
    const saved = (securityCode?: string) =>
      call('POST', '/v1/card_tokens', {
        token: fake.platformToken,
        body: { card_id: card.id, customer_id: customer.id, ...(securityCode ? { security_code: securityCode } : {}) },
      })

    const onFile = await saved()
    expect(onFile.status).toBe(201)
    expect(onFile.body).toMatchObject({ card_id: card.id, status: 'active', last_four_digits: '0604' })
    const payer = { type: 'customer', id: customer.id }
    const paid = await call('POST', '/v1/payments', { token: fake.platformToken, body: paymentBody(onFile.body.id, { payer }) })
    expect(paid.body).toMatchObject({ status: 'approved', payer: { type: 'customer', id: customer.id, email: 'renueva@example.com' } })

    fake.setCardOnFile(false)
    try {
      const refused = await saved()
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ error: 'bad_request', message: 'security_code is required' })
      expect((await saved('123')).status).toBe(201)
    } finally {
      fake.setCardOnFile(true)
    }

    fake.setSavedCardholder(card.id, 'OTHE')
    const renewal = await call('POST', '/v1/payments', { token: fake.platformToken, body: paymentBody((await saved()).body.id, { payer }) })
    expect(renewal.body).toMatchObject({ status: 'rejected', status_detail: 'cc_rejected_other_reason' })
    fake.setCardholder(card.id, 'FUND')
    const again = await call('POST', '/v1/payments', { token: fake.platformToken, body: paymentBody((await saved()).body.id, { payer }) })
    expect(again.body.status_detail).toBe('cc_rejected_insufficient_amount')
  })
})

describe('advanced payments', () => {
  const advancedBody = (token: string, disbursements: Record<string, unknown>[], amount = 10_000) => ({
    payments: [
      {
        payment_method_id: 'master',
        payment_type_id: 'credit_card',
        token,
        transaction_amount: amount,
        installments: 1,
        processing_mode: 'aggregator',
        description: 'Plan mensual',
        external_reference: 'pay-ref',
      },
    ],
    disbursements,
    payer: { email: 'cliente@example.com' },
    external_reference: 'adv-ref',
    binary_mode: true,
    metadata: { client_id: 'c2' },
  })

  it('splits 10,000 into 6,000 for the trainer, 3,500 for the gym and 500 for the platform; refunds per disbursement', async () => {
    const trainer = await linkSeller()
    const gym = await linkSeller()
    const res = await call('POST', '/v1/advanced_payments', {
      token: fake.platformToken,
      body: advancedBody(await cardToken(), [
        { amount: 6_500, collector_id: trainer.id, application_fee: 500, external_reference: 'trainer' },
        { amount: 3_500, collector_id: gym.id, application_fee: 0, external_reference: 'gym' },
      ]),
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      status: 'approved',
      status_detail: 'accredited',
      external_reference: 'adv-ref',
      metadata: { client_id: 'c2' },
      payments: [{ status: 'approved', transaction_amount: 10_000 }],
      disbursements: [
        { amount: 6_500, collector_id: trainer.id, application_fee: 500, external_reference: 'trainer' },
        { amount: 3_500, collector_id: gym.id, application_fee: 0, external_reference: 'gym' },
      ],
    })
    const paymentId = res.body.payments[0].id as number
    expect(received(trainer.id)).toBe(6_000)
    expect(received(gym.id)).toBe(3_500)
    expect(
      fake.movements.filter((m) => m.paymentId === paymentId && m.account === PLATFORM_ACCOUNT).reduce((s, m) => s + m.amount, 0),
    ).toBe(500)
    expect(fake.balanceOf(trainer.id, ['mercadopago_fee'])).toBe(-mpFee(6_500))
    expect(fake.balanceOf(gym.id, ['mercadopago_fee'])).toBe(-mpFee(3_500))

    const payment = await call('GET', `/v1/payments/${paymentId}`, { token: fake.platformToken })
    expect(payment.body).toMatchObject({
      collector_id: PLATFORM_ACCOUNT,
      order: { type: 'advanced_payment', id: res.body.id },
      external_reference: 'pay-ref',
    })
    // Its refunds go per disbursement.
    expect((await call('POST', `/v1/payments/${paymentId}/refunds`, { token: fake.platformToken, body: {} })).status).toBe(400)

    const [trainerD, gymD] = res.body.disbursements as { id: number }[]
    const part = await call('POST', `/v1/advanced_payments/${res.body.id}/disbursements/${trainerD!.id}/refunds`, {
      token: fake.platformToken,
      body: { amount: 1_300 },
    })
    expect(part.status).toBe(201)
    expect(part.body).toMatchObject({ payment_id: paymentId, amount: 1_300, status: 'approved' })
    // 1,300 of 6,500 is a fifth: 100 of the fee goes back from the platform, 1,200 from the trainer.
    expect(received(trainer.id)).toBe(4_800)
    expect(
      fake.movements.filter((m) => m.paymentId === paymentId && m.account === PLATFORM_ACCOUNT).reduce((s, m) => s + m.amount, 0),
    ).toBe(400)
    const tooMuch = await call('POST', `/v1/advanced_payments/${res.body.id}/disbursements/${gymD!.id}/refunds`, {
      token: fake.platformToken,
      body: { amount: 3_501 },
    })
    expect(tooMuch.status).toBe(400)
    const read = await call('GET', `/v1/advanced_payments/${res.body.id}`, { token: fake.platformToken })
    expect(read.body.disbursements[0]).toMatchObject({ amount_refunded: 1_300, application_fee_refunded: 100 })
    expect(fake.payments.get(paymentId)).toMatchObject({ transaction_amount_refunded: 1_300, status: 'approved' })

    // The rest of everything.
    const all = await call('POST', `/v1/advanced_payments/${res.body.id}/refunds`, { token: fake.platformToken })
    expect(all.status).toBe(201)
    expect(all.body.map((r: { amount: number }) => r.amount)).toEqual([5_200, 3_500])
    expect(received(trainer.id)).toBe(0)
    expect(received(gym.id)).toBe(0)
    expect(
      fake.movements.filter((m) => m.paymentId === paymentId && m.account === PLATFORM_ACCOUNT).reduce((s, m) => s + m.amount, 0),
    ).toBe(0)
    expect(fake.payments.get(paymentId)).toMatchObject({ status: 'refunded', transaction_amount_refunded: 10_000 })
    expect(fake.payments.get(paymentId)!.refunds).toHaveLength(3)
  })

  it('refuses a sum that is not the amount, a collector that did not link, a fee above the disbursement; 403 when not enabled', async () => {
    const trainer = await linkSeller()
    const mismatch = await call('POST', '/v1/advanced_payments', {
      token: fake.platformToken,
      body: advancedBody(await cardToken(), [{ amount: 9_000, collector_id: trainer.id, application_fee: 500 }]),
    })
    expect(mismatch.status).toBe(400)
    const unlinked = await call('POST', '/v1/advanced_payments', {
      token: fake.platformToken,
      body: advancedBody(await cardToken(), [{ amount: 10_000, collector_id: 123_456_789, application_fee: 500 }]),
    })
    expect(unlinked.status).toBe(400)
    const feeAbove = await call('POST', '/v1/advanced_payments', {
      token: fake.platformToken,
      body: advancedBody(await cardToken(), [{ amount: 10_000, collector_id: trainer.id, application_fee: 10_001 }]),
    })
    expect(feeAbove.status).toBe(400)
    expect((await call('POST', '/v1/advanced_payments', { token: 'APP_USR-nope', body: {} })).status).toBe(401)

    fake.setAdvancedPayments(false)
    try {
      const off = await call('POST', '/v1/advanced_payments', {
        token: fake.platformToken,
        body: advancedBody(await cardToken(), [{ amount: 10_000, collector_id: trainer.id, application_fee: 500 }]),
      })
      expect(off.status).toBe(403)
      expect(off.body).toMatchObject({ error: 'forbidden', message: 'advanced payments are not enabled for this application' })
    } finally {
      fake.setAdvancedPayments(true)
    }
    const declined = await call('POST', '/v1/advanced_payments', {
      token: fake.platformToken,
      body: advancedBody(await cardToken('FUND'), [{ amount: 10_000, collector_id: trainer.id, application_fee: 500 }]),
    })
    expect(declined.status).toBe(201)
    expect(declined.body).toMatchObject({ status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' })
    expect(received(trainer.id)).toBe(0)
  })

  it('a lost chargeback takes back what is left from each collector and the platform; a won one moves nothing', async () => {
    const trainer = await linkSeller()
    const gym = await linkSeller()
    const res = await call('POST', '/v1/advanced_payments', {
      token: fake.platformToken,
      body: advancedBody(await cardToken(), [
        { amount: 6_500, collector_id: trainer.id, application_fee: 500 },
        { amount: 3_500, collector_id: gym.id, application_fee: 0 },
      ]),
    })
    const paymentId = res.body.payments[0].id as number
    await call('POST', `/v1/advanced_payments/${res.body.id}/disbursements/${res.body.disbursements[1].id}/refunds`, {
      token: fake.platformToken,
      body: { amount: 1_000 },
    })
    const cb = fake.openChargeback(paymentId)
    expect(cb).toMatchObject({
      payments: [paymentId],
      currency: 'CLP',
      amount: 9_000,
      coverage_applied: null,
      documentation_status: 'pending',
    })
    expect(Date.parse(cb.date_documentation_deadline) - Date.parse(cb.date_created)).toBe(7 * 24 * 3600_000)
    expect((await call('GET', `/v1/payments/${paymentId}`, { token: fake.platformToken })).body).toMatchObject({
      status: 'charged_back',
      status_detail: 'in_process',
    })
    expect((await call('GET', `/v1/chargebacks/${cb.id}`, { token: fake.platformToken })).body).toMatchObject({ id: cb.id, amount: 9_000 })
    expect((await call('POST', `/v1/advanced_payments/${res.body.id}/refunds`, { token: fake.platformToken })).status).toBe(400)

    fake.resolveChargeback(cb.id, 'lost')
    expect(received(trainer.id)).toBe(0)
    expect(received(gym.id)).toBe(0)
    expect(
      fake.movements.filter((m) => m.paymentId === paymentId && m.account === PLATFORM_ACCOUNT).reduce((s, m) => s + m.amount, 0),
    ).toBe(0)
    expect(fake.balanceOf(trainer.id, ['chargeback'])).toBe(-6_000)
    expect((await call('GET', `/v1/chargebacks/${cb.id}`, { token: fake.platformToken })).body).toMatchObject({ coverage_applied: false })
    expect(fake.payments.get(paymentId)!.status_detail).toBe('settled')
    expect(() => fake.resolveChargeback(cb.id, 'won')).toThrow()

    // A seller payment's chargeback, won: Mercado Pago covers it, nothing moves.
    const seller = await linkSeller()
    const paid = await call('POST', '/v1/payments', { token: seller.token, body: paymentBody(await cardToken(), { application_fee: 500 }) })
    const won = fake.openChargeback(paid.body.id)
    fake.resolveChargeback(won.id, 'won')
    expect(received(seller.id)).toBe(9_500)
    expect(fake.payments.get(paid.body.id)).toMatchObject({ status: 'charged_back', status_detail: 'reimbursed' })
    expect(fake.chargebacks.get(won.id)!.coverage_applied).toBe(true)
  })
})

describe('the card form', () => {
  it('shows the amount in pesos and answers a token to the return address', async () => {
    const q = new URLSearchParams({
      public_key: 'TEST-4815162342-public',
      amount: '25000',
      description: 'Plan <mensual>',
      return_url: 'https://example.com/pago/vuelta?c=1',
    })
    const page = await fetch(`${fake.url}/checkout/card_form?${q}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('lang="es"')
    expect(html).toContain('$25.000')
    expect(html).toContain('Plan &#60;mensual&#62;')
    expect(html).not.toContain('<mensual>')
    expect(html).toMatch(
      /<label for="cardholder_name">Nombre del titular<\/label> <input id="cardholder_name" name="cardholder_name" value="APRO"/,
    )
    expect(html).toContain('APRO aprueba, OTHE rechaza, FUND fondos insuficientes')
    expect(html).toContain('value="5031 7557 3453 0604"')
    expect(html).toContain('>Pagar</button>')

    const form = new URLSearchParams(q)
    for (const [k, v] of [
      ...html.matchAll(/name="(cardholder_name|card_number|expiration_month|expiration_year|security_code)" value="([^"]*)"/g),
    ].map((m) => [m[1]!, m[2]!]))
      form.set(k, v)
    const posted = await fetch(`${fake.url}/checkout/card_form`, { method: 'POST', body: form, redirect: 'manual' })
    expect(posted.status).toBe(302)
    const back = new URL(posted.headers.get('location')!)
    expect(`${back.origin}${back.pathname}`).toBe('https://example.com/pago/vuelta')
    expect(back.searchParams.get('c')).toBe('1')
    expect(back.searchParams.get('payment_method_id')).toBe('master')
    const token = back.searchParams.get('token')!
    expect(token).toMatch(/^[0-9a-f]{32}$/)
    const paid = await call('POST', '/v1/payments', { token: fake.platformToken, body: paymentBody(token) })
    expect(paid.body.status).toBe('approved')

    form.set('return_url', 'javascript:alert(1)')
    expect((await fetch(`${fake.url}/checkout/card_form`, { method: 'POST', body: form, redirect: 'manual' })).status).toBe(400)
  })
})
