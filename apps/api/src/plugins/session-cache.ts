import type { User } from '@app/contracts'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import pg from 'pg'
import type { Tx } from '../db/client.ts'
import { sessions, users } from '../db/schema.ts'
import { toUser } from '../modules/users/service.ts'

/**
 * Live sessions in memory, so that an authenticated request costs no database trip.
 *
 * What must stay true (issue 11): logout, password reset and refresh-token reuse take effect on
 * every process within 1 s. Revocations go through `sessionsRevoked()` (modules/auth/sessions.ts):
 * every cache of this process forgets the session at once, and the other processes hear it
 * through Redis pub/sub (REDIS_URL) or PostgreSQL LISTEN/NOTIFY (DATABASE_URL). While that channel
 * is down the cache is bypassed (every request reads the database), and it starts empty again
 * when the channel comes back, since messages may have been missed. PGlite is one process: local
 * invalidation is all there is.
 *
 * After an invalidation the session (or user) is read from the database, never cached, for
 * QUIET_MS: a revocation inside a transaction that has not committed yet, or a read that started
 * before it, cannot put the old state back into the cache.
 *
 * Other changes to a user (name, e-mail, role) call `userChanged()`; a change made by code that
 * does not is visible after at most TTL_MS.
 */

const TTL_MS = 10_000
const QUIET_MS = 5_000
const MAX_ENTRIES = 100_000
const CHANNEL = 'session_cache'

export interface SessionClaims {
  sub: string
  sid: string
}

interface Entry {
  user: User
  expiresAt: number
  cachedAt: number
}

export interface SessionCache {
  /** The user of a live session of an active user, from memory or the database. */
  lookup(claims: SessionClaims): Promise<User | undefined>
  /** Whether lookups may be answered from memory now (false while the cross-process channel is down). */
  readonly active: boolean
  readonly transport: 'local' | 'redis' | 'postgres'
  forget(target: Target): void
  /** Whether the cross-process channel answers (readiness). */
  ping(): Promise<boolean>
  stats(): { entries: number; hits: number; misses: number }
}

type Target = { sessionId?: string; userId?: string }

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache
  }
  interface FastifyRequest {
    /** The signed-in user's profile, read by `authenticate` (saves GET /auth/me a query). */
    profile?: User
  }
}

interface Member {
  forget(target: Target): void
  publish(db: Tx, message: string): Promise<void>
}
const members = new Set<Member>()

/** Call after revoking sessions (in the same transaction if there is one). */
export async function sessionsRevoked(db: Tx, target: Target): Promise<void> {
  const message = JSON.stringify(target)
  for (const m of members) m.forget(target)
  for (const m of members) await m.publish(db, message)
}

/** Call after changing a user's profile, role or status. */
export const userChanged = (db: Tx, userId: string) => sessionsRevoked(db, { userId })

