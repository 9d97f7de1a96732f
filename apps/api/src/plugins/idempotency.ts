import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Tx } from '../db/client.ts'
import { idempotencyKeys } from '../db/schema.ts'
import { transactionHooks, type TransactionHook } from '../db/transaction-hooks.ts'
import { HttpError } from '../errors.ts'

/**
 * `Idempotency-Key` (issue 34, docs/decisions/110): a request that carries one is carried out
 * once; a retry with the same key within 24 h gets the first answer again (header
 * `Idempotent-Replayed: true`) and stores nothing. As payment APIs do (IETF
 * draft-ietf-httpapi-idempotency-key-header): the same key with a different request → 422,
 * while the first is still running → 409 with Retry-After.
 *
 * Accepted on every POST, PUT, PATCH and DELETE under /api/v1 (every creating and money route
 * among them), so that a renamed route keeps it. The cost on a request with a key: one
 * INSERT … ON CONFLICT on the primary key before the handler, one UPDATE after. Without a key:
 * nothing.
 *
 * Exactly once: the key is claimed (a row, unique in the database, so concurrent duplicates
 * meet there) before the handler runs; every transaction of the request marks it `committed`
 * before its COMMIT, fenced by the attempt's owner id, so a write and its key commit together.
 * An attempt whose answer never came (connection lost at COMMIT, process killed) holds the key
 * until `locked_until`; a later attempt then takes over only if no transaction of the first one
 * committed. A successful answer is stored before it is sent.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key'
const TTL_MS = 24 * 3600_000
const MAX_KEY_LENGTH = 255
const KEY_PATTERN = /^[\x21-\x7e]+$/
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route ignores Idempotency-Key. */
    idempotency?: boolean
  }
  interface FastifyRequest {
    idempotency?: Attempt
  }
}

interface Attempt extends TransactionHook {
  id: string
  owner: string
  secret: Buffer
  /** The handler has returned or thrown. */
  settled: boolean
  /** A transaction of this attempt committed (its key is marked). */
  didCommit: boolean
  /** A COMMIT went unanswered: it may have committed. */
  ambiguous: boolean
  /** A failure answer was sent; release the key once the handler settles. */
  failedAnswer: boolean
  /** The client already got an answer (the request deadline): no transaction may commit now. */
  abandoned: boolean
  stored: boolean
}

const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest()

/** Accepted by every write route under /api/v1 unless it opts out. */
export function acceptsIdempotencyKey(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  return (
    route.url.startsWith('/api/v1/') &&
    methods.some((m) => WRITES.has(m)) &&
    (route.config as { idempotency?: boolean } | undefined)?.idempotency !== false
  )
}

/** For the OpenAPI document: the header parameter of routes that accept it. */
export const idempotencyHeaderSchema = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_HEADER]: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_KEY_LENGTH,
      description:
        'A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409.',
    },
  },
}

function encrypt(secret: Buffer, body: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', secret, iv)
  const data = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')
}

