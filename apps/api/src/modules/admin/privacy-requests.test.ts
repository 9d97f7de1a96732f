import { and, count, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, clientSubscriptions, mailOutbox, privacyRequests, users } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { PASSWORD } from '../billing/test-helpers.ts'
import { createOffer, eligibleTrainer, sandboxClient } from '../client-billing/test-helpers.ts'
import { recordPrivacyRequest } from './privacy-requests.ts'

// Issue 20, operators: the privacy requests queue and closing an account on request.
const ctx = useTestApp()
const v1 = (path: string) => `/api/v1${path}`
let admin: Awaited<ReturnType<typeof createUserAndLogin>>
beforeAll(async () => {
  admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
})

const post = (path: string, body: unknown, token = admin.token) => call(ctx.app, 'POST', v1(path), { token, body })
const get = (path: string) => call(ctx.app, 'GET', v1(path), { token: admin.token })
const record = (body: Record<string, unknown>) => post('/admin/privacy-requests', body)
const requestsOf = (userId: string) => ctx.app.db.select().from(privacyRequests).where(eq(privacyRequests.userId, userId))
const auditOf = (action: string, subjectId: string) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)))
const mailsTo = (to: string) => ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt))
const DAY = 86_400_000

describe('POST /admin/privacy-requests: a request that arrived by e-mail', () => {
  it('is recorded for the account with that e-mail (any case), due 30 days after it arrived, audited; recorded again it is the same request', async () => {
    const person = await createUserAndLogin(ctx.app, { firstName: 'Rosa', lastName: 'Mella' })
    const res = await record({ kind: 'rectification', email: person.user.email.toUpperCase(), note: 'Correo del 1/12' })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({
      userId: person.user.id,
      email: person.user.email,
      name: 'Rosa Mella',
      kind: 'rectification',
      status: 'open',
      source: 'operator',
      handledBy: null,
      handledAt: null,
      note: 'Correo del 1/12',
      accountClosedAt: null,
    })
    expect(new Date(body.dueAt).getTime() - new Date(body.createdAt).getTime()).toBe(30 * DAY)
    expect(await auditOf('privacy.request', person.user.id)).toMatchObject([
      { actorId: admin.user.id, reason: 'Correo del 1/12', after: { requestId: body.id, kind: 'rectification' } },
    ])
    // A double click: the open request, not a second one.
    const again = await record({ kind: 'rectification', email: person.user.email })
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(body.id)
    expect(await requestsOf(person.user.id)).toHaveLength(1)
  })

  it('received on an earlier day: due 30 days after the start of that day in Chile', async () => {
    const person = await createUserAndLogin(ctx.app)
    const { request } = await recordPrivacyRequest(
      ctx.app.db,
      { actor: { id: admin.user.id, email: admin.user.email, role: 'platform_admin' }, ip: '127.0.0.1' },
      { kind: 'export', email: person.user.email, receivedOn: '2026-12-01' },
      new Date('2026-12-05T15:00:00Z'),
    )
    // 1 December 2026 begins at 00:00 in Santiago, summer time (UTC−3).
    expect(request.createdAt).toBe('2026-12-01T03:00:00.000Z')
    expect(request.dueAt).toBe('2026-12-31T03:00:00.000Z')
  })

  it('two operators recording the same request at once make one request', async () => {
    const person = await createUserAndLogin(ctx.app)
    const answers = await Promise.all([0, 1, 2].map(() => record({ kind: 'deletion', email: person.user.email })))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201])
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1)
    expect(await requestsOf(person.user.id)).toHaveLength(1)
    expect(await auditOf('privacy.request', person.user.id)).toHaveLength(1)
  })

  it('bad input: 422 with field codes in the spec shape and nothing recorded', async () => {
    const person = await createUserAndLogin(ctx.app)
    const [{ before }] = await ctx.app.db.select({ before: count() }).from(privacyRequests)
    const tomorrow = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)
    for (const [body, errors] of [
      [{ kind: 'erase', email: person.user.email }, { kind: 'invalid' }],
      [{ kind: 'deletion' }, { email: 'required' }],
      [{ kind: 'deletion', email: 'not-an-email' }, { email: 'invalidEmail' }],
      [{ kind: 'deletion', email: 'nadie-aqui@example.com' }, { email: 'notFound' }],
      [{ kind: 'deletion', email: person.user.email, receivedOn: tomorrow }, { receivedOn: 'invalid' }],
      [{ kind: 'deletion', email: person.user.email, receivedOn: '2020-01-01' }, { receivedOn: 'invalid' }],
      [{ kind: 'deletion', email: person.user.email, receivedOn: '1/12/2026' }, { receivedOn: 'invalid' }],
      [{ kind: 'deletion', email: person.user.email, note: 'x'.repeat(501) }, { note: 'tooLong' }],
      [{ kind: 'deletion', email: person.user.email, extra: 1 }, { extra: 'unknownField' }],
    ] as const) {
      const res = await record(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(res.json(), JSON.stringify(body)).toMatchObject({ status: 422, message: expect.any(String), errors })
    }
    const [{ after }] = await ctx.app.db.select({ after: count() }).from(privacyRequests)
    expect(after).toBe(before)
    expect(await auditOf('privacy.request', person.user.id)).toHaveLength(0)
  })
})

