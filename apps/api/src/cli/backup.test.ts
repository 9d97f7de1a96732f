import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { startRealServer, type RealServer } from '../testing/server.ts'

const dir = mkdtempSync(join(tmpdir(), 'backup-'))
const cli = fileURLToPath(new URL('./backup.ts', import.meta.url))
const servers: RealServer[] = []
const databases: string[] = []
const serverUrl = process.env.TEST_DATABASE_URL
afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
  if (serverUrl && databases.length) {
    const c = new pg.Client({ connectionString: serverUrl })
    await c.connect()
    for (const name of databases) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.end()
  }
})

/** A fresh PostgreSQL database on the test server (PostgreSQL runs only). */
async function freshDatabase() {
  const name = `t_${randomUUID().replaceAll('-', '')}`
  const c = new pg.Client({ connectionString: serverUrl })
  await c.connect()
  await c.query(`CREATE DATABASE ${name}`)
  await c.end()
  databases.push(name)
  const url = new URL(serverUrl!)
  url.pathname = `/${name}`
  return url.toString()
}

const runCli = (args: string[], env: Record<string, string>) => {
  const res = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
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
    const source: Record<string, string> = serverUrl ? { DATABASE_URL: await freshDatabase() } : { DATA_DIR: join(dir, 'source') }
    const target: Record<string, string> = serverUrl ? { DATABASE_URL: await freshDatabase() } : { DATA_DIR: join(dir, 'target') }
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