export default fp(
  async function sessionCache(app: FastifyInstance) {
    const entries = new Map<string, Entry>()
    const quietUntil = new Map<string, number>()
    let hits = 0
    let misses = 0
    let channelUp = false
    let closed = false

    const transport: SessionCache['transport'] = app.config.REDIS_URL ? 'redis' : app.database.kind === 'postgres' ? 'postgres' : 'local'
    if (transport === 'local') channelUp = true

    const forget = (target: Target) => {
      const until = Date.now() + QUIET_MS
      if (target.sessionId) {
        entries.delete(target.sessionId)
        quietUntil.set(`s:${target.sessionId}`, until)
      }
      if (target.userId) {
        quietUntil.set(`u:${target.userId}`, until)
        for (const [sid, e] of entries) if (e.user.id === target.userId) entries.delete(sid)
      }
      if (quietUntil.size > 10_000) {
        const now = Date.now()
        for (const [k, t] of quietUntil) if (t < now) quietUntil.delete(k)
      }
    }
    const onMessage = (message: string) => {
      try {
        forget(JSON.parse(message) as Target)
      } catch {
        app.log.warn('session cache: unreadable invalidation message')
      }
    }
    const setChannel = (up: boolean) => {
      if (up !== channelUp) app.log.info(`session cache: ${transport} channel ${up ? 'up' : 'down'}`)
      channelUp = up
      // Messages may have been missed while it was down.
      entries.clear()
    }

    let publish: Member['publish'] = async () => {}
    let ping = async () => channelUp
    const closers: Array<() => Promise<void>> = []

    if (transport === 'redis') {
      const sub = new Redis(app.config.REDIS_URL!, { maxRetriesPerRequest: 1, lazyConnect: true })
      const pub = new Redis(app.config.REDIS_URL!, { maxRetriesPerRequest: 1, lazyConnect: true, enableOfflineQueue: false })
      sub.on('message', (_channel: string, message: string) => onMessage(message))
      sub.on('ready', () => {
        sub.subscribe(CHANNEL).then(
          () => setChannel(true),
          (err: Error) => app.log.warn({ err }, 'session cache: subscribe failed'),
        )
      })
      sub.on('close', () => setChannel(false))
      sub.on('error', (err: Error) => app.log.warn({ err: err.message }, 'session cache: redis error'))
      pub.on('error', () => {})
      await Promise.all([sub.connect().catch(() => {}), pub.connect().catch(() => {})])
      publish = async (_db, message) => {
        await pub.publish(CHANNEL, message).catch((err: Error) => app.log.error({ err: err.message }, 'session cache: publish failed'))
      }
      ping = async () =>
        channelUp &&
        (await pub.ping().then(
          (r) => r === 'PONG',
          () => false,
        ))
      closers.push(async () => {
        sub.disconnect()
        pub.disconnect()
      })
    } else if (transport === 'postgres') {
      const url = app.database.url
      if (!url) throw new Error('session cache: a PostgreSQL database without a URL to LISTEN on')
      let client: pg.Client | undefined
      let retry: NodeJS.Timeout | undefined
      const listen = async () => {
        if (closed) return
        const c = new pg.Client({ connectionString: url, application_name: 'session-cache-listener' })
        c.on('notification', (n) => n.channel === CHANNEL && n.payload && onMessage(n.payload))
        const lost = () => {
          if (client !== c) return
          client = undefined
          setChannel(false)
          c.end().catch(() => {})
          if (!closed) retry = setTimeout(() => void listen(), 1_000)
        }
        c.on('error', lost)
        c.on('end', lost)
        try {
          await c.connect()
          await c.query(`LISTEN ${CHANNEL}`)
          client = c
          setChannel(true)
        } catch (err) {
          app.log.warn({ err: (err as Error).message }, 'session cache: LISTEN failed; retrying')
          c.end().catch(() => {})
          if (!closed) retry = setTimeout(() => void listen(), 1_000)
        }
      }
      await listen()
      // NOTIFY in the caller's transaction is delivered when (and only if) it commits.
      publish = async (db, message) => void (await db.execute(sql`select pg_notify(${CHANNEL}, ${message})`))
      closers.push(async () => {
        clearTimeout(retry)
        const c = client
        client = undefined
        await c?.end().catch(() => {})
      })
    }

    const member: Member = { forget, publish: (db, message) => publish(db, message) }
    members.add(member)
    app.addHook('onClose', async () => {
      closed = true
      members.delete(member)
      for (const close of closers) await close()
    })

    const quiet = (claims: SessionClaims, now: number) =>
      (quietUntil.get(`s:${claims.sid}`) ?? 0) > now || (quietUntil.get(`u:${claims.sub}`) ?? 0) > now

    async function lookup(claims: SessionClaims): Promise<User | undefined> {
      const startedAt = Date.now()
      const cached = entries.get(claims.sid)
      if (cached && channelUp) {
        if (cached.user.id === claims.sub && cached.expiresAt > startedAt && startedAt - cached.cachedAt < TTL_MS) {
          hits++
          return cached.user
        }
        entries.delete(claims.sid)
      }
      misses++
      const [row] = await app.db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, claims.sid),
            eq(sessions.userId, claims.sub),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
            eq(users.isActive, true),
          ),
        )
        .limit(1)
      if (!row) return undefined
      const user = toUser(row.user)
      const now = Date.now()
      // Not cached when an invalidation may have raced this read (see QUIET_MS).
      if (channelUp && !quiet(claims, now) && now - startedAt < QUIET_MS / 2) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
        entries.set(claims.sid, { user, expiresAt: row.expiresAt.getTime(), cachedAt: startedAt })
      }
      return user
    }

    app.decorate('sessionCache', {
      lookup,
      get active() {
        return channelUp && !closed
      },
      transport,
      forget,
      ping: () => ping(),
      stats: () => ({ entries: entries.size, hits, misses }),
    } satisfies SessionCache)
  },
  { name: 'session-cache', dependencies: ['db'] },
)
