import { request } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from './testing/db-template.ts'
import { startRealServer, type RealServer } from './testing/server.ts'

const dir = mkdtempSync(join(tmpdir(), 'shutdown-'))
const serverUrl = process.env.TEST_DATABASE_URL
const servers: RealServer[] = []
let database: TestDatabase | undefined
afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
  await database?.drop()
})

async function environment(): Promise<Record<string, string>> {
  if (!serverUrl) return { DATA_DIR: dir }
  database = await createTestDatabase(serverUrl)
  return { DATABASE_URL: database.url }
}

/** POST from its own client address (registration is limited per address); the status, or the error. */
function postFrom(port: number, localAddress: string, path: string, body: unknown) {
  return new Promise<number | string>((resolve) => {
    const payload = JSON.stringify(body)
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: `/api/v1${path}`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', (err) => resolve(err.message))
    req.end(payload)
  })
}

const registration = (email: string) => ({
  email,
  password: 'secret1',
  firstName: 'Grace',
  lastName: 'Ful',
  businessName: 'Gimnasio Sigterm',
  businessAddress: 'Av. Apoquindo 3',
  businessPhone: '',
  businessWebsite: '',
})

describe('graceful shutdown of the real server', () => {
  it('SIGTERM during 20 concurrent writes: exit 0, and every acknowledged write is there after restart', async () => {
    const env = await environment()
    const server = await startRealServer(env)
    servers.push(server)
    const emails = Array.from({ length: 20 }, (_, i) => `sigterm-${i}-${Date.now()}@example.com`)
    let signalled = false
    const results = await Promise.all(
      emails.map(async (email, i) => {
        const status = await postFrom(server.port, `127.0.3.${i + 1}`, '/auth/business/register', registration(email))
        // The first answer means the others are in flight: stop the server now.
        if (!signalled) {
          signalled = true
          server.child.kill('SIGTERM')
        }
        return status
      }),
    )
    expect(await server.exited).toBe(0)
    const acknowledged = emails.filter((_, i) => results[i] === 200)
    expect(acknowledged.length).toBeGreaterThan(1)

    const restarted = await startRealServer(env)
    servers.push(restarted)
    for (const [i, email] of acknowledged.entries()) {
      expect(await postFrom(restarted.port, `127.0.4.${i + 1}`, '/auth/business/login', { email, password: 'secret1' })).toBe(200)
    }
    restarted.child.kill('SIGTERM')
    expect(await restarted.exited).toBe(0)
  }, 120_000)
})
