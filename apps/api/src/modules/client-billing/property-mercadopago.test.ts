import { eq, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clientPaymentLinks, clientPayments, clientSubscriptions } from '../../db/schema.ts'
import { call, freshIp } from '../../testing/app.ts'
import { checkLedger } from '../ledger/check.ts'
import { accounts, balanceOf } from '../ledger/service.ts'
import { useMercadoPagoTestApp } from '../payout-links/test-helpers.ts'
import { reconcile } from '../reconcile/service.ts'
import { chargeDueCardRenewals } from './card-charges.ts'
import { cardCheckout, linkAtFake, payOnCardForm, PLATFORM, receivedAt, VISA, notifyOverHttp } from '../../testing/card-payments.ts'
import { createOffer, gymWithTrainer, lastMailTo } from './test-helpers.ts'

// Issue 26 (decision 249): the money property test of issue 19, against Mercado Pago (the fake).
// Random sequences of first payments (some declined first, their notifications delivered twice),
// renewals on the saved card (some declined, then paid by the mailed link or left to lapse),
// partial and full refunds per disbursement, lost chargebacks, cancellations and redeliveries of
// any earlier notification, for a gym trainer whose payments are split 60/35/5 at the source.
// After every sequence: `ledger:check` holds; what each account holds at the fake is exactly its
// share of what was kept; every payment is booked once; ledger:reconcile finds no difference.
const mp = useMercadoPagoTestApp()
const ctx = mp.ctx

notifyOverHttp(mp)

type Action =
  | { kind: 'start'; price: number; declineFirst: boolean; twice: boolean }
  | { kind: 'renew'; sub: number; decline: boolean; payLink: boolean }
  | { kind: 'refund'; payment: number; fraction: number }
  | { kind: 'chargeback'; payment: number }
  | { kind: 'cancel'; sub: number }
  | { kind: 'redeliver'; notice: number }

const weighted = (weight: number, arbitrary: fc.Arbitrary<Action>) => ({ weight, arbitrary })
const action: fc.Arbitrary<Action> = fc.oneof(
  weighted(
    4,
    fc.record({
      kind: fc.constant('start' as const),
      price: fc.integer({ min: 1_000, max: 90_000 }),
      declineFirst: fc.boolean(),
      twice: fc.boolean(),
    }),
  ),
  weighted(3, fc.record({ kind: fc.constant('renew' as const), sub: fc.nat(), decline: fc.boolean(), payLink: fc.boolean() })),
  weighted(
    3,
    fc.record({ kind: fc.constant('refund' as const), payment: fc.nat(), fraction: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
  ),
  weighted(1, fc.record({ kind: fc.constant('chargeback' as const), payment: fc.nat() })),
  weighted(1, fc.record({ kind: fc.constant('cancel' as const), sub: fc.nat() })),
  weighted(2, fc.record({ kind: fc.constant('redeliver' as const), notice: fc.nat() })),
)

let noticeIds = 10_000_000
const subRow = async (id: string) => (await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, id)))[0]

