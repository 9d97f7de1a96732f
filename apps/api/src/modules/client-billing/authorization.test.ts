import { beforeAll, describe, expect, it } from 'vitest'
import {
  clientCheckouts,
  clientInvitations,
  clientPayments,
  clientRefunds,
  clientSubscriptions,
  ledgerEntries,
  offers,
} from '../../db/schema.ts'
import { call, createUserAndLogin, uniqueEmail, useTestApp } from '../../testing/app.ts'
import {
  confirmClient,
  createOffer,
  eligibleTrainer,
  gymWithTrainer,
  invite,
  sandboxClient,
  userByEmail,
  type TestGym,
  type TestTrainer,
} from './test-helpers.ts'

// Every client-billing route, called by each role: owner (gym), other owner, trainer (the
// record's owner), other trainer, member/client, admin, platform admin and anonymous.
const ctx = useTestApp()

type Role = 'owner' | 'otherOwner' | 'trainer' | 'otherTrainer' | 'client' | 'member' | 'admin' | 'platformAdmin' | 'anonymous'
const ROLES: Role[] = ['owner', 'otherOwner', 'trainer', 'otherTrainer', 'client', 'member', 'admin', 'platformAdmin', 'anonymous']
const tokens = {} as Record<Role, string | undefined>
let trainer: TestTrainer
let gym: TestGym
let otherGym: TestGym
const ids = {} as {
  offer: string
  retireOffer: string
  invitation: string
  revokeInvitation: string
  subscription: string
  cancelSubscription: string
  payment: string
  link: string
  pendingLink: string
  clientSub: string
}

/** Everything a forbidden call could have changed. */
async function snapshot() {
  const tables = [offers, clientInvitations, clientCheckouts, clientSubscriptions, clientPayments, clientRefunds, ledgerEntries]
  const rows = await Promise.all(tables.map((t) => ctx.app.db.select().from(t)))
  return JSON.stringify(rows.map((r) => r.map((x) => JSON.stringify(x)).sort()))
}

beforeAll(async () => {
  trainer = await eligibleTrainer(ctx.app)
  const other = await eligibleTrainer(ctx.app)
  gym = await gymWithTrainer(ctx.app)
  otherGym = await gymWithTrainer(ctx.app)
  const offer = await createOffer(ctx.app, trainer.token)
  ids.offer = offer.id
  ids.retireOffer = (await createOffer(ctx.app, trainer.token, { title: 'To retire' })).id
  const client = await sandboxClient(ctx.app, trainer.token, offer.id)
  ids.subscription = client.subscriptionId
  ids.clientSub = client.subscriptionId
  ids.link = client.link
  ids.cancelSubscription = (await sandboxClient(ctx.app, trainer.token, offer.id)).subscriptionId
  const payments = (await call(ctx.app, 'GET', '/api/v1/trainer/payments', { token: trainer.token })).json().data
  ids.payment = payments[0].id
  const pending = await invite(ctx.app, trainer.token, offer.id)
  ids.invitation = pending.invitationId
  ids.pendingLink = pending.link
  ids.revokeInvitation = (await invite(ctx.app, trainer.token, offer.id)).invitationId
  // The gym trainer's client pays too, so the owner's view has a row.
  await sandboxClient(ctx.app, gym.trainer.token, (await createOffer(ctx.app, gym.trainer.token)).id)
  Object.assign(tokens, {
    owner: gym.owner.token,
    otherOwner: otherGym.owner.token,
    trainer: trainer.token,
    otherTrainer: other.token,
    client: client.clientToken,
    member: (await createUserAndLogin(ctx.app, { role: 'member' })).token,
    admin: (await createUserAndLogin(ctx.app, { role: 'admin' })).token,
    platformAdmin: (await createUserAndLogin(ctx.app, { role: 'platform_admin' })).token,
    anonymous: undefined,
  })
}, 60_000)

interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH'
  url: () => string
  body?: () => unknown
  /** Who succeeds (2xx); everyone else gets the given status. */
  allowed: Partial<Record<Role, number>>
  denied: Partial<Record<Role, number>>
  /** For list routes other callers may read (their own data): what must not appear. */
  mustNotShow?: () => string[]
}

const trainerOnly = { owner: 403, otherOwner: 403, client: 403, member: 403, admin: 403, platformAdmin: 403, anonymous: 401 } as const
const signedIn = { anonymous: 401 } as const
/** The Santiago month before this one (YYYY-MM): a closed month for the statements. */
const lastMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit' }).format(
  new Date(Date.now() - 32 * 86_400_000),
)
const CASES: RouteCase[] = [
  {
    method: 'GET',
    url: () => '/trainer/offers',
    allowed: { trainer: 200, otherTrainer: 200 },
    denied: trainerOnly,
    mustNotShow: () => [ids.offer],
  },
  {
    method: 'POST',
    url: () => '/trainer/offers',
    body: () => ({ title: 'X', priceClp: 10_000, sessionsPerMonth: 4 }),
    allowed: { trainer: 200 },
    denied: { ...trainerOnly, otherTrainer: -1 },
  },
  {
    method: 'PATCH',
    url: () => `/trainer/offers/${ids.offer}`,
    body: () => ({ title: 'Renamed' }),
    allowed: { trainer: 200 },
    denied: { ...trainerOnly, otherTrainer: 404 },
  },
  {
    method: 'POST',
    url: () => `/trainer/offers/${ids.retireOffer}/retire`,
    allowed: { trainer: 200 },
    denied: { ...trainerOnly, otherTrainer: 404 },
  },
  {
    method: 'POST',
    url: () => '/trainer/invitations',
    body: () => ({ offerId: ids.offer, email: uniqueEmail('inv') }),
    allowed: { trainer: 200 },
    denied: { ...trainerOnly, otherTrainer: 404 },
  },
  {
    method: 'POST',
    url: () => `/trainer/invitations/${ids.revokeInvitation}/revoke`,
    allowed: { trainer: 200 },
    denied: { ...trainerOnly, otherTrainer: 404 },
  },
  {
    method: 'GET',
    url: () => '/trainer/clients',
    allowed: { trainer: 200, otherTrainer: 200 },
    denied: trainerOnly,
    mustNotShow: () => [ids.subscription, ids.invitation],
  },
  {
    method: 'POST',
    url: () => `/trainer/clients/${ids.cancelSubscription}/cancel`,
    allowed: { trainer: 200 },
    denied: { ...trainerOnly, otherTrainer: 404 },
  },
  {
    method: 'GET',
    url: () => '/trainer/payments',
    allowed: { trainer: 200, otherTrainer: 200 },
    denied: trainerOnly,
    mustNotShow: () => [ids.payment],
  },
  {
    method: 'POST',
    url: () => `/trainer/payments/${ids.payment}/refunds`,
    body: () => ({ amountClp: 1 }),
    allowed: { trainer: 200 },
    denied: { ...trainerOnly, otherTrainer: 404 },
  },
  {
    method: 'GET',
    url: () => '/trainer/income',
    allowed: { trainer: 200, otherTrainer: 200 },
    denied: trainerOnly,
    mustNotShow: () => ['"payments":1'],
  },
  {
    method: 'GET',
    url: () => '/trainer/payments.csv',
    allowed: { trainer: 200, otherTrainer: 200 },
    denied: trainerOnly,
    mustNotShow: () => [ids.payment],
  },
  {
    method: 'GET',
    url: () => '/trainer/ledger.csv',
    allowed: { trainer: 200, otherTrainer: 200 },
    denied: trainerOnly,
    mustNotShow: () => [ids.payment, `trainer:${trainer.trainerId}`],
  },
  {
    method: 'GET',
    url: () => '/business/commissions',
    allowed: { owner: 200, otherOwner: 200 },
    denied: { trainer: 403, otherTrainer: 403, client: 403, member: 403, admin: 403, platformAdmin: 403, anonymous: 401 },
    mustNotShow: () => [gym.trainer.trainerId],
  },
  {
    method: 'GET',
    url: () => '/business/commissions.csv',
    allowed: { owner: 200, otherOwner: 200 },
    denied: { trainer: 403, otherTrainer: 403, client: 403, member: 403, admin: 403, platformAdmin: 403, anonymous: 401 },
    mustNotShow: () => [gym.trainer.trainerId],
  },
  // The monthly statements (decision 225): each caller's own month, never another account's.
  ...(['/trainer/statement', '/trainer/statement.csv', '/trainer/statement.pdf'] as const).map((path): RouteCase => ({
    method: 'GET',
    url: () => `${path}?month=${lastMonth}`,
    allowed: { trainer: 200, otherTrainer: 200 },
    denied: trainerOnly,
  })),
  ...(['/business/statement', '/business/statement.csv', '/business/statement.pdf'] as const).map((path): RouteCase => ({
    method: 'GET',
    url: () => `${path}?month=${lastMonth}`,
    allowed: { owner: 200, otherOwner: 200 },
    denied: { trainer: 403, otherTrainer: 403, client: 403, member: 403, admin: 403, platformAdmin: 403, anonymous: 401 },
  })),
  {
    method: 'GET',
    url: () => `/trainers/${trainer.trainerId}/offers`,
    allowed: Object.fromEntries(ROLES.map((r) => [r, 200])),
    denied: {},
  },
  // The token is the capability: whoever holds the link sees the invitation (nothing more).
  {
    method: 'GET',
    url: () => `/client-invitations/${ids.pendingLink}`,
    allowed: Object.fromEntries(ROLES.map((r) => [r, 200])),
    denied: {},
  },
  {
    method: 'POST',
    url: () => `/client-invitations/${ids.link}/checkout`,
    body: () => ({ successRedirect: `${ctx.app.config.APP_URL}/ok`, cancelRedirect: `${ctx.app.config.APP_URL}/no` }),
    // The invited client already subscribed with this link: 409; anyone else never sees it.
    allowed: {},
    denied: {
      owner: 404,
      otherOwner: 404,
      trainer: 404,
      otherTrainer: 404,
      client: 409,
      member: 404,
      admin: 404,
      platformAdmin: 404,
      anonymous: 401,
    },
  },
  {
    method: 'GET',
    url: () => '/client/subscriptions',
    allowed: Object.fromEntries(ROLES.filter((r) => r !== 'anonymous').map((r) => [r, 200])),
    denied: signedIn,
    mustNotShow: () => [ids.clientSub],
  },
  {
    method: 'POST',
    url: () => `/client/subscriptions/${ids.clientSub}/portal`,
    body: () => ({ returnUrl: `${ctx.app.config.APP_URL}/cliente` }),
    allowed: { client: 200 },
    denied: { owner: 404, otherOwner: 404, trainer: 404, otherTrainer: 404, member: 404, admin: 404, platformAdmin: 404, anonymous: 401 },
  },
  {
    method: 'POST',
    url: () => `/client/subscriptions/${ids.clientSub}/cancel`,
    allowed: { client: 200 },
    denied: { owner: 404, otherOwner: 404, trainer: 404, otherTrainer: 404, member: 404, admin: 404, platformAdmin: 404, anonymous: 401 },
  },
  // After the cancel above: still within the 10 days and before any session, so the client withdraws (decision 224).
  {
    method: 'POST',
    url: () => `/client/subscriptions/${ids.clientSub}/withdrawal`,
    allowed: { client: 200 },
    denied: { owner: 404, otherOwner: 404, trainer: 404, otherTrainer: 404, member: 404, admin: 404, platformAdmin: 404, anonymous: 401 },
  },
]

