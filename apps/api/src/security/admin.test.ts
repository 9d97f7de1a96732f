import { eq, sql } from 'drizzle-orm'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { testConfig } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { auditLog, businesses, passwordResets, users } from '../db/schema.ts'
import { call, createUserAndLogin, freshIp, recordingTransport, uniqueEmail, useTestApp } from '../testing/app.ts'
import { createTestDatabase, seedDataDir } from '../testing/db-template.ts'
import { nodeArgs } from '../testing/server-build.ts'

// Issue 9, item 5: plan and split change only through a platform admin, and every change is audited.
const ctx = useTestApp()

async function registerOwner() {
  const res = await call(ctx.app, 'POST', '/api/v1/auth/business/register', {
    body: {
      email: uniqueEmail('owner'),
      password: 'secret1',
      firstName: 'Olga',
      lastName: 'Díaz',
      businessName: 'Olga Fit',
      businessAddress: 'Calle 1',
    },
  })
  expect(res.statusCode).toBe(200)
  return res.json() as { token: string; user: { id: string; email: string }; business: { id: string } }
}

async function tokens() {
  const owner = await registerOwner()
  const otherOwner = await registerOwner()
  const legacyAdmin = await createUserAndLogin(ctx.app, { role: 'admin' })
  const trainer = await createUserAndLogin(ctx.app, { role: 'trainer' })
  const member = await createUserAndLogin(ctx.app, { role: 'member' })
  const platformAdmin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
  return { owner, otherOwner, legacyAdmin, trainer, member, platformAdmin }
}

const patch = (token: string | undefined, id: string, body: unknown) =>
  call(ctx.app, 'PATCH', `/api/v1/admin/businesses/${id}`, { token, body })
const auditOf = (id: string) => ctx.app.db.select().from(auditLog).where(eq(auditLog.subjectId, id))

describe('admin API: who may call it', () => {
  it('anonymous 401; owner, other owner, business admin, trainer and member 403; platform_admin 200', async () => {
    const t = await tokens()
    const id = t.owner.business.id
    const body = { subscriptionPlan: 'enterprise', reason: 'self-upgrade attempt' }
    const denied: [string, string | undefined, number][] = [
      ['anonymous', undefined, 401],
      ['owner of the business', t.owner.token, 403],
      ['other owner', t.otherOwner.token, 403],
      ['business role admin', t.legacyAdmin.token, 403],
      ['trainer', t.trainer.token, 403],
      ['member', t.member.token, 403],
    ]
    for (const [who, token, status] of denied) {
      expect((await call(ctx.app, 'GET', '/api/v1/admin/businesses', { token })).statusCode, `GET as ${who}`).toBe(status)
      expect((await patch(token, id, body)).statusCode, `PATCH as ${who}`).toBe(status)
    }
    const [row] = await ctx.app.db.select().from(businesses).where(eq(businesses.id, id))
    expect(row.subscriptionPlan).toBe('business')
    expect(await auditOf(id)).toEqual([])

    expect((await call(ctx.app, 'GET', '/api/v1/admin/businesses', { token: t.platformAdmin.token })).statusCode).toBe(200)
    expect((await patch(t.platformAdmin.token, id, body)).statusCode).toBe(200)
  })

  it('platform_admin gets no business area: business login refused, owner routes 403', async () => {
    const admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const login = await call(ctx.app, 'POST', '/api/v1/auth/business/login', {
      body: { email: admin.user.email, password: admin.password },
    })
    expect(login.statusCode).toBe(422)
    expect(login.json().errors).toEqual({ email: 'notBusinessAccount' })
    expect((await call(ctx.app, 'GET', '/api/v1/gyms/my-gym', { token: admin.token })).statusCode).toBe(403)
    expect((await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token: admin.token, body: {} })).statusCode).toBeGreaterThanOrEqual(
      403,
    )
  })
})

