import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { clientPayments, ledgerEntries, mailOutbox } from '../../db/schema.ts'
import { call, freshIp, useTestApp } from '../../testing/app.ts'
import { csvColumn, parseCsv } from '../../testing/csv.ts'
import { checkLedger } from '../ledger/check.ts'
import { balanceOf } from '../ledger/service.ts'
import { confirmClient, createOffer, eligibleTrainer, gymWithTrainer, invite, portal, sandboxClient } from './test-helpers.ts'

// Issue 12's journey on the sandbox, through the API: offer → invitation → code → payment →
// renewal → failed renewal → refund → income, CSV and ledger agree.
const ctx = useTestApp()
const get = (url: string, token: string) => call(ctx.app, 'GET', `/api/v1${url}`, { token })
const sumCsv = (csv: string, column: string) => {
  const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''))
  return csvColumn({ header, rows }, column).reduce((s, v) => s + Number(v), 0)
}

describe('client billing on the sandbox', () => {
  it('independent trainer: a client pays 25.000, the trainer nets 95 %; renewal, failed renewal, refunds; CSV = ledger', async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token, { priceClp: 25_000 })
    const client = await sandboxClient(ctx.app, trainer.token, offer.id)

    // The invitation mail carried the link as a secret (redacted once delivered).
    const [mail] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, client.email))
    expect(mail.secrets).toEqual(expect.arrayContaining([expect.stringContaining(`/invitacion/${client.link}`), client.link]))

    let clients = (await get('/trainer/clients', trainer.token)).json()
    expect(clients.data).toHaveLength(1)
    expect(clients.data[0]).toMatchObject({ kind: 'subscription', email: client.email, state: 'active', priceClp: 25_000 })
    expect(new Date(clients.data[0].nextChargeAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
    expect(clients).toMatchObject({ limit: 5, used: 1 })

    let payments = (await get('/trainer/payments', trainer.token)).json().data
    expect(payments).toEqual([
      expect.objectContaining({ amountClp: 25_000, trainerShareClp: 23_750, gymShareClp: 0, platformShareClp: 1_250, state: 'paid' }),
    ])
    expect(await balanceOf(ctx.app.db, `trainer:${trainer.trainerId}`)).toBe(23_750)

    // The client's portal: renewal charges the next month; a failed renewal makes it past due.
    const p = await portal(ctx.app, client.clientToken, client.subscriptionId)
    expect((await ctx.app.inject({ method: 'GET', url: p.path, remoteAddress: freshIp() })).body).toMatch(/Simular próxima renovación/)
    await p.press('renew')
    await p.press('fail')
    clients = (await get('/trainer/clients', trainer.token)).json()
    expect(clients.data[0].state).toBe('past_due')
    expect((await get('/client/subscriptions', client.clientToken)).json().data[0].state).toBe('past_due')
    await p.press('renew')
    expect((await get('/trainer/clients', trainer.token)).json().data[0].state).toBe('active')
    payments = (await get('/trainer/payments', trainer.token)).json().data
    expect(payments).toHaveLength(3)

    // Refunds: part, then the rest; never above what remains.
    const first = payments[0].id
    let res = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${first}/refunds`, {
      token: trainer.token,
      body: { amountClp: 10_001 },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ refundedClp: 10_001, state: 'partially_refunded' })
    res = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${first}/refunds`, { token: trainer.token, body: { amountClp: 15_000 } })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ amountClp: 'tooBig' })
    res = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${first}/refunds`, { token: trainer.token, body: {} })
    expect(res.json()).toMatchObject({ refundedClp: 25_000, state: 'refunded' })
    // A full refund after a partial one took back exactly each stored share.
    const entries = await ctx.app.db.select().from(ledgerEntries)
    expect(entries.filter((e) => e.account === `trainer:${trainer.trainerId}`).reduce((s, e) => s + e.amountClp, 0)).toBe(2 * 23_750)

    const month = (await get('/trainer/income', trainer.token)).json().data
    expect(month).toHaveLength(1)
    expect(month[0]).toMatchObject({
      payments: 3,
      grossClp: 75_000,
      refundedClp: 25_000,
      platformCommissionClp: 2_500,
      gymShareClp: 0,
      netClp: 47_500,
    })

    // CSV totals equal the ledger.
    const paymentsCsv = await get('/trainer/payments.csv', trainer.token)
    expect(paymentsCsv.headers['content-type']).toMatch(/^text\/csv/)
    expect(sumCsv(paymentsCsv.body, 'Monto (CLP)')).toBe(75_000)
    expect(sumCsv(paymentsCsv.body, 'Reembolsado (CLP)')).toBe(25_000)
    // The ledger file holds the trainer's own account only: it adds up to what the platform holds for them.
    const ledgerCsv = (await get('/trainer/ledger.csv', trainer.token)).body
    expect(sumCsv(ledgerCsv, 'Importe (CLP)')).toBe(await balanceOf(ctx.app.db, `trainer:${trainer.trainerId}`))

    // Cancellation by the client: the period runs out on the next renewal.
    expect(
      (await call(ctx.app, 'POST', `/api/v1/client/subscriptions/${client.subscriptionId}/cancel`, { token: client.clientToken })).json(),
    ).toMatchObject({ cancelAtPeriodEnd: true, state: 'active' })
    expect((await get('/trainer/clients', trainer.token)).json().data[0].nextChargeAt).toBeNull()
    await p.press('renew')
    expect((await get('/client/subscriptions', client.clientToken)).json().data[0].state).toBe('cancelled')
    expect((await get('/trainer/payments', trainer.token)).json().data).toHaveLength(3)

    expect((await checkLedger(ctx.app.db)).problems).toEqual([])
  })

  it("gym trainer with central billing: 60/35/5 from the gym's stored rates, in both dashboards", async () => {
    const gym = await gymWithTrainer(ctx.app)
    const offer = await createOffer(ctx.app, gym.trainer.token, { priceClp: 30_001 })
    await sandboxClient(ctx.app, gym.trainer.token, offer.id)
    const [payment] = (await get('/trainer/payments', gym.trainer.token)).json().data
    expect(payment).toMatchObject({ amountClp: 30_001, trainerShareClp: 18_001, gymShareClp: 10_500, platformShareClp: 1_500 })
    const income = (await get('/trainer/income', gym.trainer.token)).json().data[0]
    expect(income).toMatchObject({ grossClp: 30_001, gymShareClp: 10_500, platformCommissionClp: 1_500, netClp: 18_001 })

    const commissions = (await get('/business/commissions', gym.owner.token)).json()
    expect(commissions.centralBilling).toBe(true)
    expect(commissions.data).toEqual([
      expect.objectContaining({
        trainerId: gym.trainer.trainerId,
        trainerName: 'Gabriel Gym',
        payments: 1,
        grossClp: 30_001,
        trainerShareClp: 18_001,
        gymShareClp: 10_500,
        platformShareClp: 1_500,
      }),
    ])
    const csv = (await get('/business/commissions.csv', gym.owner.token)).body
    expect(sumCsv(csv, 'Parte del gimnasio (CLP)')).toBe(await balanceOf(ctx.app.db, `gym:${gym.gymId}`))

    // The split is a snapshot: changing the gym's rates later changes no stored payment.
    const before = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.trainerId, gym.trainer.trainerId))
    expect(before[0].gymShareClp).toBe(10_500)
    expect((await checkLedger(ctx.app.db)).problems).toEqual([])
  })

  it('one definition per figure: after a refund, the trainer and the gym owner read the same gross, refunded and shares (issue 23 point 3)', async () => {
    const gym = await gymWithTrainer(ctx.app, { centralBilling: true })
    const offer = await createOffer(ctx.app, gym.trainer.token, { priceClp: 40_000 })
    await sandboxClient(ctx.app, gym.trainer.token, offer.id)
    const [payment] = (await get('/trainer/payments', gym.trainer.token)).json().data
    const refund = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${payment.id}/refunds`, {
      token: gym.trainer.token,
      body: { amountClp: 10_000 },
    })
    expect(refund.statusCode, refund.body).toBe(200)

    const income = (await get('/trainer/income', gym.trainer.token)).json().data[0]
    const [row] = (await get('/business/commissions', gym.owner.token)).json().data
    // Gross is what the client paid, before refunds, on both screens; the refund is its own figure.
    expect(income).toMatchObject({ grossClp: 40_000, refundedClp: 10_000 })
    expect(row).toMatchObject({ grossClp: income.grossClp, refundedClp: income.refundedClp })
    expect(row.trainerShareClp).toBe(income.netClp)
    expect(row.gymShareClp).toBe(income.gymShareClp)
    expect(row.platformShareClp).toBe(income.platformCommissionClp)
    expect(row.trainerShareClp + row.gymShareClp + row.platformShareClp).toBe(row.grossClp - row.refundedClp)
    // The owner's file says the same, with its own refunds column.
    const csv = (await get('/business/commissions.csv', gym.owner.token)).body
    expect(sumCsv(csv, 'Bruto (CLP)')).toBe(40_000)
    expect(sumCsv(csv, 'Reembolsado (CLP)')).toBe(10_000)
  })

  it('the return after paying carries the real checkout id once, never a literal {CHECKOUT_SESSION_ID} (issue 32)', async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token)
    const inv = await invite(ctx.app, trainer.token, offer.id)
    const clientToken = await confirmClient(ctx.app, inv.link, inv.email)
    const origin = ctx.app.config.APP_URL
    // What an older web build sent: its own copy of the placeholder beside a parameter of its own.
    const checkout = await call(ctx.app, 'POST', `/api/v1/client-invitations/${inv.link}/checkout`, {
      token: clientToken,
      body: {
        successRedirect: `${origin}/invitacion/pagada?checkout={CHECKOUT_SESSION_ID}&from=app`,
        cancelRedirect: `${origin}/invitacion/${inv.link}`,
      },
    })
    expect(checkout.statusCode, checkout.body).toBe(200)
    const { url, checkoutId } = checkout.json()
    const pay = await ctx.app.inject({ method: 'POST', url: `${new URL(url).pathname}/pay`, remoteAddress: freshIp() })
    expect(pay.statusCode, pay.body).toBe(303)
    expect(pay.headers.location).toBe(`${origin}/invitacion/pagada?from=app&sid=${checkoutId}`)
  })

  it('the public offer list shows active offers only; an invitation page shows trainer, offer, price and a masked e-mail', async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const kept = await createOffer(ctx.app, trainer.token, { title: 'Kept', priceClp: 20_000 })
    const gone = await createOffer(ctx.app, trainer.token, { title: 'Gone' })
    expect((await call(ctx.app, 'POST', `/api/v1/trainer/offers/${gone.id}/retire`, { token: trainer.token })).json().retired).toBe(true)
    const list = (await call(ctx.app, 'GET', `/api/v1/trainers/${trainer.trainerId}/offers`)).json()
    expect(list.data.map((o: { id: string }) => o.id)).toEqual([kept.id])

    const res = await call(ctx.app, 'POST', '/api/v1/trainer/invitations', {
      token: trainer.token,
      body: { offerId: kept.id, email: 'lucia.perez@example.com' },
    })
    expect(res.statusCode).toBe(200)
    const mail = (await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'lucia.perez@example.com')))[0]
    const link = /\/invitacion\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]
    const details = (await call(ctx.app, 'GET', `/api/v1/client-invitations/${link}`)).json()
    expect(details).toMatchObject({
      offer: { id: kept.id, priceClp: 20_000, title: 'Kept' },
      trainer: { id: trainer.trainerId },
      emailHint: 'l***@example.com',
    })
  })
})
