import { spawnSync } from 'node:child_process'
import { get } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from './testing/db-template.ts'
import { nodeArgs } from './testing/server-build.ts'
import { EXIT_DO_NOT_RESTART } from './supervise.ts'
import { startRealServer, type RealServer } from './testing/server.ts'

const serverUrl = process.env.TEST_DATABASE_URL
const servers: RealServer[] = []
let database: TestDatabase | undefined
afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL')
  await database?.drop()
})

/** GET over a new connection each time, so that the cluster hands it to any worker. */
const freshGet = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    get(url, { agent: false, headers }, (res) => {
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    }).on('error', reject)
  })

describe('npm run start:cluster', () => {
  it.skipIf(!!serverUrl)('refuses several workers on the embedded database, with the reason', () => {
    const res = spawnSync(process.execPath, nodeArgs('cluster'), {
      env: { ...process.env, WEB_CONCURRENCY: '2', DATABASE_URL: '' },
      encoding: 'utf8',
    })
    // A setting to change, not an outage: the supervisor's "do not restart" code (src/supervise.ts).
    expect(res.status).toBe(EXIT_DO_NOT_RESTART)
    expect(res.stderr).toContain('Several processes need PostgreSQL')
  })

  it.runIf(!!serverUrl)(
    'two workers on one PostgreSQL serve one port, share revocations, and stop with exit 0',
    async () => {
      database = await createTestDatabase(serverUrl!)
      const server = await startRealServer({ DATABASE_URL: database.url, WEB_CONCURRENCY: '2', METRICS: 'on' }, { entry: 'cluster' })
      servers.push(server)

      // Both workers answer (the pid label of /metrics names the worker).
      const pids = new Set<string>()
      // The second worker may still be starting when the first answers health: ask for up to 30 s.
      for (const deadline = Date.now() + 30_000; pids.size < 2 && Date.now() < deadline;) {
        const { body } = await freshGet(`${server.url}/metrics`)
        pids.add(/pid="(\d+)"/.exec(body)![1])
        if (pids.size < 2) await new Promise((r) => setTimeout(r, 100))
      }
      expect(pids.size).toBe(2)

      const email = `cluster-${Date.now()}@example.com`
      const registered = await fetch(`${server.url}/api/v1/auth/business/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          password: 'secret1',
          firstName: 'Clu',
          lastName: 'Ster',
          businessName: 'Gimnasio Cluster',
          businessAddress: 'Av. Apoquindo 4',
          businessPhone: '',
          businessWebsite: '',
        }),
      })
      expect(registered.status).toBe(200)
      const { token } = (await registered.json()) as { token: string }
      const auth = { authorization: `Bearer ${token}` }
      for (let i = 0; i < 6; i++) expect((await freshGet(`${server.url}/api/v1/auth/me`, auth)).status).toBe(200)
      expect((await fetch(`${server.url}/api/v1/auth/logout`, { method: 'POST', headers: auth })).status).toBe(200)
      await new Promise((r) => setTimeout(r, 1_000))
      for (let i = 0; i < 6; i++) expect((await freshGet(`${server.url}/api/v1/auth/me`, auth)).status).toBe(401)

      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
    },
    120_000,
  )
})
