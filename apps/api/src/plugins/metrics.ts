import { sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { timingSafeEqual } from 'node:crypto'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { mailOutbox } from '../db/schema.ts'
import { passwordQueue } from '../modules/users/hashing.ts'

/**
 * GET /metrics in Prometheus text format, only with METRICS=on (and the METRICS_TOKEN bearer token
 * when that is set). Per process: with several workers each scrape answers for one of them, so
 * scrape each process on its own port, or read the totals as a sample (docs/capacity.md).
 */
export default fp(
  async function metrics(app: FastifyInstance) {
    if (app.config.METRICS !== 'on') return
    const register = new Registry()
    register.setDefaultLabels({ pid: String(process.pid) })
    collectDefaultMetrics({ register })

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered',
      labelNames: ['method', 'route', 'status'],
      registers: [register],
    })
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to answer',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [register],
    })
    const refusals = new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Requests refused with 429',
      labelNames: ['route'],
      registers: [register],
    })

    const outboxDepth = new Gauge({ name: 'mail_outbox_pending', help: 'Mails waiting in the outbox', registers: [register] })
    const outboxAge = new Gauge({
      name: 'mail_outbox_oldest_pending_seconds',
      help: 'Age of the oldest pending mail',
      registers: [register],
    })
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (PostgreSQL)',
      labelNames: ['state'],
      registers: [register],
      collect() {
        const s = app.database.poolStats?.()
        if (!s) return
        this.set({ state: 'total' }, s.total)
        this.set({ state: 'idle' }, s.idle)
        this.set({ state: 'waiting' }, s.waiting)
        this.set({ state: 'max' }, s.max)
      },
    })
    new Gauge({
      name: 'session_cache_lookups',
      help: 'Session cache lookups since start, by result',
      labelNames: ['result'],
      registers: [register],
      collect() {
        const s = app.sessionCache.stats()
        this.set({ result: 'hit' }, s.hits)
        this.set({ result: 'miss' }, s.misses)
      },
    })
    new Gauge({
      name: 'password_hashing',
      help: 'argon2 operations running and waiting',
      labelNames: ['state'],
      registers: [register],
      collect() {
        this.set({ state: 'running' }, passwordQueue.running)
        this.set({ state: 'waiting' }, passwordQueue.queued)
      },
    })

    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const route = request.routeOptions.url ?? 'unmatched'
      if (route === '/metrics') return
      requests.inc({ method: request.method, route, status: reply.statusCode })
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000)
      if (reply.statusCode === 429) refusals.inc({ route })
    })

    const token = app.config.METRICS_TOKEN ? Buffer.from(`Bearer ${app.config.METRICS_TOKEN}`) : undefined
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (token) {
        const given = Buffer.from(request.headers.authorization ?? '')
        if (given.length !== token.length || !timingSafeEqual(given, token))
          return reply.code(401).send({ status: 401, message: 'Unauthorized' })
      }
      const [row] = await app.db
        .select({ pending: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${mailOutbox.createdAt})` })
        .from(mailOutbox)
        .where(sql`${mailOutbox.status} = 'pending'`)
      outboxDepth.set(row?.pending ?? 0)
      outboxAge.set(row?.oldest ? Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000) : 0)
      return reply.type(register.contentType).send(await register.metrics())
    })
  },
  { name: 'metrics', dependencies: ['db', 'session-cache'] },
)
