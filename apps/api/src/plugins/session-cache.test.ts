import type { LoginResponse } from '@app/contracts'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { testConfig } from '../config.ts'
import { bearer, call, createUserAndLogin, openTestDatabase, useTestApp } from '../testing/app.ts'
import { startRealServer, type RealServer } from '../testing/server.ts'
import type { FastifyInstance } from 'fastify'

const me = (app: FastifyInstance, token: string) => call(app, 'GET', '/api/v1/auth/me', { token })

describe('session cache in one process', () => {
  const ctx = useTestApp()

  it('a logout takes effect at once for a session the cache holds', async () => {
    const { token } = await createUserAndLogin(ctx.app)
    expect((await me(ctx.app, token)).statusCode).toBe(200)
    expect((await me(ctx.app, token)).statusCode).toBe(200)
    expect(ctx.app.sessionCache.stats().hits).toBeGreaterThan(0)
    expect((await call(ctx.app, 'POST', '/api/v1/auth/logout', { token })).statusCode).toBe(200)
    expect((await me(ctx.app, token)).statusCode).toBe(401)
  })

  it('reusing a rotated refresh token ends the session at once, cached or not', async () => {
    const { token, refreshToken } = await createUserAndLogin(ctx.app)
    expect((await me(ctx.app, token)).statusCode).toBe(200)
    expect((await call(ctx.app, 'POST', '/api/v1/auth/refresh', { token: refreshToken })).statusCode).toBe(200)
    expect((await me(ctx.app, token)).statusCode).toBe(200)
    expect((await call(ctx.app, 'POST', '/api/v1/auth/refresh', { token: refreshToken })).statusCode).toBe(401)
    expect((await me(ctx.app, token)).statusCode).toBe(401)
  })
})

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
async function redisUp() {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  try {
    await redis.connect()
    return (await redis.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    redis.disconnect()
  }
}
const redisRequired = Boolean(process.env.CI || process.env.TEST_REDIS_URL)
const redisAvailable = await redisUp()
if (redisRequired && !redisAvailable) throw new Error(`Redis at ${REDIS_URL} does not answer`)

/** Polls until GET /auth/me on the other process answers 401; returns how long it took. */
async function msUntilRefused(server: RealServer, token: string) {
  const started = Date.now()
  while (Date.now() - started < 5_000) {
    const res = await fetch(`${server.url}/api/v1/auth/me`, { headers: bearer(token) })
    if (res.status === 401) return Date.now() - started
    expect(res.status).toBe(200)
    await new Promise((r) => setTimeout(r, 20))
  }
  return Infinity
}

// Two processes on one PostgreSQL database: this test's app, and the real server as a child process.
for (const transport of ['postgres', 'redis'] as const) {
  describe.runIf(!!process.env.TEST_DATABASE_URL && (transport === 'postgres' || redisAvailable))(
    `revocation across processes (${transport})`,
    () => {
      let database: Awaited<ReturnType<typeof openTestDatabase>>
      let app: FastifyInstance
      let other: RealServer
      const redisUrl = transport === 'redis' ? REDIS_URL : ''

      beforeAll(async () => {
        database = await openTestDatabase()
        app = await buildApp({
          config: testConfig({ REDIS_URL: redisUrl || undefined }),
          database,
          serveWeb: false,
          mailAutoDeliver: false,
        })
        await app.ready()
        expect(app.sessionCache.transport).toBe(transport)
        other = await startRealServer({ DATABASE_URL: database.url!, REDIS_URL: redisUrl })
      })
      afterAll(async () => {
        other?.child.kill('SIGKILL')
        await app?.close()
        await database?.drop()
      })

      const loginOn = async (): Promise<LoginResponse> => {
        const session = await createUserAndLogin(app)
        // Both processes have the session in their caches.
        for (let i = 0; i < 3; i++) {
          expect((await me(app, session.token)).statusCode).toBe(200)
          expect((await fetch(`${other.url}/api/v1/auth/me`, { headers: bearer(session.token) })).status).toBe(200)
        }
        return session
      }

      it('a logout here is refused there within 1 s', async () => {
        const { token } = await loginOn()
        expect((await call(app, 'POST', '/api/v1/auth/logout', { token })).statusCode).toBe(200)
        expect(await msUntilRefused(other, token)).toBeLessThan(1_000)
      })

      it('a logout there is refused here within 1 s', async () => {
        const { token } = await loginOn()
        expect((await fetch(`${other.url}/api/v1/auth/logout`, { method: 'POST', headers: bearer(token) })).status).toBe(200)
        const started = Date.now()
        while ((await me(app, token)).statusCode === 200 && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 20))
        expect(Date.now() - started).toBeLessThan(1_000)
        expect((await me(app, token)).statusCode).toBe(401)
      })

      it('refresh-token reuse here ends the session there within 1 s', async () => {
        const { token, refreshToken } = await loginOn()
        expect((await call(app, 'POST', '/api/v1/auth/refresh', { token: refreshToken })).statusCode).toBe(200)
        expect((await call(app, 'POST', '/api/v1/auth/refresh', { token: refreshToken })).statusCode).toBe(401)
        expect(await msUntilRefused(other, token)).toBeLessThan(1_000)
      })

      it('a password reset here ends every session there within 1 s', async () => {
        const session = await loginOn()
        const { revokeUserSessions } = await import('../modules/auth/sessions.ts')
        // What a reset does to sessions, in its transaction (the reset itself: password-reset.test.ts).
        await app.db.transaction((tx) => revokeUserSessions(tx, session.user.id, 'password reset'))
        expect(await msUntilRefused(other, session.token)).toBeLessThan(1_000)
      })
    },
  )
}
