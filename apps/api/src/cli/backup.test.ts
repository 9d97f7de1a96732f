import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/db-template.ts'
import { nodeArgs } from '../testing/server-build.ts'
import { startRealServer, type RealServer } from '../testing/server.ts'

const dir = mkdtempSync(join(tmpdir(), 'backup-'))
const servers: RealServer[] = []
const databases: TestDatabase[] = []
const serverUrl = process.env.TEST_DATABASE_URL
afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
  for (const database of databases) await database.drop()
})

/** A new PostgreSQL database on the test server (PostgreSQL runs only): migrated, or empty as a restore needs. */
async function freshDatabase(migrated: boolean) {
  const database = await createTestDatabase(serverUrl!, { migrated })
  databases.push(database)
  return database.url
}

const runCli = (args: string[], env: Record<string, string>) => {
  const res = spawnSync(process.execPath, [...nodeArgs('cli/backup'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    encoding: 'utf8',
  })
  return { status: res.status, output: `${res.stdout}${res.stderr}` }
}

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

const register = (url: string, email: string) =>
  post(url, '/auth/business/register', {
    email,
    password: 'secret1',
    firstName: 'Back',
    lastName: 'Up',
    businessName: 'Gimnasio Respaldo',
    businessAddress: 'Av. Apoquindo 2',
    businessPhone: '',
    businessWebsite: '',
  })

describe('backup and restore', () => {
  it('a backup taken while the server runs restores into a fresh data directory where the account logs in', async () => {
    const source: Record<string, string> = serverUrl ? { DATABASE_URL: await freshDatabase(true) } : { DATA_DIR: join(dir, 'source') }
    const target: Record<string, string> = serverUrl ? { DATABASE_URL: await freshDatabase(false) } : { DATA_DIR: join(dir, 'target') }
    const server = await startRealServer(source)
    servers.push(server)
    const email = `backup-${Date.now()}@example.com`
    expect((await register(server.url, email)).status).toBe(200)

    const file = join(dir, serverUrl ? 'db.dump' : 'db.tar.gz')
    const taken = runCli(['backup', '--out', file], source)
    expect(taken.output).toContain(serverUrl ? 'PostgreSQL backup written' : 'taken by the running server')
    expect(taken.status).toBe(0)
    // Written after the backup: not in the restored copy.
    const later = `later-${Date.now()}@example.com`
    expect((await register(server.url, later)).status).toBe(200)
    server.child.kill('SIGTERM')
    await server.exited

    const restored = runCli(['restore', file], target)
    expect(restored.status, restored.output).toBe(0)
    const copy = await startRealServer(target)
    servers.push(copy)
    const login = await post(copy.url, '/auth/business/login', { email, password: 'secret1' })
    expect(login.status).toBe(200)
    expect((await post(copy.url, '/auth/business/login', { email: later, password: 'secret1' })).status).toBe(422)
    copy.child.kill('SIGTERM')
    await copy.exited
  }, 120_000)

  it.skipIf(!!serverUrl)('refuses to restore over an existing database without --force', () => {
    const res = runCli(['restore', join(dir, 'db.tar.gz')], { DATA_DIR: join(dir, 'target') })
    expect(res.status).toBe(1)
    expect(res.output).toContain('--force')
  })
})
