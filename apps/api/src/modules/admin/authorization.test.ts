import { count } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, privacyRequests, reviews, trainers } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { bookableTrainer } from '../bookings/test-helpers.ts'
import { declare, saveRut } from '../tax-start/test-helpers.ts'
import { registerOwner, submitLead, trainerWith } from './test-helpers.ts'

// Issue 13: every admin route refuses anonymous callers (401) and every role but platform_admin
// (403). The routes come from the app's own route table, so a route added later is covered, and
// a route this file has no valid request for fails the first test.
const ctx = useTestApp()

type Example = { url: string; body?: unknown; ok: number }
let examples: Record<string, Example>
let tokens: Record<string, string | undefined>
let adminToken: string

beforeAll(async () => {
  const owner = await registerOwner(ctx.app)
  const trainer = await trainerWith(ctx.app, { status: 'trialing', trialEnd: new Date(Date.now() + 86400_000) })
  const member = await createUserAndLogin(ctx.app, { role: 'member' })
  const businessAdmin = await createUserAndLogin(ctx.app, { role: 'admin' })
  const target = await trainerWith(ctx.app)
  const lead = await submitLead(ctx.app, { name: 'Rosa', city: 'Talca' })
  adminToken = (await createUserAndLogin(ctx.app, { role: 'platform_admin' })).token
  tokens = { anonymous: undefined, owner: owner.token, trainer: trainer.token, member: member.token, 'business admin': businessAdmin.token }
  const t = target.user.id
  const reviewed = await bookableTrainer(ctx.app)
  const [review] = await ctx.app.db
    .insert(reviews)
    .values({ trainerId: reviewed.trainerId, clientUserId: member.user.id, rating: 1, body: 'Nunca llegó.' })
    .returning()
  const r = review!.id
  const b = owner.business.id
  // Two deletion requests of a person: one marked handled, the other answered by closing the account.
  const person = await createUserAndLogin(ctx.app)
  const [p, closing] = (
    await ctx.app.db
      .insert(privacyRequests)
      .values(
        [0, 1].map(() => ({
          userId: person.user.id,
          kind: 'deletion' as const,
          source: 'operator' as const,
          dueAt: new Date(Date.now() + 30 * 86400_000),
        })),
      )
      .returning()
  ).map((row) => row.id)
  // Two sellers' tax-start declarations waiting for review: one to approve, one to reject.
  const seller = async () => {
    const login = await createUserAndLogin(ctx.app, { role: 'trainer' })
    await ctx.app.db.insert(trainers).values({ userId: login.user.id, firstName: 'Vera', lastName: 'Soto', email: login.user.email })
    await saveRut(ctx.app, 'trainer', login.token)
    return login
  }
  const [approving, rejecting] = [await seller(), await seller()]
  const toApprove = await declare(ctx.app, 'trainer', approving.token)
  const toReject = await declare(ctx.app, 'trainer', rejecting.token)
  examples = {
    'GET /api/v1/admin/tax-starts': { url: '/api/v1/admin/tax-starts?status=pending', ok: 200 },
    'GET /api/v1/admin/tax-starts/:id': { url: `/api/v1/admin/tax-starts/${toApprove}`, ok: 200 },
    'POST /api/v1/admin/tax-starts/:id/approve': { url: `/api/v1/admin/tax-starts/${toApprove}/approve`, ok: 200 },
    'POST /api/v1/admin/tax-starts/:id/reject': {
      url: `/api/v1/admin/tax-starts/${toReject}/reject`,
      body: { reason: 'The proof is unreadable' },
      ok: 200,
    },
    'GET /api/v1/admin/leads': { url: '/api/v1/admin/leads?status=new', ok: 200 },
    'GET /api/v1/admin/leads/export.csv': { url: '/api/v1/admin/leads/export.csv', ok: 200 },
    'GET /api/v1/admin/leads/:id': { url: `/api/v1/admin/leads/${lead.id}`, ok: 200 },
    'PATCH /api/v1/admin/leads/:id': { url: `/api/v1/admin/leads/${lead.id}`, body: { status: 'contacted', note: 'called' }, ok: 200 },
    'GET /api/v1/admin/trainers': { url: '/api/v1/admin/trainers', ok: 200 },
    'GET /api/v1/admin/trainers/:id': { url: `/api/v1/admin/trainers/${t}`, ok: 200 },
    'POST /api/v1/admin/trainers/:id/deactivate': { url: `/api/v1/admin/trainers/${t}/deactivate`, body: { reason: 'test' }, ok: 200 },
    'POST /api/v1/admin/trainers/:id/reactivate': { url: `/api/v1/admin/trainers/${t}/reactivate`, body: { reason: 'test' }, ok: 200 },
    'POST /api/v1/admin/trainers/:id/resend-mail': { url: `/api/v1/admin/trainers/${t}/resend-mail`, body: { kind: 'welcome' }, ok: 200 },
    'GET /api/v1/admin/businesses': { url: '/api/v1/admin/businesses', ok: 200 },
    'GET /api/v1/admin/businesses/:id': { url: `/api/v1/admin/businesses/${b}`, ok: 200 },
    'PATCH /api/v1/admin/businesses/:id': {
      url: `/api/v1/admin/businesses/${b}`,
      body: { subscriptionPlan: 'enterprise', reason: 'contract' },
      ok: 200,
    },
    'PUT /api/v1/admin/businesses/:id/central-billing': {
      url: `/api/v1/admin/businesses/${b}/central-billing`,
      body: { approved: true, reason: 'contract signed' },
      ok: 200,
    },
    'GET /api/v1/admin/money/reconciliation': { url: '/api/v1/admin/money/reconciliation', ok: 200 },
    'GET /api/v1/admin/money/disputes': { url: '/api/v1/admin/money/disputes', ok: 200 },
    // The sandbox sends no notifications: nothing to read again (the Mercado Pago tests replay for real).
    'POST /api/v1/admin/money/replay': { url: '/api/v1/admin/money/replay', body: { kind: 'payment', id: '123' }, ok: 422 },
    'GET /api/v1/admin/audit': { url: '/api/v1/admin/audit?action=auth.*', ok: 200 },
    'GET /api/v1/admin/audit/export.csv': { url: '/api/v1/admin/audit/export.csv', ok: 200 },
    'GET /api/v1/admin/system': { url: '/api/v1/admin/system', ok: 200 },
    'GET /api/v1/admin/money/summary': { url: '/api/v1/admin/money/summary', ok: 200 },
    'GET /api/v1/admin/money/transactions': {
      url: `/api/v1/admin/money/transactions?kind=payment&trainer=${t}&trainerSearch=ana`,
      ok: 200,
    },
    'GET /api/v1/admin/money/transactions/export.csv': {
      url: '/api/v1/admin/money/transactions/export.csv?account=platform_revenue',
      ok: 200,
    },
    'GET /api/v1/admin/backups': { url: '/api/v1/admin/backups', ok: 200 },
    // The test app's database is not an embedded one in a DATA_DIR: the operator is told why (409).
    'POST /api/v1/admin/backups': { url: '/api/v1/admin/backups', ok: 409 },
    'GET /api/v1/admin/reviews': { url: '/api/v1/admin/reviews', ok: 200 },
    'POST /api/v1/admin/reviews/:id/hide': { url: `/api/v1/admin/reviews/${r}/hide`, body: { reason: 'abusive' }, ok: 200 },
    'POST /api/v1/admin/reviews/:id/unhide': { url: `/api/v1/admin/reviews/${r}/unhide`, body: { reason: 'reviewed' }, ok: 200 },
    'GET /api/v1/admin/privacy-requests': { url: '/api/v1/admin/privacy-requests?status=open', ok: 200 },
    'POST /api/v1/admin/privacy-requests': {
      url: '/api/v1/admin/privacy-requests',
      body: { kind: 'rectification', email: member.user.email },
      ok: 201,
    },
    'POST /api/v1/admin/privacy-requests/:id/handled': { url: `/api/v1/admin/privacy-requests/${p}/handled`, body: {}, ok: 200 },
    'POST /api/v1/admin/privacy-requests/:id/close-account': {
      url: `/api/v1/admin/privacy-requests/${closing}/close-account`,
      body: { reason: 'Solicitud por correo' },
      ok: 200,
    },
  }
})

