// Issue 9, item 10: rate limits never fail open; with Redis they are shared between instances.
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { testConfig } from '../config.ts'
import { fallbackStore, memoryStore } from '../plugins/rate-limit.ts'
import { openTestDatabase, uniqueEmail } from '../testing/app.ts'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
/** A port where nothing listens: Redis is "down". */
const DEAD_REDIS_URL = 'redis://127.0.0.1:1'

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

/** Addresses no earlier run used: Redis keeps counts between runs for the length of a window. */
const randomIp = () => `10.${randomInt(100, 250)}.${randomInt(0, 255)}.${randomInt(1, 254)}`

/** GET /users/by-email allows 30 calls a minute per address: cheap to exhaust (no hashing). */
const lookup = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'GET', url: `/api/v1/users/by-email?email=${uniqueEmail()}`, remoteAddress: ip })

function useApps(n: number, redisUrl: string) {
  const apps: FastifyInstance[] = []
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  beforeAll(async () => {
    database = await openTestDatabase()
    for (let i = 0; i < n; i++) {
      const app = await buildApp({ config: testConfig({ REDIS_URL: redisUrl }), database, serveWeb: false })
      await app.ready()
      apps.push(app)
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await database?.drop()
    await database?.close().catch(() => {})
  })
  return apps
}

describe('with Redis down', () => {
  const apps = useApps(1, DEAD_REDIS_URL)

  it('limits are still enforced, counted in this process', async () => {
    const ip = randomIp()
    const statuses: number[] = []
    for (let i = 0; i < 32; i++) statuses.push((await lookup(apps[0], ip)).statusCode)
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true)
    expect(statuses.slice(30)).toEqual([429, 429])
    expect(apps[0].counters.backend).toBe('memory')
  })

  it('a login flood from one address is still stopped', async () => {
    const ip = randomIp()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const res = await apps[0].inject({
        method: 'POST',
        url: '/api/v1/auth/email/login',
        payload: { email: 'victim@example.com', password: 'x' },
        remoteAddress: ip,
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('a Redis command that fails', () => {
  it('is counted in memory instead of being let through', async () => {
    const broken = {
      status: 'ready',
      eval: () => Promise.reject(new Error('READONLY')),
      multi: () => ({ get: () => ({ pttl: () => ({ exec: () => Promise.reject(new Error('READONLY')) }) }) }),
    }
    const failures: unknown[] = []
    const store = fallbackStore(broken as unknown as Redis, memoryStore(), (err) => failures.push(err))
    const counts = []
    for (let i = 0; i < 3; i++) counts.push((await store.hit('k', 60_000)).count)
    expect(counts).toEqual([1, 2, 3])
    expect((await store.peek('k')).count).toBe(3)
    expect(store.backend).toBe('memory')
    expect(failures.length).toBeGreaterThan(0)
  })
})

// CI (and anyone who sets TEST_REDIS_URL) must run the shared suite: a missing Redis fails, never skips.
const redisAvailable = await redisUp()
if ((process.env.CI || process.env.TEST_REDIS_URL) && !redisAvailable) {
  throw new Error(`Redis at ${REDIS_URL} does not answer: the shared rate-limit suite cannot run`)
}

describe.runIf(redisAvailable)('with Redis up', () => {
  const apps = useApps(2, REDIS_URL)

  it('two instances share one budget', async () => {
    const ip = randomIp()
    const statuses: number[] = []
    for (let i = 0; i < 32; i++) statuses.push((await lookup(apps[i % 2], ip)).statusCode)
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true)
    expect(statuses.slice(30)).toEqual([429, 429])
    expect(apps.map((a) => a.counters.backend)).toEqual(['redis', 'redis'])
  })
})
