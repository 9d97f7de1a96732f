import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { gyms, payoutLinks } from '../../db/schema.ts'
import { signNotification } from '../../providers/payments/mercadopago/signature.ts'
import { call, createUserAndLogin, freshIp, useTestApp } from '../../testing/app.ts'
import { loginAs, paidTrainer } from '../billing/test-helpers.ts'
import { useMercadoPagoTestApp } from './test-helpers.ts'
import { payoutAccessToken, REFRESH_MARGIN_MS, refreshExpiringPayoutLinks, schedulePayoutLinkRefresh } from './service.ts'

// Issue 26, first slice (decision 207): payout accounts linked by OAuth against the fake Mercado Pago.
const mp = useMercadoPagoTestApp()
const ctx = mp.ctx

async function trainerToken() {
  const trainer = await paidTrainer(ctx.app)
  return { ...trainer, token: await loginAs(ctx.app, trainer.email) }
}

async function gymOwner() {
  const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
  const [gym] = await ctx.app.db
    .insert(gyms)
    .values({
      ownerId: owner.user.id,
      name: 'Gimnasio Andes',
      address: 'Av. Providencia 1',
      city: 'Santiago',
      state: 'RM',
      zipCode: '7500000',
      phone: '+56911111111',
      email: owner.user.email,
    })
    .returning()
  return { ...owner, gym: gym! }
}

/** The person on the provider's consent page: answers the code and state the redirect brings back. */
async function authorize(authorizationUrl: string, opts: { sellerId?: number; decision?: 'allow' | 'deny' } = {}) {
  const url = new URL(authorizationUrl)
  expect(url.origin).toBe(mp.fake.url)
  expect(url.searchParams.get('code_challenge_method')).toBe('S256')
  expect((await fetch(url)).status).toBe(200)
  const form = new URLSearchParams(url.searchParams)
  form.set('decision', opts.decision ?? 'allow')
  if (opts.sellerId) form.set('seller_id', String(opts.sellerId))
  const res = await fetch(`${mp.fake.url}/authorization`, { method: 'POST', body: form, redirect: 'manual' })
  expect(res.status).toBe(302)
  const back = new URL(res.headers.get('location')!)
  expect(back.pathname).toBe('/cobros/vinculacion')
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! }
}

const start = (token: string, owner: 'trainer' | 'gym') => call(ctx.app, 'POST', '/api/v1/payout-links/start', { token, body: { owner } })
const complete = (token: string, body: { code: string; state: string }) =>
  call(ctx.app, 'POST', '/api/v1/payout-links/complete', { token, body })
const status = (token: string, owner: 'trainer' | 'gym') => call(ctx.app, 'GET', `/api/v1/payout-links/${owner}`, { token })

async function link(token: string, owner: 'trainer' | 'gym', sellerId?: number) {
  const started = await start(token, owner)
  expect(started.statusCode).toBe(200)
  const res = await complete(token, await authorize(started.json().authorizationUrl, { sellerId }))
  expect(res.statusCode).toBe(200)
  return res.json()
}

const rowOf = async (ownerId: string) => (await ctx.app.db.select().from(payoutLinks).where(eq(payoutLinks.ownerId, ownerId)))[0]