describe('PATCH /admin/businesses/{id}', () => {
  it('changes plan and split, answers the business, and writes one audit row with actor, address, before, after and reason', async () => {
    const owner = await registerOwner()
    const admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const ip = freshIp()
    const res = await call(ctx.app, 'PATCH', `/api/v1/admin/businesses/${owner.business.id}`, {
      token: admin.token,
      ip,
      body: {
        subscriptionPlan: 'enterprise',
        commissionRates: { trainer: 0.55, gym: 0.4, platform: 0.05 },
        reason: 'Signed enterprise contract #42',
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: owner.business.id,
      subscriptionPlan: 'enterprise',
      centralBilling: { commissionRates: { trainer: 0.55, gym: 0.4, platform: 0.05 } },
      owner: { id: owner.user.id },
    })
    const rows = await auditOf(owner.business.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'business.update',
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      actorRole: 'platform_admin',
      subjectType: 'business',
      ip,
      reason: 'Signed enterprise contract #42',
      before: { subscriptionPlan: 'business', commissionRates: { trainer: 0.6, gym: 0.35, platform: 0.05 } },
      after: { subscriptionPlan: 'enterprise', commissionRates: { trainer: 0.55, gym: 0.4, platform: 0.05 } },
    })
    // The owner sees the new plan (and its trainer limit applies: trainers/service.ts reads it).
    const [row] = await ctx.app.db.select().from(businesses).where(eq(businesses.id, owner.business.id))
    expect(row).toMatchObject({ subscriptionPlan: 'enterprise', commissionTrainerBps: 5500, commissionGymBps: 4000 })
  })

  it('refuses a split that does not sum to 1, a missing reason, nothing to change, unknown fields and an unknown business', async () => {
    const owner = await registerOwner()
    const admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const cases: [unknown, Record<string, string>][] = [
      [{ commissionRates: { trainer: 0.7, gym: 0.35, platform: 0.05 }, reason: 'x' }, { commissionRates: 'mustSumToOne' }],
      [{ commissionRates: { trainer: 0.6555, gym: 0.2945, platform: 0.05 }, reason: 'x' }, { 'commissionRates.trainer': 'invalid' }],
      [{ commissionRates: { trainer: -0.1, gym: 1.05, platform: 0.05 }, reason: 'x' }, { 'commissionRates.trainer': 'invalid' }],
      [{ subscriptionPlan: 'enterprise' }, { reason: 'required' }],
      [{ subscriptionPlan: 'enterprise', reason: '   ' }, { reason: 'required' }],
      [{ subscriptionPlan: 'gold', reason: 'x' }, { subscriptionPlan: 'invalid' }],
      [{ reason: 'x' }, { subscriptionPlan: 'nothingToChange' }],
      [{ subscriptionPlan: 'enterprise', reason: 'x', ownerId: admin.user.id }, { ownerId: 'unknownField' }],
    ]
    for (const [body, errors] of cases) {
      const res = await patch(admin.token, owner.business.id, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(res.json().errors, JSON.stringify(body)).toMatchObject(errors)
    }
    expect(
      (await patch(admin.token, '00000000-0000-4000-8000-000000000000', { subscriptionPlan: 'enterprise', reason: 'x' })).statusCode,
    ).toBe(404)
    expect(await auditOf(owner.business.id)).toEqual([])
  })

  it('the change and its audit row are one transaction: if the audit row cannot be written, nothing changes', async () => {
    const owner = await registerOwner()
    const admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    await ctx.app.db.execute(
      sql`CREATE FUNCTION fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit insert failed'; END $$`,
    )
    await ctx.app.db.execute(sql`CREATE TRIGGER fail_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION fail_audit()`)
    try {
      const res = await patch(admin.token, owner.business.id, { subscriptionPlan: 'enterprise', reason: 'x' })
      expect(res.statusCode).toBe(500)
    } finally {
      await ctx.app.db.execute(sql`DROP TRIGGER fail_audit ON audit_log`)
      await ctx.app.db.execute(sql`DROP FUNCTION fail_audit()`)
    }
    const [row] = await ctx.app.db.select().from(businesses).where(eq(businesses.id, owner.business.id))
    expect(row.subscriptionPlan).toBe('business')
  })

  it('GET /admin/businesses lists businesses with their owner, paginated', async () => {
    await registerOwner()
    await registerOwner()
    const admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    const first = await call(ctx.app, 'GET', '/api/v1/admin/businesses?page=1&pageSize=1', { token: admin.token })
    expect(first.statusCode).toBe(200)
    const json = first.json()
    expect(json).toMatchObject({ page: 1, pageSize: 1 })
    expect(json.total).toBeGreaterThanOrEqual(2)
    expect(json.data).toHaveLength(1)
    expect(json.data[0]).toMatchObject({ subscriptionPlan: expect.any(String), owner: { email: expect.any(String) } })
    expect(first.body).not.toMatch(/argon2|passwordHash/)
    const second = (await call(ctx.app, 'GET', '/api/v1/admin/businesses?page=2&pageSize=1', { token: admin.token })).json()
    expect(second.data[0].id).not.toBe(json.data[0].id)
    expect((await call(ctx.app, 'GET', '/api/v1/admin/businesses?pageSize=1000', { token: admin.token })).statusCode).toBe(422)
  })
})

describe('audit_log is append-only', () => {
  it('UPDATE and DELETE are refused by the database', async () => {
    const owner = await registerOwner()
    const admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    expect((await patch(admin.token, owner.business.id, { subscriptionPlan: 'enterprise', reason: 'contract' })).statusCode).toBe(200)
    const [row] = await auditOf(owner.business.id)
    await expect(ctx.app.db.update(auditLog).set({ reason: 'rewritten' }).where(eq(auditLog.id, row.id))).rejects.toThrow()
    await expect(ctx.app.db.delete(auditLog).where(eq(auditLog.id, row.id))).rejects.toThrow()
    await expect(ctx.app.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow()
    const [after] = await auditOf(owner.business.id)
    expect(after.reason).toBe('contract')
  })
})

describe('npm run admin:create (the first platform admin)', () => {
  const apiDir = fileURLToPath(new URL('../..', import.meta.url))
  const runCliIn = (dataDir: string, databaseUrl: string, ...args: string[]) =>
    spawnSync(process.execPath, [...nodeArgs('admin-create'), ...args], {
      cwd: apiDir,
      encoding: 'utf8',
      // tsx + PGlite start + migrations: slow on a loaded two-core machine.
      timeout: 150_000,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        INIT_CWD: apiDir,
        NODE_ENV: 'development',
        APP_URL: 'http://localhost:3000',
        LOG_LEVEL: 'info',
      },
    })

  it('creates a platform_admin, prints a one-time set-password link that works once; a second run promotes and voids the first link', async () => {
    // This run's database: a migrated copy on the PostgreSQL server, or in DATA_DIR.
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-create-'))
    const serverUrl = process.env.TEST_DATABASE_URL
    const server = serverUrl ? await createTestDatabase(serverUrl) : undefined
    if (!server) await seedDataDir(dataDir)
    const runCli = (...args: string[]) => runCliIn(dataDir, server?.url ?? '', ...args)
    try {
      const email = uniqueEmail('boss')
      const bad = runCli('--email', 'not-an-email')
      expect(bad.status).toBe(2)
      expect(bad.stderr).toMatch(/--email/)

      const first = runCli('--email', email.toUpperCase(), '--first-name', 'Bea', '--last-name', 'Soto')
      expect(first.status, first.stderr).toBe(0)
      const firstLink = first.stdout.match(/http:\/\/localhost:3000\/recuperar-password\?hash=([\w-]+)/)
      expect(firstLink).not.toBeNull()
      expect(first.stdout.split(firstLink![0]).length).toBe(2)
      expect(first.stderr).not.toContain(firstLink![1])

      const again = runCli('--email', email)
      expect(again.status, again.stderr).toBe(0)
      expect(again.stdout).toMatch(/Promoted/)
      const link = again.stdout.match(/recuperar-password\?hash=([\w-]+)/)![1]

      const database = await openDatabase(server ? { url: server.url, poolMax: 2 } : { dataDir })
      const app = await buildApp({
        config: testConfig(),
        database,
        mailTransport: recordingTransport(),
        mailAutoDeliver: false,
        serveWeb: false,
      })
      try {
        const [user] = await database.db.select().from(users).where(eq(users.email, email))
        expect(user).toMatchObject({ role: 'platform_admin', firstName: 'Bea', lastName: 'Soto' })
        const resets = await database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))
        expect(resets.map((r) => r.tokenHash)).not.toContain(link)
        const audit = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, user.id))
        expect(audit.map((a) => a.action).sort()).toEqual(['admin.create', 'admin.promote'])
        expect(audit[0]).toMatchObject({ actorRole: 'cli', actorId: null })

        const stale = await call(app, 'POST', '/api/v1/auth/reset/password', { body: { hash: firstLink![1], password: 'Admin-pass-1' } })
        expect(stale.statusCode).toBe(422)
        const set = await call(app, 'POST', '/api/v1/auth/reset/password', { body: { hash: link, password: 'Admin-pass-1' } })
        expect(set.statusCode).toBe(200)
        expect(
          (await call(app, 'POST', '/api/v1/auth/reset/password', { body: { hash: link, password: 'Other-pass-2' } })).statusCode,
        ).toBe(422)
        const login = await call(app, 'POST', '/api/v1/auth/email/login', { body: { email, password: 'Admin-pass-1' } })
        expect(login.statusCode).toBe(200)
        expect(login.json().user.role).toBe('platform_admin')
        expect((await call(app, 'GET', '/api/v1/admin/businesses', { token: login.json().token })).statusCode).toBe(200)
      } finally {
        await app.close()
        await database.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
      await server?.drop()
    }
  }, 400_000)
})
