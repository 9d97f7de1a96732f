import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, mailOutbox } from '../../db/schema.ts'
import { ADDRESS_BURST, LOGIN_FAILURES } from '../auth/login-limits.ts'
import { chileDateTime, chileDayOf } from '../../lib/csv.ts'
import { call, createUserAndLogin, freshIp, uniqueEmail, useTestApp } from '../../testing/app.ts'
import { downloadCsv } from '../../testing/csv.ts'
import { registerOwner } from './test-helpers.ts'

const ctx = useTestApp()
let admin: Awaited<ReturnType<typeof createUserAndLogin>>
beforeAll(async () => {
  admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
})

const get = (url: string) => call(ctx.app, 'GET', url, { token: admin.token })
const rowsOf = (action: string, subjectId: string) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)))
const login = (email: string, password: string, ip = freshIp()) =>
  call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email, password }, ip })

describe('security events in the audit log', () => {
  it('a successful sign-in: who, from where', async () => {
    const user = await createUserAndLogin(ctx.app, { role: 'trainer' })
    const ip = freshIp()
    expect((await login(user.user.email, user.password, ip)).statusCode).toBe(200)
    const rows = await rowsOf('auth.login', user.user.id)
    expect(rows).toHaveLength(2)
    expect(rows.find((r) => r.ip === ip)).toMatchObject({
      actorId: user.user.id,
      actorEmail: user.user.email,
      actorRole: 'trainer',
      subjectType: 'user',
      after: { via: 'email' },
    })
  })

  it('failed sign-ins on one account: one row when they reach the delay threshold, not one per failure', async () => {
    const user = await createUserAndLogin(ctx.app, { role: 'trainer' })
    // Each from its own address, so the per-address limits stay out of the way.
    for (let i = 0; i < LOGIN_FAILURES.delayAfter + 2; i++) expect((await login(user.user.email, 'wrong-password')).statusCode).toBe(422)
    const rows = await rowsOf('auth.login_failures', user.user.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actorId: null,
      subjectType: 'user',
      ip: expect.any(String),
      after: { scope: 'account', email: user.user.email, failures: LOGIN_FAILURES.delayAfter, lockout: false },
    })
    // An unknown e-mail is recorded by the e-mail itself.
    const ghost = uniqueEmail('ghost')
    for (let i = 0; i < LOGIN_FAILURES.delayAfter; i++) await login(ghost, 'x')
    expect(await rowsOf('auth.login_failures', ghost)).toMatchObject([
      { subjectType: 'email', after: { scope: 'account', failures: LOGIN_FAILURES.delayAfter } },
    ])
  })

  it('failed sign-ins from one address across accounts: one row when the address reaches its threshold', async () => {
    const ip = freshIp()
    for (let i = 0; i < ADDRESS_BURST.failures + 1; i++) {
      const res = await login(uniqueEmail('spray'), 'x', ip)
      expect(res.statusCode).toBe(i < ADDRESS_BURST.failures ? 422 : 429)
    }
    expect(await rowsOf('auth.login_failures', ip)).toMatchObject([
      { subjectType: 'address', ip, after: { scope: 'address', failures: ADDRESS_BURST.failures } },
    ])
  })

  it('a password reset, and the revocation of every session it causes', async () => {
    const user = await createUserAndLogin(ctx.app, { role: 'trainer' })
    expect((await call(ctx.app, 'POST', '/api/v1/auth/forgot/password', { body: { email: user.user.email } })).statusCode).toBe(200)
    const [mail] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.user.email))
    const hash = mail!.text.match(/hash=([\w-]+)/)![1]!
    const ip = freshIp()
    expect((await call(ctx.app, 'POST', '/api/v1/auth/reset/password', { body: { hash, password: 'Another123!' }, ip })).statusCode).toBe(
      200,
    )
    expect(await rowsOf('auth.password_reset', user.user.id)).toMatchObject([{ actorId: user.user.id, ip }])
    expect(await rowsOf('session.revoke_all', user.user.id)).toMatchObject([
      { actorId: user.user.id, ip, reason: 'password reset', after: { sessions: 1 } },
    ])
    const row = JSON.stringify(await ctx.app.db.select().from(auditLog).where(eq(auditLog.subjectId, user.user.id)))
    expect(row).not.toContain(hash)
  })

  it('logout-all ends every session of the account at once and is recorded', async () => {
    const user = await createUserAndLogin(ctx.app, { role: 'member' })
    const other = (await login(user.user.email, user.password)).json()
    const ip = freshIp()
    expect((await call(ctx.app, 'POST', '/api/v1/auth/logout-all', { token: user.token, ip })).statusCode).toBe(200)
    for (const token of [user.token, other.token]) expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token })).statusCode).toBe(401)
    expect((await call(ctx.app, 'POST', '/api/v1/auth/refresh', { token: other.refreshToken })).statusCode).toBe(401)
    expect(await rowsOf('session.revoke_all', user.user.id)).toMatchObject([
      { actorId: user.user.id, ip, reason: 'logout-all', after: { sessions: 2 } },
    ])
    expect((await call(ctx.app, 'POST', '/api/v1/auth/logout-all', {})).statusCode).toBe(401)
  })
})