/** Every admin route of the app (HEAD routes Fastify adds for GET ones are answered by the GET's checks). */
const adminRoutes = () =>
  ctx.app.routeAuth.filter((r) => r.url.startsWith('/api/v1/admin') && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`)

const send = (route: string, token: string | undefined) => {
  const e = examples[route]!
  return call(ctx.app, route.split(' ')[0] as InjectOptions['method'], e.url, { token, body: e.body })
}

describe('every admin route: who may call it', () => {
  it('the route table and this file name the same routes, each authenticated in onRequest and declaring a bearer token', () => {
    const routes = adminRoutes()
    expect(routes.length).toBeGreaterThanOrEqual(17)
    expect([...routes].sort()).toEqual(Object.keys(examples).sort())
    for (const r of ctx.app.routeAuth.filter((r) => r.url.startsWith('/api/v1/admin'))) {
      expect(r.authenticated, `${r.method} ${r.url}`).toBe(true)
      expect(r.declaresBearer, `${r.method} ${r.url}`).toBe(true)
    }
  })

  it('anonymous 401; owner, trainer, member and business admin 403; nothing is written', async () => {
    const [{ before }] = await ctx.app.db.select({ before: count() }).from(auditLog)
    for (const route of adminRoutes()) {
      for (const [who, token] of Object.entries(tokens)) {
        const res = await send(route, token)
        expect(res.statusCode, `${route} as ${who}`).toBe(token ? 403 : 401)
        expect(res.json(), `${route} as ${who}`).toMatchObject({ status: token ? 403 : 401, message: expect.any(String) })
      }
    }
    const [{ after }] = await ctx.app.db.select({ after: count() }).from(auditLog)
    expect(after).toBe(before)
  })

  it('a forged or expired-looking token is 401 on every route', async () => {
    for (const route of adminRoutes()) {
      expect((await send(route, 'not.a.jwt')).statusCode, route).toBe(401)
    }
  })

  it('platform_admin succeeds on every route', async () => {
    for (const route of adminRoutes()) {
      const res = await send(route, adminToken)
      expect(res.statusCode, `${route}: ${res.body.slice(0, 300)}`).toBe(examples[route]!.ok)
    }
  })
})

describe('OpenAPI', () => {
  it('documents every admin route with the admin tag, bearer security and its query or body schema', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    for (const route of adminRoutes()) {
      const [method, url] = route.split(' ') as [string, string]
      const op = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]
      expect(op, route).toBeDefined()
      expect(op.tags, route).toEqual(['admin'])
      expect(op.security, route).toEqual([{ bearer: [] }])
      expect(op.responses['403'], route).toBeDefined()
    }
    const leads = doc.paths['/api/v1/admin/leads'].get
    expect(leads.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['q', 'status', 'from', 'to', 'cursor', 'limit', 'sort']),
    )
    expect(doc.paths['/api/v1/admin/leads/{id}'].patch.requestBody.content['application/json'].schema.properties).toHaveProperty('status')
    expect(doc.paths['/api/v1/admin/money/transactions'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['kind', 'account', 'trainer', 'trainerSearch', 'from', 'to', 'cursor', 'limit']),
    )
    expect(doc.paths['/api/v1/admin/audit/export.csv'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['actor', 'action']),
    )
  })
})
