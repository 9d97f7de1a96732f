import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { subscriptions } from '../../db/schema.ts'
import { chileDateTime, chileDayOf } from '../../lib/csv.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { csvColumn, downloadCsv } from '../../testing/csv.ts'
import { createOffer, eligibleTrainer, gymWithTrainer, portal, sandboxClient } from '../client-billing/test-helpers.ts'
import { balanceOf } from '../ledger/service.ts'
import { chileMonth } from '../client-billing/money.ts'
import { trainerWith } from './test-helpers.ts'

// The console's Money page (issue 13): payments made through the sandbox flow of client billing,
// then the summary and the transaction list are checked against the ledger itself.
const ctx = useTestApp()
const get = (url: string, token: string) => call(ctx.app, 'GET', `/api/v1/admin/money${url}`, { token })

describe('admin money', () => {
  it('summary = ledger: MRR in CLP, trials ending in 7 days, past due, platform commission per month; transactions filter, page and export', async () => {
    const admin = (await createUserAndLogin(ctx.app, { role: 'platform_admin' })).token
    // Empty platform: zeros, 12 months.
    let summary = (await get('/summary', admin)).json()
    expect(summary.mrr).toEqual({ totalClp: 0, clients: { clp: 0, count: 0 }, platform: { clp: 0, count: 0, unpriced: 0 } })
    expect(summary.commission).toHaveLength(12)
    expect(summary.commission.at(-1)).toEqual({ month: chileMonth(new Date()), clp: 0 })

    // Independent trainer (95/5): two clients at 25.000; one renews, the other's renewal fails (past due).
    const solo = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, solo.token, { priceClp: 25_000 })
    const c1 = await sandboxClient(ctx.app, solo.token, offer.id)
    const c2 = await sandboxClient(ctx.app, solo.token, offer.id)
    await (await portal(ctx.app, c1.clientToken, c1.subscriptionId)).press('renew')
    await (await portal(ctx.app, c2.clientToken, c2.subscriptionId)).press('fail')
    // Gym trainer (60/35/5): one client at 40.000, then a whole refund of it.
    const gym = await gymWithTrainer(ctx.app)
    const gymOffer = await createOffer(ctx.app, gym.trainer.token, { priceClp: 40_000 })
    await sandboxClient(ctx.app, gym.trainer.token, gymOffer.id)
    const gymPayments = (await call(ctx.app, 'GET', '/api/v1/trainer/payments', { token: gym.trainer.token })).json().data
    const refund = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${gymPayments[0].id}/refunds`, {
      token: gym.trainer.token,
      body: { amountClp: 10_000 },
    })
    expect(refund.statusCode, refund.body).toBe(200)
    // Platform plans: Growth active (48.000), Pro past due, a Starter trial ending in 3 days, one ending in 10 days.
    await trainerWith(ctx.app, { status: 'active', planKey: 'growth' })
    const late = await trainerWith(ctx.app, { status: 'past_due', planKey: 'pro' })
    const ending = await trainerWith(ctx.app, { status: 'trialing', trialEnd: new Date(Date.now() + 3 * 86_400_000) })
    await trainerWith(ctx.app, { status: 'trialing', trialEnd: new Date(Date.now() + 10 * 86_400_000) })

    summary = (await get('/summary', admin)).json()
    // c1 and the gym client are active (c2 past due); the solo and gym trainers' own sandbox plans are trials.
    expect(summary.mrr).toEqual({
      totalClp: 25_000 + 40_000 + 48_000,
      clients: { clp: 65_000, count: 2 },
      platform: { clp: 48_000, count: 1, unpriced: 0 },
    })
    expect(summary.trialsEnding.count).toBe(1)
    expect(summary.trialsEnding.data).toEqual([expect.objectContaining({ userId: ending.user.id, planKey: 'starter' })])
    expect(summary.pastDue.count).toBe(2)
    expect(summary.pastDue.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'client',
          subscriptionId: c2.subscriptionId,
          email: c2.email,
          trainerUserId: solo.userId,
          trainerName: 'Camila Rojas',
          priceClp: 25_000,
        }),
        expect.objectContaining({ kind: 'platform', userId: late.user.id, priceClp: 75_000 }),
      ]),
    )
    // Commission: 3 × 1.250 (solo) + 2.000 − 500 (gym, 5 % of 40.000 less 5 % of the 10.000 refund) = the ledger's platform account.
    const ledgerPlatform = await balanceOf(ctx.app.db, 'platform_revenue')
    expect(ledgerPlatform).toBe(3 * 1_250 + 2_000 - 500)
    expect(summary.commissionTotalClp).toBe(ledgerPlatform)
    expect(summary.commission.at(-1)).toEqual({ month: chileMonth(new Date()), clp: ledgerPlatform })
    expect(summary.commission.reduce((s: number, m: { clp: number }) => s + m.clp, 0)).toBe(ledgerPlatform)

    // Transactions: 4 payments + 1 refund; each sums to zero; the platform column re-adds to the ledger.
    const all = (await get('/transactions?limit=100', admin)).json()
    expect(all.data).toHaveLength(5)
    expect(all.nextCursor).toBeNull()
    for (const t of all.data) expect(t.entries.reduce((s: number, e: { amountClp: number }) => s + e.amountClp, 0)).toBe(0)
    expect(all.data.reduce((s: number, t: { platformClp: number }) => s + t.platformClp, 0)).toBe(ledgerPlatform)
    expect(all.data[0]).toMatchObject({
      kind: 'refund',
      amountClp: 10_000,
      platformClp: -500,
      trainer: { userId: gym.trainer.userId, name: 'Gabriel Gym' },
    })

    // Filters: kind, trainer (user id), account, date range.
    expect((await get('/transactions?kind=refund', admin)).json().data.map((t: { id: string }) => t.id)).toEqual([all.data[0].id])
    const soloTx = (await get(`/transactions?trainer=${solo.userId}`, admin)).json().data
    expect(soloTx).toHaveLength(3)
    expect(soloTx.every((t: { trainer: { userId: string } }) => t.trainer.userId === solo.userId)).toBe(true)
    expect((await get(`/transactions?account=gym:${gym.gymId}`, admin)).json().data).toHaveLength(2)
    expect((await get(`/transactions?to=${all.data.at(-1).at}`, admin)).json().data).toHaveLength(0)
    expect((await get(`/transactions?from=${new Date(Date.now() + 60_000).toISOString()}`, admin)).json().data).toHaveLength(0)

    // Pages of 2: no repeats, no gaps, same order as one page.
    const seen: string[] = []
    let cursor = ''
    do {
      const page = (await get(`/transactions?limit=2${cursor ? `&cursor=${cursor}` : ''}`, admin)).json()
      expect(page.data.length).toBeLessThanOrEqual(2)
      seen.push(...page.data.map((t: { id: string }) => t.id))
      cursor = page.nextCursor ?? ''
    } while (cursor)
    expect(seen).toEqual(all.data.map((t: { id: string }) => t.id))

    // CSV: one line per entry; the platform_revenue lines add up to the ledger; Chile's clock; words
    // in the operator's language with the account code beside them (decision 201).
    const csv = await downloadCsv(ctx.app, '/api/v1/admin/money/transactions/export.csv', admin)
    expect(csv.filename).toBe(`libro-contable_${chileDayOf(new Date())}.csv`)
    expect(csv.header).toEqual([
      'Fecha',
      'Tipo',
      'Cuenta',
      'Importe (CLP)',
      'Entrenador',
      'Código de cuenta',
      'ID del pago',
      'ID del movimiento',
    ])
    expect(csv.rows.length).toBe(all.data.reduce((s: number, t: { entries: unknown[] }) => s + t.entries.length, 0))
    const amounts = csvColumn(csv, 'Importe (CLP)').map(Number)
    const codes = csvColumn(csv, 'Código de cuenta')
    expect(amounts.filter((_, i) => codes[i] === 'platform_revenue').reduce((s, v) => s + v, 0)).toBe(ledgerPlatform)
    expect(amounts.reduce((s, v) => s + v, 0)).toBe(0)
    const refundRows = csv.rows.filter((r) => r.at(-1) === all.data[0].id)
    const byCode = Object.fromEntries(refundRows.map((r) => [r[5], r]))
    expect(byCode[`trainer:${gym.trainer.trainerId}`].slice(0, 5)).toEqual([
      chileDateTime(new Date(all.data[0].at)),
      'Reembolso',
      'Entrenador: Gabriel Gym',
      '-6000',
      'Gabriel Gym',
    ])
    expect(byCode[`gym:${gym.gymId}`][2]).toBe('Gimnasio: Gym Central')
    expect(byCode.platform_revenue[2]).toBe('Plataforma (comisiones)')
    expect(byCode.provider_clearing.slice(2, 4)).toEqual(['Proveedor de pagos (por liquidar)', '10000'])
    expect(byCode.provider_clearing[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[34]:00$/)
    const refundsOnly = await downloadCsv(ctx.app, '/api/v1/admin/money/transactions/export.csv?kind=refund', admin, 'en')
    expect(refundsOnly.filename).toBe(`ledger_${chileDayOf(new Date())}.csv`)
    expect(refundsOnly.rows).toHaveLength(all.data[0].entries.length)
    expect(new Set(csvColumn(refundsOnly, 'Kind'))).toEqual(new Set(['Refund']))
    expect(csvColumn(refundsOnly, 'Account')).toContain('Payment provider (clearing)')

    // A platform plan without a CLP price is counted apart, not as 0 revenue silently.
    await ctx.app.db.update(subscriptions).set({ status: 'active' }).where(eq(subscriptions.userId, late.user.id))
    await ctx.app.db.execute(`update plans set price_clp = null where key = 'pro'`)
    expect((await get('/summary', admin)).json().mrr.platform).toEqual({ clp: 48_000, count: 1, unpriced: 1 })
  })

  it('bad filters are 422 with a field code and the page stays unchanged', async () => {
    const admin = (await createUserAndLogin(ctx.app, { role: 'platform_admin' })).token
    const cases: [string, Record<string, string>][] = [
      ['kind=salary', { kind: 'invalid' }],
      ['account=trainer:1;drop', { account: 'invalid' }],
      ['trainer=abc', { trainer: 'invalid' }],
      ['limit=101', { limit: 'invalid' }],
      ['from=2026-11-10&to=2026-11-01', { to: 'invalid' }],
      ['cursor=bm9wZQ', { cursor: 'invalid' }],
    ]
    for (const [q, errors] of cases) {
      const res = await get(`/transactions?${q}`, admin)
      expect(res.statusCode, q).toBe(422)
      expect(res.json().errors, q).toEqual(errors)
    }
    expect((await get('/transactions/export.csv?kind=x', admin)).statusCode).toBe(422)
  })
})