describe('client billing: who may call each route', () => {
  for (const c of CASES) {
    it(`${c.method} ${c.url.toString().replace(/^\(\) => /, '')}`, async () => {
      const before = await snapshot()
      for (const [role, status] of Object.entries(c.denied) as [Role, number][]) {
        if (status < 0) continue
        const res = await call(ctx.app, c.method, `/api/v1${c.url()}`, { token: tokens[role], body: c.body?.() })
        expect(res.statusCode, `${role}: ${res.body}`).toBe(status)
        expect(res.json().status).toBe(status)
      }
      expect(await snapshot(), 'a refused call changed nothing').toBe(before)
      for (const [role, status] of Object.entries(c.allowed) as [Role, number][]) {
        const res = await call(ctx.app, c.method, `/api/v1${c.url()}`, { token: tokens[role], body: c.body?.() })
        expect(res.statusCode, `${role}: ${res.body}`).toBe(status)
        const owner = role === 'trainer' || role === 'owner' || role === 'client'
        if (!owner && c.mustNotShow)
          for (const secret of c.mustNotShow()) expect(res.body, `${role} sees another's data`).not.toContain(secret)
      }
    })
  }

  it('covers every client-billing route of the app', () => {
    const covered = new Set(
      CASES.map(
        (c) =>
          `${c.method} /api/v1${c
            .url()
            .replace(/\?.*$/, '')
            .replace(/[0-9a-f-]{36}/g, ':id')
            .replace(/\/client-invitations\/[^/]+/, '/client-invitations/:token')}`,
      ),
    )
    // The client-billing routes are the operations of its tags: the URL prefixes (/trainer/, /client/) are shared with bookings.
    const paths = (ctx.app.swagger() as unknown as { paths: Record<string, Record<string, { tags?: string[] }>> }).paths
    const routes = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags?.some((tag) => tag.startsWith('client billing')))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(':trainerId', ':id')}`),
    )
    // The code and confirm calls are public by design (the token and the mailed code are the proof); bad-input.test covers them.
    const publicFlow = ['POST /api/v1/client-invitations/:token/code', 'POST /api/v1/client-invitations/:token/confirm']
    expect(routes.length).toBeGreaterThanOrEqual(22)
    for (const r of routes) if (!publicFlow.includes(r)) expect(covered, r).toContain(r)
  })

  it('every client and trainer route is in the OpenAPI document (the mobile app reads it)', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/openapi.json')).json()
    for (const path of [
      '/api/v1/trainers/{trainerId}/offers',
      '/api/v1/client-invitations/{token}',
      '/api/v1/client-invitations/{token}/code',
      '/api/v1/client-invitations/{token}/confirm',
      '/api/v1/client-invitations/{token}/checkout',
      '/api/v1/client/subscriptions',
      '/api/v1/client/subscriptions/{id}/cancel',
      '/api/v1/trainer/offers',
      '/api/v1/business/commissions',
    ]) {
      expect(doc.paths, path).toHaveProperty([path])
    }
    expect(
      doc.paths['/api/v1/client-invitations/{token}/checkout'].post.requestBody.content['application/json'].schema.properties,
    ).not.toHaveProperty('priceClp')
  })

  it("a wrong code gives no session and creates no account; the invited address's code does", async () => {
    const inv = await invite(ctx.app, trainer.token, ids.offer)
    expect((await call(ctx.app, 'POST', `/api/v1/client-invitations/${inv.link}/code`)).statusCode).toBe(200)
    const res = await call(ctx.app, 'POST', `/api/v1/client-invitations/${inv.link}/confirm`, {
      body: { otp: '000000', firstName: 'X', lastName: 'Y', birthDate: '1995-06-15' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ otp: 'invalidOrExpired' })
    expect(await userByEmail(ctx.app, inv.email)).toBeUndefined()
    const token = await confirmClient(ctx.app, inv.link, inv.email)
    const me = await call(ctx.app, 'GET', '/api/v1/client/subscriptions', { token })
    expect(me.statusCode).toBe(200)
    expect(await userByEmail(ctx.app, inv.email)).toMatchObject({ role: 'member' })
  })
})
