import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from '../db/client.ts'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { freshPostgres, isClearMessage, runCli } from '../testing/backup-kit.ts'
import { startServer, type ServerProcess } from '../testing/server-process.ts'

// Issue 23, point 1: every command run while the server holds the database leaves it intact.
const serverUrl = process.env.TEST_DATABASE_URL
const onPostgres = !!serverUrl
const dir = mkdtempSync(join(tmpdir(), 'one-owner-'))
const dataDir = join(dir, 'data')
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {})
  rmSync(dir, { recursive: true, force: true })
})

const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

async function intact(env: Record<string, string>) {
  const run = async (query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>) => {
    await query('REINDEX TABLE users')
    await query('REINDEX SCHEMA public')
    return (await query('select lower(email) as email, count(*)::int as n from users group by 1 having count(*) > 1')).rows
  }
  if (env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: env.DATABASE_URL })
    await c.connect()
    try {
      return await run((sql) => c.query(sql))
    } finally {
      await c.end()
    }
  }
  const db = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: pgliteExtensions })
  try {
    return await run((sql) => db.query(sql))
  } finally {
    await db.close()
  }
}

describe(`commands while the server runs (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('admin:create, ledger:check, db:backup, db:verify and db:restore each behave as the README says and the database stays intact', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir }
    if (onPostgres) {
      const db = await freshPostgres(serverUrl!)
      cleanups.push(db.drop)
      env.DATABASE_URL = db.url
    }
    const server: ServerProcess = await startServer({ env: { ...env, LOG_LEVEL: 'warn', APP_URL: 'http://localhost:3000' } })
    cleanups.push(server.stop)
    const cli = (script: string, args: string[] = []) => runCli(script, args, { ...env, APP_URL: 'http://localhost:3000' })

    // Someone registered the operator's address first (not verified).
    const squatted = `ops-${Date.now()}@company.cl`
    const reg = await post(server.url, '/api/v1/auth/business/register', {
      email: squatted,
      password: 'attacker1',
      firstName: 'Mal',
      lastName: 'Lory',
      businessName: 'X',
      businessAddress: 'Y',
    })
    expect(reg.status).toBe(200)

    const email = `boss-${Date.now()}@example.cl`
    const created = await cli('admin-create.ts', ['--email', email])
    expect(created.code, created.output).toBe(0)
    if (!onPostgres) expect(created.stdout).toMatch(/run by the server/)
    const hash = /recuperar-password\?hash=([\w-]+)/.exec(created.stdout)![1]
    // The link works against the running server at once: the row is in the database it serves.
    expect((await post(server.url, '/api/v1/auth/reset/password', { hash, password: 'Admin-pass-1' })).status).toBe(200)
    const login = await post(server.url, '/api/v1/auth/email/login', { email, password: 'Admin-pass-1' })
    expect(login.status).toBe(200)
    // Twice, in parallel: still one account.
    const twice = await Promise.all([cli('admin-create.ts', ['--email', email]), cli('admin-create.ts', ['--email', email])])
    expect(twice.map((r) => r.code)).toEqual([0, 0])

    const refused = await cli('admin-create.ts', ['--email', squatted])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/has not verified/)

    const ledger = await cli('ledger-check.ts')
    expect(ledger.code, ledger.output).toBe(0)
    expect(ledger.stdout).toMatch(/every invariant holds/)

    const file = join(dir, 'while-running.tar')
    const backup = await cli('backup.ts', ['backup', '--out', file])
    expect(backup.code, backup.output).toBe(0)
    const verify = await cli('backup.ts', ['verify', file])
    expect(verify.code, verify.output).toBe(0)
    const restore = await cli('backup.ts', ['restore', file, '--force'])
    expect(restore.code).toBe(1)
    expect(restore.output).toMatch(/server/i)
    expect(isClearMessage(restore.output)).toBe(true)

    if (!onPostgres) {
      // A second server on the same DATA_DIR is refused with a message naming the holder.
      await expect(startServer({ env: { ...env, LOG_LEVEL: 'warn' }, timeoutMs: 60_000 })).rejects.toThrow(
        /The server \(pid \d+\) is using the embedded database/,
      )
      // The ops channel answers nobody without the token, and no command it does not know.
      const { token } = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as { token: string }
      expect((await post(server.url, '/api/ops/commands/ledger:check', {})).status).toBe(404)
      expect((await post(server.url, '/api/ops/commands/db:restore', {}, { authorization: `Bearer ${token}` })).status).toBe(404)
      expect((await post(server.url, '/api/ops/commands/ledger:check', {}, { authorization: `Bearer ${token}` })).status).toBe(200)
    }

    // kill -9: the lock it leaves behind does not lock the operator out.
    server.child.kill('SIGKILL')
    await new Promise((r) => server.child.once('exit', r))
    const after = await cli('ledger-check.ts')
    expect(after.code, after.output).toBe(0)
    expect(after.stdout).not.toMatch(/run by the server/)

    expect(await intact(env)).toEqual([])
  }, 600_000)
})
