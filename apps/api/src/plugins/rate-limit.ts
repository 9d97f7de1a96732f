import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { brand } from '../brand.ts'
import { tooManyRequests } from '../errors.ts'
import { withTraits } from './contract.ts'

export interface LimitOptions {
  /** Requests allowed per window (scaled by RATE_LIMIT_MULTIPLIER). */
  max: number
  windowMs: number
  /** What is counted: the client IP by default; e.g. the e-mail of a login. */
  key?: (request: FastifyRequest) => string | undefined
}

export interface Count {
  count: number
  /** Milliseconds until the window (and the count) ends. */
  resetInMs: number
}

/** Fixed-window counters: in Redis when it answers, else in this process. */
export interface CounterStore {
  /** Adds one and answers the new count. */
  hit(key: string, windowMs: number): Promise<Count>
  /** The current count, without adding. */
  peek(key: string): Promise<Count>
  readonly backend: 'redis' | 'memory'
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that answers 429 with Retry-After once `max` is passed; several may be stacked. */
    limit: (name: string, options: LimitOptions) => (request: FastifyRequest) => Promise<void>
    /** The counters behind `limit`, for limits a service applies itself (e.g. failed logins per e-mail). */
    counters: CounterStore
  }
}

export function memoryStore(): CounterStore & { close(): void } {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const sweep = setInterval(() => {
    const now = Date.now()
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key)
  }, 60_000)
  sweep.unref()
  const current = (key: string, now: number) => {
    const w = windows.get(key)
    return w && w.resetAt > now ? w : undefined
  }
  return {
    backend: 'memory',
    async hit(key, windowMs) {
      const now = Date.now()
      let w = current(key, now)
      if (!w) windows.set(key, (w = { count: 0, resetAt: now + windowMs }))
      w.count += 1
      return { count: w.count, resetInMs: w.resetAt - now }
    },
    async peek(key) {
      const now = Date.now()
      const w = current(key, now)
      return w ? { count: w.count, resetInMs: w.resetAt - now } : { count: 0, resetInMs: 0 }
    },
    close: () => clearInterval(sweep),
  }
}

// INCR and the expiry of a new window in one step, so that no key is left without a TTL.
const HIT = `
local c = redis.call('INCR', KEYS[1])
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`

/**
 * Redis first; while Redis is unreachable or slow, the same limits are counted in this process,
 * so an outage never switches them off (issue 9, item 10).
 */
export function fallbackStore(redis: Redis, memory: CounterStore, onFallback: (err: unknown) => void): CounterStore {
  const store = {
    backend: 'redis' as 'redis' | 'memory',
    async hit(key: string, windowMs: number) {
      if (redis.status === 'ready') {
        try {
          const [count, ttl] = (await redis.eval(HIT, 1, key, windowMs)) as [number, number]
          store.backend = 'redis'
          return { count: Number(count), resetInMs: Number(ttl) }
        } catch (err) {
          onFallback(err)
        }
      }
      store.backend = 'memory'
      return memory.hit(key, windowMs)
    },
    async peek(key: string) {
      if (redis.status === 'ready') {
        try {
          const [count, ttl] = (await redis.multi().get(key).pttl(key).exec())!.map(([err, value]) => {
            if (err) throw err
            return value
          })
          store.backend = 'redis'
          return count == null ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: Math.max(0, Number(ttl)) }
        } catch (err) {
          onFallback(err)
        }
      }
      store.backend = 'memory'
      return memory.peek(key)
    },
  }
  return store
}

export default fp(
  async function limits(app: FastifyInstance) {
    const memory = memoryStore()
    app.addHook('onClose', async () => memory.close())
    let store: CounterStore = memory
    if (app.config.REDIS_URL) {
      const redis = new Redis(app.config.REDIS_URL, {
        // Fail fast instead of queueing: a command that cannot run at once is counted in memory.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: 250,
        connectTimeout: 2_000,
        retryStrategy: (attempt) => Math.min(attempt * 500, 5_000),
      })
      let warned = false
      redis.on('error', (err) => {
        if (!warned) app.log.warn({ err: err.message }, 'Redis unreachable: rate limits are counted per process until it is back')
        warned = true
      })
      redis.on('ready', () => {
        if (warned) app.log.info('Redis is back: rate limits are shared again')
        warned = false
      })
      app.addHook('onClose', async () => redis.disconnect())
      // Start shared when Redis answers within a moment; otherwise start in memory and switch when it does.
      await new Promise<void>((resolve) => {
        const done = () => resolve()
        redis.once('ready', done)
        redis.once('error', done)
        setTimeout(done, 2_000).unref()
      })
      store = fallbackStore(redis, memory, (err) => {
        if (!warned) app.log.warn({ err: (err as Error).message }, 'Redis command failed: counting this limit in memory')
        warned = true
      })
    }
    app.decorate('counters', store)

    const multiplier = app.config.RATE_LIMIT_MULTIPLIER
    app.decorate('limit', (name: string, options: LimitOptions) => {
      const max = Math.max(1, Math.round(options.max * multiplier))
      const keyOf = options.key ?? ((r: FastifyRequest) => r.ip)
      return withTraits(
        async (request: FastifyRequest) => {
          const { count, resetInMs } = await store.hit(`${brand.slug}-rl:${name}:${keyOf(request) ?? 'none'}`, options.windowMs)
          if (count > max) {
            const seconds = Math.max(1, Math.ceil(resetInMs / 1000))
            throw tooManyRequests(`Too many requests. Try again in ${seconds} seconds.`, seconds)
          }
        },
        { rateLimited: true },
      )
    })
  },
  { name: 'limits' },
)

/** The normalised e-mail of a request body, as a limit key. */
export const emailKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined
}

/** The pair (e-mail, client address): counts one client's attempts on one account. */
export const emailAddressKey = (request: FastifyRequest) => {
  const email = emailKey(request)
  return email === undefined ? undefined : `${email}|${request.ip}`
}
