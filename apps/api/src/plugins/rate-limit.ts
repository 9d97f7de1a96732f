import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { tooManyRequests } from '../errors.ts'

export interface LimitOptions {
  /** Requests allowed per window (scaled by RATE_LIMIT_MULTIPLIER). */
  max: number
  windowMs: number
  /** What is counted: the client IP by default; e.g. the e-mail of a login. */
  key?: (request: FastifyRequest) => string | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that answers 429 with Retry-After once `max` is passed; several may be stacked. */
    limit: (name: string, options: LimitOptions) => (request: FastifyRequest) => Promise<void>
  }
}

export default fp(
  async function limits(app: FastifyInstance) {
    const redis = app.config.REDIS_URL
      ? new Redis(app.config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false })
      : undefined
    if (redis) app.addHook('onClose', async () => void redis.quit())
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: 'fitness-rl-',
      // A Redis outage must not take logins down with it.
      skipOnError: true,
    })

    const multiplier = app.config.RATE_LIMIT_MULTIPLIER
    app.decorate('limit', (name: string, options: LimitOptions) => {
      const check = app.createRateLimit({
        max: Math.max(1, Math.round(options.max * multiplier)),
        timeWindow: options.windowMs,
        keyGenerator: (request: FastifyRequest) => `${name}:${(options.key ?? ((r) => r.ip))(request) ?? 'none'}`,
      })
      return async (request: FastifyRequest) => {
        const result = await check(request)
        if (!result.isAllowed && result.isExceeded) {
          throw tooManyRequests(`Too many requests. Try again in ${result.ttlInSeconds} seconds.`, result.ttlInSeconds)
        }
      }
    })
  },
  { name: 'limits' },
)