describe('GET /admin/audit and its CSV export', () => {
  it('filters by actor (id or e-mail), action (exact or family), subject and dates; pages with a cursor', async () => {
    const operator = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const owner = await registerOwner(ctx.app)
    const since = new Date().toISOString()
    for (const plan of ['enterprise', 'business', 'enterprise'] as const) {
      const res = await call(ctx.app, 'PATCH', `/api/v1/admin/businesses/${owner.business.id}`, {
        token: operator.token,
        body: { subscriptionPlan: plan, reason: `to ${plan}` },
      })
      expect(res.statusCode).toBe(200)
    }
    const byId = (await get(`/api/v1/admin/audit?actor=${operator.user.id}&action=business.update`)).json()
    expect(byId.data.map((e: { reason: string }) => e.reason)).toEqual(['to enterprise', 'to business', 'to enterprise'])
    expect(byId.data[0]).toMatchObject({
      actor: { id: operator.user.id, email: operator.user.email, role: 'platform_admin' },
      subjectType: 'business',
      subjectId: owner.business.id,
      before: { subscriptionPlan: 'business' },
      after: { subscriptionPlan: 'enterprise' },
    })
    const byEmail = (await get(`/api/v1/admin/audit?actor=${encodeURIComponent(operator.user.email.toUpperCase())}`)).json()
    // The operator's own sign-in is an auth.* row of theirs too.
    expect(byEmail.data.map((e: { action: string }) => e.action).sort()).toEqual([
      'auth.login',
      'business.update',
      'business.update',
      'business.update',
    ])
    const family = (await get(`/api/v1/admin/audit?actor=${operator.user.id}&action=auth.*`)).json()
    expect(family.data.map((e: { action: string }) => e.action)).toEqual(['auth.login'])
    const subject = (
      await get(`/api/v1/admin/audit?subjectType=business&subjectId=${owner.business.id}&from=${encodeURIComponent(since)}&sort=oldest`)
    ).json()
    expect(subject.data.map((e: { reason: string }) => e.reason)).toEqual(['to enterprise', 'to business', 'to enterprise'])
    expect((await get(`/api/v1/admin/audit?subjectId=${owner.business.id}&to=${encodeURIComponent(since)}`)).json().data).toEqual([])

    const pages: string[] = []
    let cursor: string | null = null
    do {
      const page: { data: { id: string }[]; nextCursor: string | null } = (
        await get(`/api/v1/admin/audit?actor=${operator.user.id}&limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      ).json()
      pages.push(...page.data.map((e: { id: string }) => e.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(pages).toEqual(byEmail.data.map((e: { id: string }) => e.id))

    for (const query of ['action=DROP%20TABLE', 'action=auth.%25', 'from=nope', 'limit=1000'])
      expect((await get(`/api/v1/admin/audit?${query}`)).statusCode, query).toBe(422)
  })

  it('exports the filtered rows as CSV, before/after as JSON, a formula in a reason neutralised', async () => {
    const owner = await registerOwner(ctx.app)
    await call(ctx.app, 'PATCH', `/api/v1/admin/businesses/${owner.business.id}`, {
      token: admin.token,
      body: { subscriptionPlan: 'enterprise', reason: '=cmd|" /C calc"!A0' },
    })
    const file = await downloadCsv(ctx.app, `/api/v1/admin/audit/export.csv?subjectId=${owner.business.id}`, admin.token)
    expect(file.filename).toBe(`auditoria_${chileDayOf(new Date())}.csv`)
    expect(file.header).toEqual([
      'Fecha',
      'Acción',
      'Quién',
      'Rol',
      'Correo de quién',
      'Objeto',
      'Tipo de objeto',
      'Dirección IP',
      'Motivo',
      'Antes (JSON)',
      'Después (JSON)',
      'Código de acción',
      'ID de quién',
      'ID del objeto',
      'ID',
    ])
    expect(file.rows).toHaveLength(1)
    const row = Object.fromEntries(file.header.map((h, i) => [h, file.rows[0][i]]))
    const [stored] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.subjectId, owner.business.id))
    expect(row).toMatchObject({
      Fecha: chileDateTime(stored.createdAt),
      Acción: 'Plan o reparto cambiado',
      Quién: `${admin.user.firstName} ${admin.user.lastName}`.trim(),
      Rol: 'Operador',
      'Correo de quién': admin.user.email,
      'Tipo de objeto': 'Negocio',
      Motivo: `'=cmd|" /C calc"!A0`,
      'Código de acción': 'business.update',
      'ID de quién': admin.user.id,
      'ID del objeto': owner.business.id,
      ID: stored.id,
    })
    expect(row.Fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[34]:00$/)
    expect(JSON.parse(row['Antes (JSON)'])).toMatchObject({ subscriptionPlan: 'business' })
    expect(JSON.parse(row['Después (JSON)'])).toMatchObject({ subscriptionPlan: 'enterprise' })

    const en = await downloadCsv(ctx.app, `/api/v1/admin/audit/export.csv?subjectId=${owner.business.id}`, admin.token, 'en')
    expect(en.filename).toBe(`audit-log_${chileDayOf(new Date())}.csv`)
    expect(en.header.slice(0, 4)).toEqual(['Date', 'Action', 'Who', 'Role'])
    expect(en.rows[0].slice(0, 4)).toEqual([chileDateTime(stored.createdAt), 'Plan or split changed', row.Quién, 'Operator'])
  })
})