describe('linking a payout account (Mercado Pago OAuth, decision 207)', () => {
  it('a trainer links, sees the account, tokens are sealed at rest; unlinking forgets them', async () => {
    const trainer = await trainerToken()
    expect((await status(trainer.token, 'trainer')).json()).toEqual({
      owner: 'trainer',
      status: 'none',
      providerAccountId: null,
      linkedAt: null,
    })
    const linked = await link(trainer.token, 'trainer', 123456789)
    expect(linked).toMatchObject({ owner: 'trainer', status: 'linked', providerAccountId: '123456789' })
    expect((await status(trainer.token, 'trainer')).json()).toMatchObject({ status: 'linked', providerAccountId: '123456789' })

    const row = (await rowOf(trainer.id))!
    expect(row.accessToken).toMatch(/^v1\./)
    expect(row.accessToken).not.toContain('APP_USR')
    expect(row.refreshToken).not.toContain('TG-')
    // The sealed token opens only for its own row and works at the provider.
    const token = await payoutAccessToken(ctx.app, 'trainer', trainer.id)
    expect(token).toMatch(/^APP_USR-/)
    expect((await fetch(`${mp.fake.url}/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    expect(() => ctx.app.secrets.open(row.accessToken, `payout_links:${crypto.randomUUID()}:access`)).toThrow()

    const del = await call(ctx.app, 'DELETE', '/api/v1/payout-links/trainer', { token: trainer.token })
    expect(del.statusCode).toBe(200)
    expect(del.json()).toMatchObject({ owner: 'trainer', status: 'none' })
    expect(await rowOf(trainer.id)).toBeUndefined()
    expect((await status(trainer.token, 'trainer')).json().status).toBe('none')
  })

  it("a gym's owner links the gym's account; roles that have no payout account are refused", async () => {
    const owner = await gymOwner()
    const linked = await link(owner.token, 'gym')
    expect(linked).toMatchObject({ owner: 'gym', status: 'linked' })
    expect((await rowOf(owner.gym.id))?.linkedBy).toBe(owner.user.id)

    // A gym owner has no trainer account, a trainer no gym; members, clients and operators link nothing.
    expect((await start(owner.token, 'trainer')).statusCode).toBe(403)
    const trainer = await trainerToken()
    expect((await start(trainer.token, 'gym')).statusCode).toBe(403)
    for (const role of ['member', 'admin'] as const) {
      const someone = await createUserAndLogin(ctx.app, { role })
      expect((await start(someone.token, 'trainer')).statusCode).toBe(403)
      expect((await status(someone.token, 'gym')).statusCode).toBe(403)
      expect((await call(ctx.app, 'DELETE', '/api/v1/payout-links/gym', { token: someone.token })).statusCode).toBe(403)
    }
    expect((await call(ctx.app, 'POST', '/api/v1/payout-links/start', { body: { owner: 'trainer' } })).statusCode).toBe(401)
    // A gym owner without a gym yet.
    const noGym = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    expect((await start(noGym.token, 'gym')).statusCode).toBe(404)
  })

  it('a forged, reused or expired state is refused; another person cannot complete my link', async () => {
    const trainer = await trainerToken()
    const other = await trainerToken()
    const started = await start(trainer.token, 'trainer')
    const { code, state } = await authorize(started.json().authorizationUrl)

    const forged = await complete(trainer.token, { code, state: 'made-up-state' })
    expect(forged.statusCode).toBe(422)
    expect(forged.json().errors).toEqual({ state: 'invalidOrExpired' })

    // Someone else sends my code and state with their session: refused, and the state is spent.
    const stolen = await complete(other.token, { code, state })
    expect(stolen.statusCode).toBe(403)
    expect(await rowOf(other.id)).toBeUndefined()
    expect((await complete(trainer.token, { code, state })).statusCode).toBe(422)
    expect(await rowOf(trainer.id)).toBeUndefined()

    // A code for another state (a verifier that does not match) is refused by the provider.
    const second = await start(trainer.token, 'trainer')
    const third = await start(trainer.token, 'trainer')
    const fromSecond = await authorize(second.json().authorizationUrl)
    const mixed = await complete(trainer.token, {
      code: fromSecond.code,
      state: new URL(third.json().authorizationUrl).searchParams.get('state')!,
    })
    expect(mixed.statusCode).toBe(422)
    expect(mixed.json().errors).toEqual({ code: 'invalidOrExpired' })
    expect(await rowOf(trainer.id)).toBeUndefined()
  })

  it('refreshes before expiry and stores the rotated refresh token; a revoked grant marks the link revoked', async () => {
    const trainer = await trainerToken()
    await link(trainer.token, 'trainer')
    const before = (await rowOf(trainer.id))!
    const firstAccess = await payoutAccessToken(ctx.app, 'trainer', trainer.id)
    // Not yet due: the same token, nothing refreshed.
    expect(await payoutAccessToken(ctx.app, 'trainer', trainer.id)).toBe(firstAccess)
    const firstRefresh = ctx.app.secrets.open(before.refreshToken, `payout_links:${before.id}:refresh`)

    // Within the margin: refreshed, the new refresh token stored; the old one is dead at the provider.
    const dueAt = before.expiresAt.getTime() - REFRESH_MARGIN_MS + 1000
    expect(await refreshExpiringPayoutLinks(ctx.app, dueAt)).toBeGreaterThanOrEqual(1)
    const after = (await rowOf(trainer.id))!
    expect(after.refreshedAt).not.toBeNull()
    const secondRefresh = ctx.app.secrets.open(after.refreshToken, `payout_links:${after.id}:refresh`)
    expect(secondRefresh).not.toBe(firstRefresh)
    const replay = await fetch(`${mp.fake.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: mp.fake.app.clientId,
        client_secret: mp.fake.app.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: firstRefresh,
      }),
    })
    expect(replay.status).toBe(400)
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant')
    const newAccess = await payoutAccessToken(ctx.app, 'trainer', trainer.id)
    expect(newAccess).not.toBe(firstAccess)

    // The seller revokes us at Mercado Pago: the next refresh is refused and the link is revoked.
    await mp.fake.deauthorize(Number(after.providerUserId))
    expect(await payoutAccessToken(ctx.app, 'trainer', trainer.id, (await rowOf(trainer.id))!.expiresAt.getTime())).toBeNull()
    expect((await status(trainer.token, 'trainer')).json().status).toBe('revoked')
  })

  it('the hourly job refreshes a token that is due (and leaves one that is not)', async () => {
    const due = await trainerToken()
    const later = await trainerToken()
    await link(due.token, 'trainer')
    await link(later.token, 'trainer')
    await ctx.app.db
      .update(payoutLinks)
      .set({ expiresAt: new Date(Date.now() + 24 * 3600_000) })
      .where(eq(payoutLinks.ownerId, due.id))
    const stop = schedulePayoutLinkRefresh(ctx.app, 50)
    const deadline = Date.now() + 5000
    while (!(await rowOf(due.id))?.refreshedAt && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    await stop()
    const refreshed = (await rowOf(due.id))!
    expect(refreshed.refreshedAt).not.toBeNull()
    expect(refreshed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 170 * 24 * 3600_000)
    expect((await rowOf(later.id))!.refreshedAt).toBeNull()
  })

  it('the provider not answering in time is a 503 with Retry-After, and nothing is stored', async () => {
    const trainer = await trainerToken()
    const started = await start(trainer.token, 'trainer')
    const grant = await authorize(started.json().authorizationUrl)
    // Longer than the client's deadline (MERCADOPAGO_TIMEOUT_MS: 3 s in these tests); we answer before the fake would.
    mp.fake.faults.delayMs = 4_500
    mp.fake.faults.times = 1
    const t0 = Date.now()
    const slow = await complete(trainer.token, grant)
    expect(slow.statusCode).toBe(503)
    expect(Date.now() - t0).toBeLessThan(4_400)
    expect(slow.headers['retry-after']).toBeDefined()
    expect(slow.json()).toMatchObject({ status: 503, code: 'paymentProviderUnavailable' })
    expect(await rowOf(trainer.id)).toBeUndefined()

    const again = await start(trainer.token, 'trainer')
    const grant2 = await authorize(again.json().authorizationUrl)
    mp.fake.faults.delayMs = 0
    mp.fake.faults.status = 500
    mp.fake.faults.times = 1
    expect((await complete(trainer.token, grant2)).statusCode).toBe(503)
    mp.fake.faults.status = 0
    expect(await rowOf(trainer.id)).toBeUndefined()
  })
})

describe('notifications (x-signature)', () => {
  const url = '/api/v1/payout-links/notifications'
  const send = (body: object, headers: Record<string, string>, dataId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${url}?data.id=${encodeURIComponent(dataId)}&type=mp-connect`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
      remoteAddress: freshIp(),
    })
  const signed = (dataId: string, opts: { ts?: number; secret?: string; requestId?: string } = {}) => {
    const requestId = opts.requestId ?? crypto.randomUUID()
    const ts = String(opts.ts ?? Date.now())
    return { 'x-request-id': requestId, 'x-signature': signNotification(opts.secret ?? 'fake-webhook-secret', { dataId, requestId, ts }) }
  }

  it('good, bad, stale and replayed signatures; a revocation is checked with the provider', async () => {
    const trainer = await trainerToken()
    await link(trainer.token, 'trainer', 555000111)
    const body = (id: number) => ({
      id,
      type: 'mp-connect',
      action: 'application.deauthorized',
      user_id: 555000111,
      data: { id: '555000111' },
    })

    // Forged (wrong secret) and stale (11 minutes old) are refused; nothing changes.
    expect((await send(body(1), signed('555000111', { secret: 'not-the-secret' }), '555000111')).statusCode).toBe(400)
    expect((await send(body(1), signed('555000111', { ts: Date.now() - 11 * 60_000 }), '555000111')).statusCode).toBe(400)
    expect((await send(body(1), {}, '555000111')).statusCode).toBe(400)
    // A signature for another data id does not cover this one.
    expect((await send(body(1), signed('999'), '555000111')).statusCode).toBe(400)

    // A valid notification that is only a trigger: the seller has not revoked us, so the link stays.
    const first = await send(body(1), signed('555000111'), '555000111')
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ received: true })
    expect((await status(trainer.token, 'trainer')).json().status).toBe('linked')

    // The seller revokes at Mercado Pago; the fake sends the signed mp-connect notification over HTTP.
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    mp.fake.setNotificationUrl(`${address}${url}`)
    const delivered = await mp.fake.deauthorize(555000111)
    expect(delivered?.status).toBe(200)
    expect((await status(trainer.token, 'trainer')).json().status).toBe('revoked')

    // The same notification again (a duplicate delivery, or a replay within the window): acknowledged, applied once.
    await link(trainer.token, 'trainer', 555000111)
    const again = await mp.fake.sendNotification({ ...delivered!.notification, dataId: '555000111', userId: 555000111 })
    expect(again.status).toBe(200)
    expect((await status(trainer.token, 'trainer')).json().status).toBe('linked')
    const replayed = await send(body(1), signed('555000111'), '555000111')
    expect(replayed.statusCode).toBe(200)
    expect((await status(trainer.token, 'trainer')).json().status).toBe('linked')
    mp.fake.setNotificationUrl(null)
  })

  it("a revocation delivered to the one payment webhook (the panel's single URL) revokes the link; payments still go there (decision 240)", async () => {
    const trainer = await trainerToken()
    await link(trainer.token, 'trainer', 555000222)
    const address = ctx.app.server.listening
      ? `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`
      : await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    mp.fake.setNotificationUrl(`${address}/api/v1/payments/mercadopago/webhook`)
    const delivered = await mp.fake.deauthorize(555000222)
    expect(delivered?.status).toBe(200)
    expect(JSON.parse(delivered!.body)).toEqual({ received: true, duplicate: false })
    expect((await status(trainer.token, 'trainer')).json().status).toBe('revoked')
    // Delivered again: acknowledged as a duplicate.
    const again = await mp.fake.sendNotification({ ...delivered!.notification, dataId: '555000222', userId: 555000222 })
    expect(JSON.parse(again.body)).toEqual({ received: true, duplicate: true })
    // A forged one is refused there too.
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/mercadopago/webhook',
      headers: { 'content-type': 'application/json', ...signed('555000222', { secret: 'not-the-secret' }) },
      payload: JSON.stringify({
        id: 7,
        type: 'mp-connect',
        action: 'application.deauthorized',
        user_id: 555000222,
        data: { id: '555000222' },
      }),
      remoteAddress: freshIp(),
    })
    expect(forged.statusCode).toBe(400)
    mp.fake.setNotificationUrl(null)
  })
})

describe('without Mercado Pago', () => {
  const plain = useTestApp()
  it('the routes answer 404 (the provider in use onboards payout accounts instead)', async () => {
    const trainer = await paidTrainer(plain.app)
    const token = await loginAs(plain.app, trainer.email)
    expect((await call(plain.app, 'POST', '/api/v1/payout-links/start', { token, body: { owner: 'trainer' } })).statusCode).toBe(404)
    expect((await call(plain.app, 'GET', '/api/v1/payout-links/trainer', { token })).statusCode).toBe(404)
  })
})

describe('sandbox mode (npm start with MERCADOPAGO_SANDBOX=true)', () => {
  const sandbox = useTestApp({ PAYMENTS_PROVIDER: 'mercadopago', MERCADOPAGO_SANDBOX: true })
  it('runs the fake on a loopback port and links through it', async () => {
    const trainer = await paidTrainer(sandbox.app)
    const token = await loginAs(sandbox.app, trainer.email)
    const started = await call(sandbox.app, 'POST', '/api/v1/payout-links/start', { token, body: { owner: 'trainer' } })
    const url = new URL(started.json().authorizationUrl)
    expect(url.hostname).toBe('127.0.0.1')
    const form = new URLSearchParams(url.searchParams)
    form.set('decision', 'allow')
    const back = new URL(
      (await fetch(`${url.origin}/authorization`, { method: 'POST', body: form, redirect: 'manual' })).headers.get('location')!,
    )
    const done = await call(sandbox.app, 'POST', '/api/v1/payout-links/complete', {
      token,
      body: { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
    })
    expect(done.statusCode).toBe(200)
    expect(done.json().status).toBe('linked')
  })

  it('the configuration refuses Mercado Pago in production and asks for its credentials outside sandbox mode', () => {
    const base = { NODE_ENV: 'development', JWT_ACCESS_SECRET: 'a'.repeat(32), JWT_REFRESH_SECRET: 'b'.repeat(32) }
    expect(() => loadConfig({ ...base, PAYMENTS_PROVIDER: 'mercadopago' }, { secrets: false })).toThrow(/MERCADOPAGO_CLIENT_ID/)
    expect(() => loadConfig({ ...base, PAYMENTS_PROVIDER: 'mercadopago', MERCADOPAGO_SANDBOX: 'true' }, { secrets: false })).not.toThrow()
    expect(() =>
      loadConfig(
        {
          ...base,
          NODE_ENV: 'production',
          PAYMENTS_PROVIDER: 'mercadopago',
          MERCADOPAGO_CLIENT_ID: '1',
          MERCADOPAGO_CLIENT_SECRET: 's',
          MERCADOPAGO_WEBHOOK_SECRET: 'w',
          ALLOW_SANDBOX_PAYMENTS: 'true',
          MAIL_TRANSPORT: 'log',
        },
        { secrets: false },
      ),
    ).toThrow(/PAYMENTS_PROVIDER: mercadopago cannot run in production yet/)
    expect(() => loadConfig({ ...base, TOKEN_ENCRYPTION_KEY: 'c2hvcnQ=' }, { secrets: false })).toThrow(/TOKEN_ENCRYPTION_KEY/)
  })
})
