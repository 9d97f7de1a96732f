import { eq } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clientSubscriptions, subscriptions } from '../../../db/schema.ts'
import { call, freshIp, useTestApp } from '../../../testing/app.ts'
import { loginAs, paidTrainer } from '../../../modules/billing/test-helpers.ts'
import {
  confirmClient,
  createOffer,
  eligibleTrainer,
  invite,
  portal,
  startClientCheckout,
} from '../../../modules/client-billing/test-helpers.ts'

// Decision 199 (issue 23 point 10): the sandbox's periods are calendar months in Santiago. A client
// who paid on 23 December renewed on 22 January (30 days); a trainer's month after a trial ending
// on the 31st ended on the 2nd.
const ctx = useTestApp()
const chile = (iso: string) => DateTime.fromISO(iso, { zone: 'America/Santiago' }).toJSDate()
const shown = (at: Date | string | null) =>
  at === null ? null : DateTime.fromJSDate(new Date(at), { zone: 'America/Santiago' }).toFormat("yyyy-MM-dd'T'HH:mm")

afterEach(() => vi.useRealTimers())

describe('sandbox periods are calendar months (America/Santiago)', () => {
  it('a client who pays on 23 Dec is charged again on 23 Jan, then 23 Feb', async () => {
    // The clock stands still under fake timers: each step a minute later keeps the mails in order.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(chile('2026-12-23T10:12'))
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token)
    vi.setSystemTime(chile('2026-12-23T10:13'))
    const invitation = await invite(ctx.app, trainer.token, offer.id)
    vi.setSystemTime(chile('2026-12-23T10:14'))
    const clientToken = await confirmClient(ctx.app, invitation.link, invitation.email)
    vi.setSystemTime(chile('2026-12-23T10:15'))
    const checkout = await startClientCheckout(ctx.app, invitation.link, clientToken)
    const pay = await ctx.app.inject({ method: 'POST', url: `${new URL(checkout.json().url).pathname}/pay`, remoteAddress: freshIp() })
    expect(pay.statusCode, pay.body).toBe(303)
    const subscriptionId = (await call(ctx.app, 'GET', '/api/v1/client/subscriptions', { token: clientToken })).json().data[0].id as string
    const periodEnd = async () =>
      shown((await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, subscriptionId)))[0]!.currentPeriodEnd)
    expect(await periodEnd()).toBe('2027-01-23T10:15')

    const p = await portal(ctx.app, clientToken, subscriptionId)
    await p.press('renew')
    expect(await periodEnd()).toBe('2027-02-23T10:15')
    await p.press('renew')
    expect(await periodEnd()).toBe('2027-03-23T10:15')
  })

  it("a trainer's trial ending on 31 Jan: paid months end on 28 Feb, then 31 Mar", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(chile('2027-01-01T12:00'))
    const trainer = await paidTrainer(ctx.app)
    const [row] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, trainer.id))
    expect(shown(row!.trialEnd)).toBe('2027-01-31T12:00')

    const status = async (at: string) => {
      vi.setSystemTime(chile(at))
      // Access tokens are short-lived: sign in again at each date.
      const token = await loginAs(ctx.app, trainer.email)
      return (await call(ctx.app, 'GET', '/api/v1/payments/subscription-status', { token })).json().subscription
    }
    expect(await status('2027-02-01T09:00')).toMatchObject({ status: 'active' })
    expect(shown((await status('2027-02-01T09:00')).currentPeriodEnd)).toBe('2027-02-28T12:00')
    expect(shown((await status('2027-03-01T09:00')).currentPeriodEnd)).toBe('2027-03-31T12:00')
    expect(shown((await status('2027-04-15T09:00')).currentPeriodEnd)).toBe('2027-04-30T12:00')
  })
})
