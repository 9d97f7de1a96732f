import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { clientPayments, ledgerEntries, ledgerTransactions, users } from '../../db/schema.ts'
import { chileDateTime, chileDayOf } from '../../lib/csv.ts'
import { call, useTestApp } from '../../testing/app.ts'
import { csvColumn, downloadCsv } from '../../testing/csv.ts'
import { checkLedger } from '../ledger/check.ts'
import { accounts, balanceOf } from '../ledger/service.ts'
import { createOffer, eligibleTrainer, gymWithTrainer, sandboxClient } from './test-helpers.ts'

// Issue 23 point 6 (decision 201): the files say what the screens say. Dates on Chile's clock with
// their offset, the file name dated on the same clock, headers and states in the reader's language,
// and the trainer's ledger file holds only the trainer's own account, each entry in a sentence.
const ctx = useTestApp()

const download = (url: string, token: string, language?: string) => downloadCsv(ctx.app, `/api/v1${url}`, token, language)
const column = csvColumn

// A payment booked at 00:07 UTC on 24 November 2026 is 21:07 on the 23rd in Chile (summer, -03:00).
const LATE_EVENING = new Date('2026-11-24T00:07:00Z')
const NOVEMBER = 'from=2026-11-01&to=2026-11-23'

describe('client-billing CSV files (issue 23 point 6)', () => {
  it("the trainer's payments: Chile's clock with offset, a file name on the same days, Spanish or the screen's English", async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token, { priceClp: 25_000 })
    const client = await sandboxClient(ctx.app, trainer.token, offer.id)
    await ctx.app.db.update(clientPayments).set({ paidAt: LATE_EVENING }).where(eq(clientPayments.trainerId, trainer.trainerId))

    const es = await download(`/trainer/payments.csv?${NOVEMBER}`, trainer.token)
    expect(es.filename).toBe('pagos_2026-11-01_2026-11-23.csv')
    expect(es.header).toEqual([
      'ID del pago',
      'Fecha de pago',
      'Cliente',
      'Oferta',
      'Monto (CLP)',
      'Reembolsado (CLP)',
      'Tu parte (CLP)',
      'Parte del gimnasio (CLP)',
      'Comisión de la plataforma (CLP)',
      'Estado',
    ])
    expect(es.rows).toHaveLength(1)
    expect(column(es, 'Fecha de pago')).toEqual(['2026-11-23T21:07:00-03:00'])
    expect(column(es, 'Cliente')).toEqual([client.email])
    expect(column(es, 'Monto (CLP)')).toEqual(['25000'])
    expect(column(es, 'Estado')).toEqual(['Pagado'])

    // The last day of the file is the payment's Chile day: a period ending on the 22nd leaves it out.
    const before = await download('/trainer/payments.csv?from=2026-11-01&to=2026-11-22', trainer.token)
    expect(before.filename).toBe('pagos_2026-11-01_2026-11-22.csv')
    expect(before.rows).toEqual([])

    // A screen switched to English asks in English; the states follow.
    const [payment] = (await call(ctx.app, 'GET', `/api/v1/trainer/payments?${NOVEMBER}`, { token: trainer.token })).json().data
    const refund = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${payment.id}/refunds`, {
      token: trainer.token,
      body: { amountClp: 5_000 },
    })
    expect(refund.statusCode, refund.body).toBe(200)
    const en = await download(`/trainer/payments.csv?${NOVEMBER}`, trainer.token, 'en-US,en;q=0.9,es;q=0.8')
    expect(en.filename).toBe('payments_2026-11-01_2026-11-23.csv')
    expect(en.header).toEqual([
      'Payment ID',
      'Paid at',
      'Client',
      'Offer',
      'Amount (CLP)',
      'Refunded (CLP)',
      'Your share (CLP)',
      'Gym share (CLP)',
      'Platform commission (CLP)',
      'State',
    ])
    expect(column(en, 'Paid at')).toEqual(['2026-11-23T21:07:00-03:00'])
    expect(column(en, 'Refunded (CLP)')).toEqual(['5000'])
    expect(column(en, 'State')).toEqual(['Partly refunded'])
    // Spanish first in the list wins over the English after it.
    expect((await download(`/trainer/payments.csv?${NOVEMBER}`, trainer.token, 'es-CL,en;q=0.5')).filename).toBe(
      'pagos_2026-11-01_2026-11-23.csv',
    )
  })

  it("the trainer's ledger file: only their own account's entries, each said in words, no account ids", async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token, { title: 'Plan fuerza', priceClp: 25_000 })
    const client = await sandboxClient(ctx.app, trainer.token, offer.id)
    const [payment] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.trainerId, trainer.trainerId))
    const refund = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${payment.id}/refunds`, {
      token: trainer.token,
      body: { amountClp: 10_000 },
    })
    expect(refund.statusCode, refund.body).toBe(200)

    const today = chileDayOf(new Date())
    const file = await download('/trainer/ledger.csv', trainer.token)
    expect(file.filename).toMatch(new RegExp(`^movimientos_\\d{4}-\\d{2}-\\d{2}_${today}\\.csv$`))
    expect(file.header).toEqual(['Fecha', 'Movimiento', 'Descripción', 'Cliente', 'Oferta', 'Importe (CLP)', 'ID del pago'])
    expect(column(file, 'Movimiento')).toEqual(['Pago', 'Reembolso'])
    expect(column(file, 'Descripción')).toEqual([
      'Pago de Carla Cliente por «Plan fuerza»: $25.000 menos la comisión de la plataforma ($1.250)',
      'Reembolso a Carla Cliente por «Plan fuerza»: se descuenta tu parte',
    ])
    expect(column(file, 'Importe (CLP)')).toEqual(['23750', '-9500'])
    expect(column(file, 'Cliente')).toEqual([client.email, client.email])
    expect(column(file, 'ID del pago')).toEqual([payment.id, payment.id])
    // The dates are the stored instants on Chile's clock.
    const booked = await ctx.app.db
      .select({ at: ledgerTransactions.createdAt })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.paymentId, payment.id))
      .orderBy(ledgerTransactions.createdAt)
    expect(column(file, 'Fecha')).toEqual(booked.map((b) => chileDateTime(b.at)))
    for (const at of column(file, 'Fecha')) expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[34]:00$/)
    // No account of the platform, the provider or anyone else, and no id but the payment's.
    expect(file.body).not.toMatch(/provider_clearing|platform_revenue|trainer:|gym:|receivable/)
    const ids = file.body.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? []
    expect(new Set(ids)).toEqual(new Set([payment.id]))
    // What the file adds up to is what the platform holds for the trainer.
    expect(column(file, 'Importe (CLP)').reduce((s, v) => s + Number(v), 0)).toBe(
      await balanceOf(ctx.app.db, accounts.trainer(trainer.trainerId)),
    )

    // A payout booked late on the 23rd in Chile (00:07 UTC on the 24th) is in the November file
    // ending on the 23rd, with the time the screen shows.
    await ctx.app.db.transaction(async (tx) => {
      const [txn] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'transfer', sourceKey: `transfer:test:${payment.id}`, paymentId: payment.id, createdAt: LATE_EVENING })
        .returning()
      await tx.insert(ledgerEntries).values([
        { transactionId: txn.id, account: accounts.trainer(trainer.trainerId), amountClp: -14_250 },
        { transactionId: txn.id, account: accounts.providerClearing, amountClp: 14_250 },
      ])
    })
    const november = await download(`/trainer/ledger.csv?${NOVEMBER}`, trainer.token)
    expect(november.filename).toBe('movimientos_2026-11-01_2026-11-23.csv')
    expect(november.rows).toEqual([
      [
        '2026-11-23T21:07:00-03:00',
        'Transferencia a tu cuenta',
        'Transferido a tu cuenta de pagos: pago de Carla Cliente por «Plan fuerza»',
        client.email,
        'Plan fuerza',
        '-14250',
        payment.id,
      ],
    ])

    // The account's stored language when the request names none (a script, a saved link).
    await ctx.app.db.update(users).set({ language: 'en' }).where(eq(users.id, trainer.userId))
    const en = await download(`/trainer/ledger.csv?${NOVEMBER}`, trainer.token)
    expect(en.filename).toBe('ledger_2026-11-01_2026-11-23.csv')
    expect(en.header).toEqual(['Date', 'Entry', 'Description', 'Client', 'Offer', 'Amount (CLP)', 'Payment ID'])
    expect(en.rows[0].slice(0, 3)).toEqual([
      '2026-11-23T21:07:00-03:00',
      'Payout to your account',
      'Paid out to your payout account: payment from Carla Cliente for “Plan fuerza”',
    ])
    expect((await checkLedger(ctx.app.db)).problems).toEqual([])
  })

  it("the gym owner's commissions: the owner's language, names instead of ids, the period's days in the name", async () => {
    const gym = await gymWithTrainer(ctx.app)
    const offer = await createOffer(ctx.app, gym.trainer.token, { priceClp: 30_001 })
    await sandboxClient(ctx.app, gym.trainer.token, offer.id)
    const month = chileDayOf(new Date()).slice(0, 7)
    const range = `from=${month}-01&to=${chileDayOf(new Date())}`

    await ctx.app.db.update(users).set({ language: 'en' }).where(eq(users.id, gym.owner.userId))
    const en = await download(`/business/commissions.csv?${range}`, gym.owner.token)
    expect(en.filename).toBe(`commissions_${month}-01_${chileDayOf(new Date())}.csv`)
    expect(en.header).toEqual([
      'Month',
      'Trainer',
      'Payments',
      'Gross (CLP)',
      'Refunded (CLP)',
      'Trainer share (CLP)',
      'Gym share (CLP)',
      'Platform commission (CLP)',
    ])
    expect(en.rows).toEqual([[month, 'Gabriel Gym', '1', '30001', '0', '18001', '10500', '1500']])
    expect(en.body).not.toContain(gym.trainer.trainerId)

    const es = await download(`/business/commissions.csv?${range}`, gym.owner.token, 'es')
    expect(es.filename).toBe(`comisiones_${month}-01_${chileDayOf(new Date())}.csv`)
    expect(es.header).toEqual([
      'Mes',
      'Entrenador',
      'Pagos',
      'Bruto (CLP)',
      'Reembolsado (CLP)',
      'Parte del entrenador (CLP)',
      'Parte del gimnasio (CLP)',
      'Comisión de la plataforma (CLP)',
    ])
    expect(column(es, 'Parte del gimnasio (CLP)')).toEqual([String(await balanceOf(ctx.app.db, accounts.gym(gym.gymId)))])
  })
})
