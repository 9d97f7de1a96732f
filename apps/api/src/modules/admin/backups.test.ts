import { eq } from 'drizzle-orm'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { testConfig } from '../../config.ts'
import { openDatabase } from '../../db/client.ts'
import { auditLog } from '../../db/schema.ts'
import { call, createUserAndLogin, recordingTransport, useTestApp } from '../../testing/app.ts'
import { registerOwner } from './test-helpers.ts'

// Issue 33: the console shows the last backup; only platform operators see it or take one.
const ctx = useTestApp()

describe('GET/POST /admin/backups: who may call it', () => {
  it('anonymous 401; owner, trainer and member 403; platform_admin 200', async () => {
    const owner = await registerOwner(ctx.app)
    const trainer = await createUserAndLogin(ctx.app, { role: 'trainer' })
    const member = await createUserAndLogin(ctx.app, { role: 'member' })
    const operator = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
    for (const method of ['GET', 'POST'] as const) {
      expect((await call(ctx.app, method, '/api/v1/admin/backups')).statusCode).toBe(401)
      for (const token of [owner.token, trainer.token, member.token]) {
        expect((await call(ctx.app, method, '/api/v1/admin/backups', { token })).statusCode).toBe(403)
      }
    }
    const status = await call(ctx.app, 'GET', '/api/v1/admin/backups', { token: operator.token })
    expect(status.statusCode).toBe(200)
    // The test app's database is not an embedded one in a DATA_DIR: nothing scheduled, no backup now.
    expect(status.json()).toMatchObject({ scheduled: false, last: null, time: '03:30', keepDaily: 7, keepWeekly: 4 })
    const now = await call(ctx.app, 'POST', '/api/v1/admin/backups', { token: operator.token })
    expect(now.statusCode).toBe(409)
    expect(now.json().message).toMatch(/embedded database only/)
  })

  it('is in the OpenAPI document with operationId, summary, tags, security and its errors', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/openapi.json')).json()
    const get = doc.paths['/api/v1/admin/backups'].get
    const post = doc.paths['/api/v1/admin/backups'].post
    expect(get).toMatchObject({ operationId: 'getBackupStatus', tags: ['admin'], security: [{ bearer: [] }] })
    expect(post).toMatchObject({ operationId: 'createBackup', tags: ['admin'], security: [{ bearer: [] }] })
    expect(get.summary).toBeTruthy()
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '409', '429']))
  })
})

describe.skipIf(!!process.env.TEST_DATABASE_URL)('a backup from the console on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-backup-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('is taken, verified, 0600 in a 0700 directory, shown as the last backup and audited', async () => {
    const database = await openDatabase({ dataDir })
    const app = await buildApp({
      config: testConfig({ inMemory: false, DATA_DIR: dataDir }),
      database,
      mailTransport: recordingTransport(),
      mailAutoDeliver: false,
      serveWeb: false,
    })
    try {
      const operator = await createUserAndLogin(app, { role: 'platform_admin' })
      const res = await call(app, 'POST', '/api/v1/admin/backups', { token: operator.token })
      expect(res.statusCode, res.body).toBe(200)
      const { last, scheduled } = res.json()
      expect(scheduled).toBe(true)
      expect(last).toMatchObject({ verified: true, error: null, trigger: 'console' })
      expect(last.bytes).toBeGreaterThan(100_000)
      const file = join(dataDir, 'backups', last.file)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(statSync(join(dataDir, 'backups')).mode & 0o777).toBe(0o700)
      expect((await call(app, 'GET', '/api/v1/admin/backups', { token: operator.token })).json().last).toEqual(last)
      const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'backup.create'))
      expect(audit).toHaveLength(1)
      expect(audit[0]).toMatchObject({ actorId: operator.user.id, subjectId: last.file })
    } finally {
      await app.close()
      await database.close()
    }
  }, 120_000)
})
