import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { testConfig } from '../../config.ts'
import { auditLog, mailOutbox, payoutAccounts, sessions } from '../../db/schema.ts'
import { bearer, call, createUserAndLogin, freshIp, openTestDatabase, useTestApp } from '../../testing/app.ts'
import { startRealServer, type RealServer } from '../../testing/server.ts'
import { isActive, trainerWith } from './test-helpers.ts'

const ctx = useTestApp()
let admin: Awaited<ReturnType<typeof createUserAndLogin>>
beforeAll(async () => {
  admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
})

const get = (url: string) => call(ctx.app, 'GET', url, { token: admin.token })
const post = (url: string, body: unknown, ip?: string) => call(ctx.app, 'POST', url, { token: admin.token, body, ip })
const me = (token: string) => call(ctx.app, 'GET', '/api/v1/auth/me', { token })
const refresh = (refreshToken: string) => call(ctx.app, 'POST', '/api/v1/auth/refresh', { token: refreshToken })
const auditFor = (id: string, action: string) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, action)))

describe('GET /admin/trainers', () => {
  it('shows each subscription state (trial with its end date), plan, payout state, clients vs limit and sign-up date; filters run on them', async () => {
    const trialEnd = new Date(Date.now() + 5 * 86400_000)
    const trial = await trainerWith(ctx.app, { status: 'trialing', trialEnd, planKey: 'growth' })
    const active = await trainerWith(ctx.app, { status: 'active' })
    const pastDue = await trainerWith(ctx.app, { status: 'unpaid' })
    const cancelled = await trainerWith(ctx.app, { status: 'canceled' })
    const none = await trainerWith(ctx.app)
    await ctx.app.db.insert(payoutAccounts).values([
      {
        userId: active.user.id,
        provider: 'sandbox',
        providerAccountId: `acct_${active.user.id}`,
        chargesEnabled: true,
        detailsSubmitted: true,
      },
      { userId: trial.user.id, provider: 'sandbox', providerAccountId: `acct_${trial.user.id}`, detailsSubmitted: true },
    ])
    const ids = [trial, active, pastDue, cancelled, none].map((t) => t.user.id)
    const list = (await get('/api/v1/admin/trainers?limit=100')).json()
    const byId = new Map((list.data as { id: string }[]).map((t) => [t.id, t]))
    expect(byId.get(trial.user.id)).toMatchObject({
      email: trial.user.email,
      isActive: true,
      signedUpAt: expect.any(String),
      subscription: { state: 'trial', providerStatus: 'trialing', trialEndsAt: trialEnd.toISOString() },
      plan: { key: 'growth', title: 'Growth' },
      payout: 'pending',
      clients: { active: 0, limit: 20 },
    })
    expect(byId.get(active.user.id)).toMatchObject({
      subscription: { state: 'active', trialEndsAt: null },
      plan: { key: 'starter' },
      payout: 'complete',
      clients: { active: 0, limit: 5 },
    })
    expect(byId.get(pastDue.user.id)).toMatchObject({
      subscription: { state: 'past_due', providerStatus: 'unpaid' },
      payout: 'not_started',
    })
    expect(byId.get(cancelled.user.id)).toMatchObject({ subscription: { state: 'cancelled' } })
    expect(byId.get(none.user.id)).toMatchObject({
      subscription: { state: 'none', providerStatus: null },
      plan: null,
      clients: { active: 0, limit: null },
    })
    // Other roles are not trainers.
    expect(byId.has(admin.user.id)).toBe(false)

    const filtered = async (query: string) =>
      ((await get(`/api/v1/admin/trainers?limit=100&${query}`)).json().data as { id: string }[])
        .map((t) => t.id)
        .filter((id) => ids.includes(id))
    expect(await filtered('subscription=trial')).toEqual([trial.user.id])
    expect(await filtered('subscription=past_due')).toEqual([pastDue.user.id])
    expect(await filtered('subscription=none')).toEqual([none.user.id])
    expect(await filtered('payout=complete')).toEqual([active.user.id])
    expect(await filtered('plan=growth')).toEqual([trial.user.id])
    expect(await filtered(`q=${encodeURIComponent(cancelled.user.email.slice(0, 14).toUpperCase())}`)).toEqual([cancelled.user.id])
    for (const [query, errors] of [
      ['subscription=gold', { subscription: 'invalid' }],
      ['active=yes', { active: 'invalid' }],
      ['limit=500', { limit: 'invalid' }],
    ] as const) {
      const bad = await get(`/api/v1/admin/trainers?${query}`)
      expect(bad.statusCode).toBe(422)
      expect(bad.json().errors).toEqual(errors)
    }
  })

  it('pages by sign-up date with a cursor, every trainer once', async () => {
    for (let i = 0; i < 3; i++) await trainerWith(ctx.app)
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: { data: { id: string }[]; nextCursor: string | null } = (
        await get(`/api/v1/admin/trainers?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json()
      seen.push(...page.data.map((t: { id: string }) => t.id))
      cursor = page.nextCursor
      pages++
    } while (cursor)
    const all = (await get('/api/v1/admin/trainers?limit=100')).json().data.map((t: { id: string }) => t.id)
    expect(pages).toBeGreaterThan(1)
    expect(seen).toEqual(all)
  })
})

describe('GET /admin/trainers/{id}', () => {
  it('answers the trainer with its history: audit rows about the account and subscription events, newest first', async () => {
    const trialEnd = new Date(Date.now() + 86400_000)
    const t = await trainerWith(ctx.app, { status: 'trialing', trialEnd })
    const res = await get(`/api/v1/admin/trainers/${t.user.id}`)
    expect(res.statusCode).toBe(200)
    const { history } = res.json()
    expect(history.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['auth.login', 'subscription.started', 'subscription.trial_ends']),
    )
    expect(history[0]).toMatchObject({ action: 'subscription.trial_ends', at: trialEnd.toISOString(), source: 'subscription' })
    expect(history.find((h: { action: string }) => h.action === 'auth.login')).toMatchObject({
      source: 'audit',
      actor: { id: t.user.id },
      ip: expect.any(String),
    })
    const member = await createUserAndLogin(ctx.app, { role: 'member' })
    expect((await get(`/api/v1/admin/trainers/${member.user.id}`)).statusCode).toBe(404)
    expect((await get('/api/v1/admin/trainers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
  })
})

describe('deactivate and reactivate', () => {
  it('deactivation ends every session at once: the access token and the refresh token are refused right after, and sign-in too', async () => {
    const t = await trainerWith(ctx.app)
    const second = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email: t.user.email, password: t.password } })
    // Both sessions are live and cached (a cached session must not survive either).
    for (const token of [t.token, second.json().token]) {
      expect((await me(token)).statusCode).toBe(200)
      expect((await me(token)).statusCode).toBe(200)
    }
    const ip = freshIp()
    const res = await post(`/api/v1/admin/trainers/${t.user.id}/deactivate`, { reason: 'Chargeback fraud' }, ip)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: t.user.id, isActive: false })
    expect((await me(t.token)).statusCode).toBe(401)
    expect((await me(second.json().token)).statusCode).toBe(401)
    expect((await refresh(t.refreshToken)).statusCode).toBe(401)
    expect((await refresh(second.json().refreshToken)).statusCode).toBe(401)
    const login = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email: t.user.email, password: t.password } })
    expect(login.statusCode).toBe(422)
    expect(login.json().errors).toEqual({ email: 'inactive' })
    const live = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, t.user.id))
    expect(live.every((s) => s.revokedAt && s.revokedReason === 'deactivated')).toBe(true)

    expect(await auditFor(t.user.id, 'user.deactivate')).toMatchObject([
      {
        actorId: admin.user.id,
        actorRole: 'platform_admin',
        ip,
        reason: 'Chargeback fraud',
        before: { isActive: true },
        after: { isActive: false },
      },
    ])
    expect(await auditFor(t.user.id, 'session.revoke_all')).toMatchObject([
      { actorId: admin.user.id, ip, reason: 'deactivated', after: { sessions: 2 } },
    ])

    // Again (a double click): no change, no second row.
    expect((await post(`/api/v1/admin/trainers/${t.user.id}/deactivate`, { reason: 'again' })).statusCode).toBe(200)
    expect(await auditFor(t.user.id, 'user.deactivate')).toHaveLength(1)

    const back = await post(`/api/v1/admin/trainers/${t.user.id}/reactivate`, { reason: 'Resolved with the bank' })
    expect(back.json()).toMatchObject({ isActive: true })
    expect(await isActive(ctx.app, t.user.id)).toBe(true)
    expect(await auditFor(t.user.id, 'user.reactivate')).toMatchObject([
      { reason: 'Resolved with the bank', before: { isActive: false }, after: { isActive: true } },
    ])
    // The old sessions stay ended; a new sign-in works.
    expect((await me(t.token)).statusCode).toBe(401)
    expect(
      (await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email: t.user.email, password: t.password } })).statusCode,
    ).toBe(200)
  })

  it('needs a reason, a trainer and a uuid; changes nothing otherwise', async () => {
    const t = await trainerWith(ctx.app)
    for (const body of [{}, { reason: '  ' }, { reason: 'x', isActive: false }]) {
      expect((await post(`/api/v1/admin/trainers/${t.user.id}/deactivate`, body)).statusCode).toBe(422)
    }
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    expect((await post(`/api/v1/admin/trainers/${owner.user.id}/deactivate`, { reason: 'x' })).statusCode).toBe(404)
    expect((await post(`/api/v1/admin/trainers/${admin.user.id}/deactivate`, { reason: 'x' })).statusCode).toBe(404)
    expect(await isActive(ctx.app, t.user.id)).toBe(true)
    expect(await isActive(ctx.app, admin.user.id)).toBe(true)
    expect((await me(t.token)).statusCode).toBe(200)
  })
})

describe('POST /admin/trainers/{id}/resend-mail', () => {
  it('password_set queues a single-use link as a declared secret; it is in no answer and no audit row, and it works once', async () => {
    const t = await trainerWith(ctx.app)
    const res = await post(`/api/v1/admin/trainers/${t.user.id}/resend-mail`, { kind: 'password_set' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true, kind: 'password_set', to: t.user.email })
    const [mail] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, t.user.email))
    const link = mail!.text.match(/http\S+recuperar-password\?hash=([\w-]+)/)!
    expect(link).not.toBeNull()
    expect(mail!.secrets).toEqual(expect.arrayContaining([link[0], link[1]]))
    const [row] = await auditFor(t.user.id, 'user.mail_resend')
    expect(row).toMatchObject({ actorId: admin.user.id, after: { kind: 'password_set', to: t.user.email } })
    expect(JSON.stringify(row)).not.toContain(link[1])
    expect(res.body).not.toContain(link[1])

    const reset = (hash: string) => call(ctx.app, 'POST', '/api/v1/auth/reset/password', { body: { hash, password: 'NewSecret123!' } })
    const first = await reset(link[1])
    expect(first.statusCode, first.body).toBe(200)
    expect((await reset(link[1])).statusCode).toBe(422)
  })

  it('welcome carries no secret; a deactivated account gets nothing; the fourth mail to one account in an hour is 429', async () => {
    const t = await trainerWith(ctx.app)
    const url = `/api/v1/admin/trainers/${t.user.id}/resend-mail`
    expect((await post(url, { kind: 'welcome' })).statusCode).toBe(200)
    const [welcome] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, t.user.email))
    expect(welcome).toMatchObject({ subject: expect.stringMatching(/Te damos la bienvenida/), secrets: null })
    expect((await post(url, { kind: 'password_set' })).statusCode).toBe(200)
    // Another operator counts against the same account.
    const other = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    expect((await call(ctx.app, 'POST', url, { token: other.token, body: { kind: 'welcome' } })).statusCode).toBe(200)
    const limited = await post(url, { kind: 'welcome' })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect(await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, t.user.email))).toHaveLength(3)
    expect((await post(url, { kind: 'sms' })).statusCode).toBe(422)

    const off = await trainerWith(ctx.app)
    await post(`/api/v1/admin/trainers/${off.user.id}/deactivate`, { reason: 'x' })
    const refused = await post(`/api/v1/admin/trainers/${off.user.id}/resend-mail`, { kind: 'password_set' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().errors).toEqual({ id: 'inactive' })
    expect(await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, off.user.email))).toHaveLength(0)
  })
})

// Two processes on one PostgreSQL database: the deactivation made here reaches the other one's session cache.
describe.runIf(!!process.env.TEST_DATABASE_URL)('deactivation across processes', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  let app: FastifyInstance
  let other: RealServer
  beforeAll(async () => {
    database = await openTestDatabase()
    app = await buildApp({ config: testConfig(), database, serveWeb: false, mailAutoDeliver: false })
    await app.ready()
    other = await startRealServer({ DATABASE_URL: database.url! })
  })
  afterAll(async () => {
    other?.child.kill('SIGKILL')
    await app?.close()
    await database?.drop()
  })

  it('the other process refuses the access token and the refresh token within a second', async () => {
    const operator = await createUserAndLogin(app, { role: 'platform_admin' })
    const t = await trainerWith(app)
    const meThere = (token: string) => fetch(`${other.url}/api/v1/auth/me`, { headers: bearer(token) }).then((r) => r.status)
    expect(await meThere(t.token)).toBe(200)
    expect(await meThere(t.token)).toBe(200)
    const res = await call(app, 'POST', `/api/v1/admin/trainers/${t.user.id}/deactivate`, { token: operator.token, body: { reason: 'x' } })
    expect(res.statusCode).toBe(200)
    const started = Date.now()
    while ((await meThere(t.token)) === 200 && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 20))
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(await meThere(t.token)).toBe(401)
    const refreshed = await fetch(`${other.url}/api/v1/auth/refresh`, { method: 'POST', headers: bearer(t.refreshToken) })
    expect(refreshed.status).toBe(401)
  })
})

describe('clients used / limit (issue 23 point 3)', () => {
  it("the console shows a gym-covered trainer the limit of the trainer's own dashboard, never ∞", async () => {
    const { createOffer, gymWithTrainer, sandboxClient } = await import('../client-billing/test-helpers.ts')
    const gym = await gymWithTrainer(ctx.app, { centralBilling: true })
    const offer = await createOffer(ctx.app, gym.trainer.token)
    await sandboxClient(ctx.app, gym.trainer.token, offer.id)
    const dashboard = (await call(ctx.app, 'GET', '/api/v1/trainer/clients', { token: gym.trainer.token })).json()
    const shown = (await get(`/api/v1/admin/trainers/${gym.trainer.userId}`)).json()
    expect(dashboard.limit).toBeGreaterThan(0)
    expect(shown.clients).toEqual({ active: 1, limit: dashboard.limit })
    const listed = (await get(`/api/v1/admin/trainers?q=${encodeURIComponent(gym.trainer.email)}`)).json().data
    expect(listed.map((t: { clients: unknown }) => t.clients)).toEqual([{ active: 1, limit: dashboard.limit }])
  })
})