describe('GET /admin/privacy-requests', () => {
  it('lists open or done requests, nearest deadline first, in cursor pages; self-service requests appear too', async () => {
    const person = await createUserAndLogin(ctx.app)
    // The person downloads their data (a done export request) and asks by e-mail for a deletion.
    expect((await call(ctx.app, 'GET', v1('/account/export'), { token: person.token })).statusCode).toBe(200)
    const open = (await record({ kind: 'deletion', email: person.user.email })).json()
    const all: { id: string; dueAt: string; status: string }[] = []
    let cursor: string | null = null
    do {
      const page: { data: typeof all; nextCursor: string | null } = (
        await get(`/admin/privacy-requests?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json()
      expect(page.data.length).toBeLessThanOrEqual(2)
      all.push(...page.data)
      cursor = page.nextCursor
    } while (cursor)
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length)
    expect(all.map((r) => r.dueAt)).toEqual([...all.map((r) => r.dueAt)].sort())
    const mine = all.filter((r) => (r as unknown as { userId: string }).userId === person.user.id)
    expect(mine.map((r) => r.status).sort()).toEqual(['done', 'open'])

    const openOnly = (await get('/admin/privacy-requests?status=open&limit=100')).json().data as { id: string; status: string }[]
    expect(openOnly.every((r) => r.status === 'open')).toBe(true)
    expect(openOnly.map((r) => r.id)).toContain(open.id)
    const done = (await get('/admin/privacy-requests?status=done&kind=export&limit=100')).json().data as { kind: string; status: string }[]
    expect(done.length).toBeGreaterThan(0)
    expect(done.every((r) => r.status === 'done' && r.kind === 'export')).toBe(true)

    for (const [query, errors] of [
      ['status=closed', { status: 'invalid' }],
      ['kind=all', { kind: 'invalid' }],
      ['limit=0', { limit: 'invalid' }],
      ['limit=101', { limit: 'invalid' }],
      ['cursor=abc', { cursor: 'invalid' }],
    ] as const) {
      const bad = await get(`/admin/privacy-requests?${query}`)
      expect(bad.statusCode, query).toBe(422)
      expect(bad.json().errors, query).toEqual(errors)
    }
  })
})

describe('POST /admin/privacy-requests/{id}/handled', () => {
  it('records who and when with the note, audited; again it changes nothing; unknown id 404; a bad note 422 and nothing changes', async () => {
    const person = await createUserAndLogin(ctx.app)
    const { id } = (await record({ kind: 'rectification', email: person.user.email, note: 'Apellido mal escrito' })).json()
    const bad = await post(`/admin/privacy-requests/${id}/handled`, { note: 'x'.repeat(501) })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ note: 'tooLong' })
    expect((await requestsOf(person.user.id))[0]!.status).toBe('open')

    const res = await post(`/admin/privacy-requests/${id}/handled`, { note: 'Corregido a Pérez' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'done',
      handledBy: admin.user.id,
      handledByEmail: admin.user.email,
      handledAt: expect.any(String),
      note: 'Apellido mal escrito\nCorregido a Pérez',
    })
    const again = await post(`/admin/privacy-requests/${id}/handled`, { note: 'otra vez' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(res.json())
    expect(await auditOf('privacy.handled', person.user.id)).toMatchObject([
      { actorId: admin.user.id, reason: 'Corregido a Pérez', before: { status: 'open' }, after: { status: 'done', requestId: id } },
    ])
    const missing = await post('/admin/privacy-requests/00000000-0000-4000-8000-000000000000/handled', {})
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ status: 404, message: expect.any(String) })
    expect((await post('/admin/privacy-requests/not-an-id/handled', {})).json().errors).toEqual({ id: 'invalid' })
  })

  it('two operators at once: one handles it, one audit row', async () => {
    const person = await createUserAndLogin(ctx.app)
    const other = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const { id } = (await record({ kind: 'export', email: person.user.email })).json()
    const answers = await Promise.all([admin.token, other.token].map((t) => post(`/admin/privacy-requests/${id}/handled`, {}, t)))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    expect(answers[0]!.json()).toEqual(answers[1]!.json())
    expect(await auditOf('privacy.handled', person.user.id)).toHaveLength(1)
  })
})

describe('POST /admin/privacy-requests/{id}/close-account', () => {
  it("a trainer's account on an e-mailed deletion request: clients' subscriptions cancelled and told, sessions gone, login refused, not reopenable, request handled, audited", async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token)
    const client = await sandboxClient(ctx.app, trainer.token, offer.id)
    const { id } = (await record({ kind: 'deletion', email: trainer.email, note: 'Correo del 2/12' })).json()

    const short = await post(`/admin/privacy-requests/${id}/close-account`, { reason: 'no' })
    expect(short.statusCode).toBe(422)
    expect(short.json()).toMatchObject({ status: 422, errors: { reason: 'tooShort' } })
    expect((await post(`/admin/privacy-requests/${id}/close-account`, {})).json().errors).toEqual({ reason: 'required' })
    expect((await ctx.app.db.select().from(users).where(eq(users.email, trainer.email)))[0]!.closedAt).toBeNull()

    const res = await post(`/admin/privacy-requests/${id}/close-account`, { reason: 'Pidió la eliminación por correo' })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    // The client's subscription and the trainer's own platform plan.
    expect(body.account).toMatchObject({ ok: true, cancelledSubscriptions: 2 })
    expect(body.request).toMatchObject({
      id,
      status: 'done',
      handledBy: admin.user.id,
      handledByEmail: admin.user.email,
      note: 'Correo del 2/12\nPidió la eliminación por correo',
      accountClosedAt: body.account.closedAt,
    })
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, trainer.email))
    expect(row).toMatchObject({ closedBy: 'operator', isActive: false })
    // One request (the recorded one, answered), no second deletion request opened by the closing.
    expect((await requestsOf(row!.id)).map((r) => r.status)).toEqual(['done'])
    expect(await auditOf('account.close', row!.id)).toMatchObject([
      { actorId: admin.user.id, reason: 'Pidió la eliminación por correo', after: { by: 'operator', requestId: id } },
    ])
    expect(await auditOf('privacy.handled', row!.id)).toHaveLength(0)
    const [sub] = await ctx.app.db.select().from(clientSubscriptions).where(eq(clientSubscriptions.id, client.subscriptionId))
    expect(sub!.state).toBe('cancelled')
    expect((await mailsTo(trainer.email))[0]!.text).toContain('Pidió la eliminación por correo')
    expect((await mailsTo(client.email)).length).toBeGreaterThan(0)

    expect((await call(ctx.app, 'GET', v1('/auth/me'), { token: trainer.token })).statusCode).toBe(401)
    const login = await call(ctx.app, 'POST', v1('/auth/email/login'), { body: { email: trainer.email, password: PASSWORD } })
    expect(login.json().errors).toEqual({ email: 'accountClosed' })
    const reopen = await call(ctx.app, 'POST', v1('/account/reopen'), { body: { email: trainer.email, password: PASSWORD } })
    expect(reopen.json().errors).toEqual({ email: 'reopenExpired' })

    // A replay: the same answer, nothing more.
    const again = await post(`/admin/privacy-requests/${id}/close-account`, { reason: 'Pidió la eliminación por correo' })
    expect(again.statusCode).toBe(200)
    expect(again.json().request).toEqual(body.request)
    expect(await auditOf('account.close', row!.id)).toHaveLength(1)
  })

  it("a member's account closed by the person before: the request is still answered, once; in parallel, one closing", async () => {
    const member = await createUserAndLogin(ctx.app, { role: 'member' })
    const { id } = (await record({ kind: 'deletion', email: member.user.email })).json()
    expect((await post('/account/close', { password: member.password }, member.token)).statusCode).toBe(200)
    const res = await post(`/admin/privacy-requests/${id}/close-account`, { reason: 'Ya la cerró; confirmado' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().request).toMatchObject({ status: 'done', handledBy: admin.user.id })
    expect(await auditOf('privacy.handled', member.user.id)).toHaveLength(1)

    const other = await createUserAndLogin(ctx.app)
    const second = (await record({ kind: 'deletion', email: other.user.email })).json()
    const answers = await Promise.all(
      [0, 1].map(() => post(`/admin/privacy-requests/${second.id}/close-account`, { reason: 'Solicitud por correo' })),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    expect(await auditOf('account.close', other.user.id)).toHaveLength(1)
    expect((await requestsOf(other.user.id)).map((r) => r.status)).toEqual(['done'])
  })

  it('refuses a request of another kind (409), one answered without closing (409), an operator account (422), an unknown id (404); nothing changes', async () => {
    const person = await createUserAndLogin(ctx.app)
    const exportRequest = (await record({ kind: 'export', email: person.user.email })).json()
    const wrongKind = await post(`/admin/privacy-requests/${exportRequest.id}/close-account`, { reason: 'Solicitud por correo' })
    expect(wrongKind.statusCode).toBe(409)
    expect(wrongKind.json()).toMatchObject({ status: 409, errors: { kind: 'invalid' } })

    const deletion = (await record({ kind: 'deletion', email: person.user.email })).json()
    await post(`/admin/privacy-requests/${deletion.id}/handled`, { note: 'Retirada por la persona' })
    const answered = await post(`/admin/privacy-requests/${deletion.id}/close-account`, { reason: 'Solicitud por correo' })
    expect(answered.statusCode).toBe(409)
    expect(answered.json().errors).toEqual({ status: 'alreadyAnswered' })

    const operator = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const onOperator = (await record({ kind: 'deletion', email: operator.user.email })).json()
    const refused = await post(`/admin/privacy-requests/${onOperator.id}/close-account`, { reason: 'Solicitud por correo' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors).toEqual({ role: 'invalid' })
    expect((await requestsOf(operator.user.id))[0]!.status).toBe('open')

    expect((await post('/admin/privacy-requests/00000000-0000-4000-8000-000000000000/close-account', { reason: 'abc' })).statusCode).toBe(
      404,
    )
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, person.user.id))
    expect(row!.closedAt).toBeNull()
    expect(await auditOf('account.close', person.user.id)).toHaveLength(0)
  })
})