async function play(actions: Action[]) {
  const gym = await gymWithTrainer(ctx.app)
  const gymSeller = await linkAtFake(ctx.app, mp.fake, gym.owner.token, 'gym')
  const trainerSeller = await linkAtFake(ctx.app, mp.fake, gym.trainer.token, 'trainer')
  const subs: { id: string; clientToken: string; email: string }[] = []
  const notices: { type: string; dataId: string; id: number; userId?: number }[] = []
  const notify = async (type: string, dataId: string, userId?: number, twice = false) => {
    // Mercado Pago's notification ids are unique: a repeated id is a redelivery of that notice.
    const notice = { type, dataId, id: ++noticeIds, userId }
    notices.push(notice)
    for (let i = 0; i < (twice ? 2 : 1); i++) {
      const res = await mp.fake.sendNotification({ type, action: 'updated', dataId, userId, id: notice.id })
      expect(res.status, res.body).toBe(200)
    }
  }
  const paymentsOfGym = () => ctx.app.db.select().from(clientPayments).where(eq(clientPayments.gymId, gym.gymId))

  for (const a of actions) {
    if (a.kind === 'start') {
      const offer = await createOffer(ctx.app, gym.trainer.token, { priceClp: a.price })
      const c = await cardCheckout(ctx.app, gym.trainer.token, offer.id)
      let form = c.url
      if (a.declineFirst) {
        const declined = await payOnCardForm(ctx.app, mp.fake, form, 'OTHE')
        expect(declined.location.searchParams.get('status')).toBe('rejected')
        form = declined.location
      }
      const paid = await payOnCardForm(ctx.app, mp.fake, form, 'APRO', a.declineFirst ? VISA : undefined)
      expect(paid.location.pathname).toBe('/cliente/pago/exito')
      const [sub] = await ctx.app.db
        .select()
        .from(clientSubscriptions)
        .where(eq(clientSubscriptions.providerSubscriptionId, `cardsub_${c.checkoutId}`))
      subs.push({ id: sub.id, clientToken: c.clientToken, email: c.email })
      const [first] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.subscriptionId, sub.id))
      await notify('payment', first.providerPaymentId, undefined, a.twice)
    } else if (a.kind === 'renew') {
      const live = []
      for (const s of subs) if ((await subRow(s.id)).state === 'active') live.push(s)
      if (!live.length) continue
      const s = live[a.sub % live.length]
      const row = await subRow(s.id)
      mp.fake.setSavedCardholder(row.providerCardId!, a.decline ? 'OTHE' : 'APRO')
      await chargeDueCardRenewals(ctx.app, row.currentPeriodEnd!.getTime() + 60_000)
      if (!a.decline) {
        // Approved on the saved card (whichever card it is): one more period, still active.
        expect((await subRow(s.id)).state).toBe(row.cancelAtPeriodEnd ? 'cancelled' : 'active')
        continue
      }
      expect((await subRow(s.id)).state).toBe(row.cancelAtPeriodEnd ? 'cancelled' : 'past_due')
      if (row.cancelAtPeriodEnd || !a.payLink) continue
      const mail = await lastMailTo(ctx.app, s.email)
      const path = /\/card-payments\/links\/[\w-]+/.exec(mail.text)![0]
      const open = await ctx.app.inject({ method: 'GET', url: path, remoteAddress: freshIp() })
      expect(open.statusCode).toBe(303)
      await payOnCardForm(ctx.app, mp.fake, new URL(open.headers.location as string), 'APRO', VISA)
      expect((await subRow(s.id)).state).toBe('active')
    } else if (a.kind === 'refund') {
      const payments = await paymentsOfGym()
      const open = payments.filter((p) => p.refundedClp < p.amountClp && !p.disputedAt)
      if (!open.length) continue
      const p = open[a.payment % open.length]
      const amountClp = Math.max(1, Math.floor((p.amountClp - p.refundedClp) * a.fraction))
      const res = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${p.id}/refunds`, { token: gym.trainer.token, body: { amountClp } })
      expect(res.statusCode, res.body).toBe(200)
    } else if (a.kind === 'chargeback') {
      const payments = await paymentsOfGym()
      const open = payments.filter((p) => p.refundedClp === 0 && !p.disputedAt)
      if (!open.length) continue
      const p = open[a.payment % open.length]
      const cb = mp.fake.openChargeback(Number(p.providerPaymentId))
      await notify('chargebacks', cb.id)
      mp.fake.resolveChargeback(cb.id, 'lost')
      await notify('chargebacks', cb.id, undefined, true)
    } else if (a.kind === 'cancel') {
      if (!subs.length) continue
      const s = subs[a.sub % subs.length]
      const res = await call(ctx.app, 'POST', `/api/v1/client/subscriptions/${s.id}/cancel`, { token: s.clientToken })
      expect(res.statusCode, res.body).toBe(200)
    } else if (a.kind === 'redeliver') {
      if (!notices.length) continue
      const again = notices[a.notice % notices.length]
      const res = await mp.fake.sendNotification({
        type: again.type,
        action: 'updated',
        dataId: again.dataId,
        userId: again.userId,
        id: again.id,
      })
      expect(res.status).toBe(200)
    }
  }

  // The books hold.
  expect((await checkLedger(ctx.app.db, { graceMs: 0 })).problems).toEqual([])
  // Every approved payment at the fake for this gym's trainer is booked once, and each account
  // holds exactly its share of what was kept (a lost chargeback keeps nothing).
  const payments = await paymentsOfGym()
  const approvedAtFake = [...mp.fake.advancedPayments.values()].filter(
    (ap) => ap.status !== 'rejected' && ap.disbursements.some((d) => d.collector_id === trainerSeller),
  )
  expect(payments).toHaveLength(approvedAtFake.length)
  for (const p of payments) {
    const id = Number(p.providerPaymentId)
    const entries = async (account: string) => {
      const kept = await ctx.app.db.execute(
        `select coalesce(sum(e.amount_clp), 0)::text as total from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          where t.payment_id = '${p.id}' and t.kind in ('payment', 'refund', 'dispute') and e.account = '${account}'`,
      )
      return Number(((kept as unknown as { rows?: { total: string }[] }).rows ?? (kept as unknown as { total: string }[]))[0].total)
    }
    expect(receivedAt(mp.fake, trainerSeller, id), `trainer ${id}`).toBe(await entries(accounts.trainer(gym.trainer.trainerId)))
    expect(receivedAt(mp.fake, gymSeller, id), `gym ${id}`).toBe(await entries(accounts.gym(gym.gymId)))
    expect(receivedAt(mp.fake, PLATFORM, id), `platform ${id}`).toBe(await entries(accounts.platformRevenue))
    if (p.disputedAt) expect(p.refundedClp).toBe(p.amountClp)
  }
  // Nothing is held for anyone: every share landed on its own account.
  expect(await balanceOf(ctx.app.db, accounts.trainer(gym.trainer.trainerId))).toBe(0)
  expect(await balanceOf(ctx.app.db, accounts.gym(gym.gymId))).toBe(0)
  // A past-due subscription has exactly one unpaid link for its period.
  const subIds = subs.map((s) => s.id)
  if (subIds.length) {
    const rows = await ctx.app.db.select().from(clientSubscriptions).where(inArray(clientSubscriptions.id, subIds))
    for (const row of rows.filter((r) => r.state === 'past_due')) {
      const links = await ctx.app.db.select().from(clientPaymentLinks).where(eq(clientPaymentLinks.subscriptionId, row.id))
      expect(links.filter((l) => l.periodEnd.getTime() === row.currentPeriodEnd!.getTime() && !l.paidAt)).toHaveLength(1)
    }
  }
}

describe('client billing model on Mercado Pago (issues 19 and 26)', () => {
  it('random sequences of payments, renewals, payment links, refunds, chargebacks, cancellations and redeliveries keep every peso where it belongs', async () => {
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 12 }), play), { numRuns: 8 })
    const day = 86_400_000
    const reconciled = await reconcile(
      ctx.app.db,
      ctx.app.movementSource(),
      { from: new Date(Date.now() - day), to: new Date(Date.now() + day) },
      'test',
    )
    expect(reconciled.differences).toEqual([])
    expect(reconciled.ledgerMovements).toBeGreaterThan(0)
  }, 600_000)
})