function decrypt(secret: Buffer, stored: string): string {
  const raw = Buffer.from(stored, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', secret, raw.subarray(0, 12))
  decipher.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
}

const reused = () =>
  new HttpError(
    422,
    'This Idempotency-Key was already used for a different request; use a new key for a new operation.',
    undefined,
    undefined,
    'idempotencyKeyReused',
  )
const inProgress = () =>
  new HttpError(
    409,
    'A request with this Idempotency-Key is still being processed; try again in a moment.',
    undefined,
    { 'retry-after': '1' },
    'idempotencyKeyInProgress',
  )
const answerLost = () =>
  new HttpError(
    409,
    'The request with this Idempotency-Key was carried out, but its answer was lost; reload to see the result.',
    undefined,
    undefined,
    'idempotencyAnswerLost',
  )

export default fp(
  async function idempotency(app: FastifyInstance) {
    const holdMs = app.config.REQUEST_TIMEOUT_MS + app.config.DATABASE_STATEMENT_TIMEOUT_MS + 5_000
    // Answers whose storing failed (the database went away right after the write): tried again.
    const unstored = new Map<string, () => Promise<void>>()

    async function claim(request: FastifyRequest, reply: FastifyReply) {
      const key = request.headers[IDEMPOTENCY_HEADER]
      if (key === undefined) return
      if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key))
        throw new HttpError(422, 'Unprocessable entity', { 'idempotency-key': 'invalid' })
      const principal = request.user?.id ?? request.flowUser?.id
      // Without a signed-in user the credentials sent (if any) are the scope: one caller's key never meets another's.
      const scope = principal ? `u:${principal}` : `a:${sha256(request.headers.authorization ?? '').toString('hex')}`
      const id = sha256(`${scope}\n${key}`).toString('hex')
      const fingerprint = sha256(
        `${request.method} ${request.routeOptions.url}\n${request.url}\n${JSON.stringify(request.body ?? null)}`,
      ).toString('hex')
      const secret = sha256(`idempotency-answer\n${scope}\n${key}`)
      const owner = randomUUID()
      const pending = unreleased.get(id)
      if (pending) await pending().then(() => unreleased.delete(id))
      const now = new Date()
      const lockedUntil = new Date(now.getTime() + holdMs)
      // One statement on the primary key: a new key is claimed; an expired one, or one whose
      // attempt never finished and never committed, is taken over; otherwise nothing changes.
      const [claimed] = await app.db
        .insert(idempotencyKeys)
        .values({ id, fingerprint, owner, state: 'processing', lockedUntil, expiresAt: new Date(now.getTime() + TTL_MS) })
        .onConflictDoUpdate({
          target: idempotencyKeys.id,
          set: {
            fingerprint,
            owner,
            state: 'processing',
            lockedUntil,
            statusCode: null,
            contentType: null,
            response: null,
            createdAt: now,
            expiresAt: new Date(now.getTime() + TTL_MS),
          },
          setWhere: sql`${idempotencyKeys.expiresAt} < now() or (${idempotencyKeys.state} = 'processing' and ${idempotencyKeys.lockedUntil} < now() and ${idempotencyKeys.fingerprint} = ${fingerprint})`,
        })
        .returning({ owner: idempotencyKeys.owner })
      if (claimed?.owner === owner) {
        request.idempotency = attempt(id, owner, secret)
        return
      }
      const [row] = await app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.id, id)).limit(1)
      if (!row) throw inProgress() // released between the two statements: the client retries
      if (row.fingerprint !== fingerprint) throw reused()
      if (row.state === 'done') {
        reply
          .code(row.statusCode ?? 200)
          .header('idempotent-replayed', 'true')
          .type(row.contentType ?? 'application/json; charset=utf-8')
        return reply.send(row.response ? decrypt(secret, row.response) : '')
      }
      if (row.state === 'committed' && row.lockedUntil.getTime() < Date.now()) throw answerLost()
      throw inProgress()
    }

    function attempt(id: string, owner: string, secret: Buffer): Attempt {
      const a: Attempt = {
        id,
        owner,
        secret,
        settled: false,
        didCommit: false,
        ambiguous: false,
        failedAnswer: false,
        abandoned: false,
        stored: false,
        async beforeCommit(tx: Tx) {
          if (a.abandoned || a.settled) {
            // Background work started by the request (it inherits the request's context) is not
            // the request's write; work after the client was answered must not commit.
            if (a.settled) return
            throw new HttpError(503, 'The request was abandoned', undefined, { 'retry-after': '1' }, 'requestTimeout')
          }
          const marked = await tx
            .update(idempotencyKeys)
            .set({ state: 'committed' })
            .where(
              and(
                eq(idempotencyKeys.id, id),
                eq(idempotencyKeys.owner, owner),
                inArray(idempotencyKeys.state, ['processing', 'committed']),
              ),
            )
            .returning({ id: idempotencyKeys.id })
          if (!marked.length) throw inProgress() // another attempt took the key over: this one rolls back
        },
        committed() {
          a.didCommit = true
        },
        failed(atCommit: boolean) {
          if (atCommit) a.ambiguous = true
        },
      }
      return a
    }

    // Keys whose release failed (the database was down): released as soon as it answers, so that
    // the client's retry is carried out then instead of waiting for locked_until.
    const unreleased = new Map<string, () => Promise<unknown>>()
    async function release(a: Attempt) {
      if (a.didCommit || a.ambiguous || a.stored) return
      const free = () =>
        app.db
          .delete(idempotencyKeys)
          .where(and(eq(idempotencyKeys.id, a.id), eq(idempotencyKeys.owner, a.owner), eq(idempotencyKeys.state, 'processing')))
      await free().then(
        () => unreleased.delete(a.id),
        () => unreleased.size < 10_000 && unreleased.set(a.id, free),
      )
    }

    async function store(a: Attempt, status: number, contentType: string | undefined, body: string) {
      const save = async () => {
        await app.db
          .update(idempotencyKeys)
          .set({
            state: 'done',
            statusCode: status,
            contentType: contentType ?? null,
            response: encrypt(a.secret, body),
            lockedUntil: new Date(),
          })
          .where(and(eq(idempotencyKeys.id, a.id), eq(idempotencyKeys.owner, a.owner)))
      }
      try {
        await save()
      } catch {
        if (unstored.size < 10_000) unstored.set(a.id, save)
      }
      a.stored = true
    }

    app.addHook('onRoute', (route) => {
      if (!acceptsIdempotencyKey(route)) return
      const pre = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]
      // Last: after authentication (the key's scope) and rate limits.
      route.preHandler = [...pre, claim] as RouteOptions['preHandler']
      const handler = route.handler
      route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        const a = request.idempotency
        if (!a) return handler.call(this, request, reply)
        const settle = () => {
          a.settled = true
          if (a.failedAnswer) void release(a)
        }
        return transactionHooks.run(a, async () => {
          try {
            return await handler.call(this, request, reply)
          } finally {
            settle()
          }
        })
      } as RouteOptions['handler']
      const onSend = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]
      route.onSend = [
        ...onSend,
        async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
          const a = request.idempotency
          if (!a || a.stored) return payload
          if (reply.statusCode >= 200 && reply.statusCode < 300 && !a.abandoned) {
            const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : ''
            await store(a, reply.statusCode, reply.getHeader('content-type') as string | undefined, body)
          } else {
            a.abandoned = true
            a.failedAnswer = true
            if (a.settled) await release(a)
          }
          return payload
        },
      ] as RouteOptions['onSend']
    })

    const retryUnstored = setInterval(() => {
      for (const [id, save] of unstored)
        save().then(
          () => unstored.delete(id),
          () => {},
        )
      for (const [id, free] of unreleased)
        free().then(
          () => unreleased.delete(id),
          () => {},
        )
    }, 500)
    retryUnstored.unref()
    const purge = () =>
      app.db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.expiresAt, new Date()))
        .catch(() => {})
    const purgeTimer = setInterval(() => void purge(), 3600_000)
    purgeTimer.unref()
    app.addHook('onClose', async () => {
      clearInterval(retryUnstored)
      clearInterval(purgeTimer)
    })
  },
  { name: 'idempotency', dependencies: ['db', 'auth'] },
)

type SchemaTransform<I, O> = (input: I) => O

/** Wraps the OpenAPI transform: routes that accept Idempotency-Key document it as a header parameter. */
export function withIdempotencyHeader<I extends { route?: RouteOptions }, O extends { schema: unknown; url: string }>(
  transform: SchemaTransform<I, O>,
): SchemaTransform<I, O> {
  return (input) => {
    const out = transform(input)
    const schema = out.schema as { hide?: boolean; headers?: { properties?: Record<string, unknown> } } | undefined
    if (schema && !schema.hide && input.route && acceptsIdempotencyKey(input.route)) {
      const headers = schema.headers ?? {}
      out.schema = {
        ...schema,
        headers: { ...headers, type: 'object', properties: { ...headers.properties, ...idempotencyHeaderSchema.properties } },
      }
    }
    return out
  }
}
