import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { testConfig } from '../config.ts'
import { openTestDatabase } from '../testing/app.ts'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

async function redisUp() {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  try {
    await redis.connect()
    await redis.ping()
    return true
  } catch {
    return false
  } finally {
    redis.disconnect()
  }
}

// CI (and anyone who sets TEST_REDIS_URL) must run this suite: a missing Redis fails, never skips.
const required = Boolean(process.env.CI || process.env.TEST_REDIS_URL)
const available = await redisUp()
if (required && !available) throw new Error(`Redis at ${REDIS_URL} does not answer: the shared rate-limit suite cannot run`)

// Two app instances (two server processes in production) share one budget through Redis.
describe.runIf(available)('rate limits shared through Redis', () => {
  const apps: FastifyInstance[] = []
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  beforeAll(async () => {
    database = await openTestDatabase()
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config: testConfig({ REDIS_URL }), database, serveWeb: false })
      await app.ready()
      apps.push(app)
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await database.drop()
    await database.close().catch(() => {})
  })

  it('counts attempts on either instance against the same limit', async () => {
    const email = `shared-${randomUUID()}@example.com`
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const app = apps[i % 2]
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/email/login', payload: { email, password: 'x' }, remoteAddress: `10.9.${i}.1` })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422))
    expect(statuses.slice(10)).toEqual([429, 429])
  })
})
