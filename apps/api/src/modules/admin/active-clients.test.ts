import { describe, expect, it } from 'vitest'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { createOffer, eligibleTrainer, portal, sandboxClient } from '../client-billing/test-helpers.ts'
import { countActiveClients } from './active-clients.ts'

// The console's "clients vs plan limit" counts client subscriptions as client billing's limit does:
// active and past due hold a place, cancelled ones do not.
const ctx = useTestApp()

describe('active clients per trainer', () => {
  it('counts active and past-due client subscriptions per trainer, not cancelled ones, in one grouped query', async () => {
    const a = await eligibleTrainer(ctx.app)
    const b = await eligibleTrainer(ctx.app)
    const idle = await eligibleTrainer(ctx.app)
    const offerA = await createOffer(ctx.app, a.token, { priceClp: 20_000 })
    const offerB = await createOffer(ctx.app, b.token, { priceClp: 30_000 })
    const a1 = await sandboxClient(ctx.app, a.token, offerA.id)
    const a2 = await sandboxClient(ctx.app, a.token, offerA.id)
    const a3 = await sandboxClient(ctx.app, a.token, offerA.id)
    await sandboxClient(ctx.app, b.token, offerB.id)

    // a2's renewal fails (past due: still a client); a3 is cancelled by the trainer (gone).
    await (await portal(ctx.app, a2.clientToken, a2.subscriptionId)).press('fail')
    const cancel = await call(ctx.app, 'POST', `/api/v1/trainer/clients/${a3.subscriptionId}/cancel`, { token: a.token })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(a1.subscriptionId).toBeTruthy()

    const counts = await countActiveClients(ctx.app.db, [a.userId, b.userId, idle.userId])
    expect(Object.fromEntries(counts)).toEqual({ [a.userId]: 2, [b.userId]: 1, [idle.userId]: 0 })
    expect((await countActiveClients(ctx.app.db, [])).size).toBe(0)

    // The console shows the same figure against the plan's limit (Starter: 5).
    const admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const detail = await call(ctx.app, 'GET', `/api/v1/admin/trainers/${a.userId}`, { token: admin.token })
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json().clients).toEqual({ active: 2, limit: 5 })
    const list = await call(ctx.app, 'GET', '/api/v1/admin/trainers?limit=100', { token: admin.token })
    const row = list.json().data.find((t: { id: string }) => t.id === b.userId)
    expect(row.clients).toEqual({ active: 1, limit: 5 })
  })
})
