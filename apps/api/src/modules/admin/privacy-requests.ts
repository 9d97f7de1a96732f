import { PRIVACY_REQUEST_DAYS, type AdminAccountClosed, type AdminPrivacyRequestListQuery, type PrivacyRequest } from '@app/contracts'
import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { DateTime } from 'luxon'
import type { Db, Tx } from '../../db/client.ts'
import { privacyRequests, users } from '../../db/schema.ts'
import { conflict, notFound, unprocessable } from '../../errors.ts'
import { recordAudit } from '../audit/service.ts'
import { closeAccount } from '../privacy/close.ts'
import type { Operator } from './actor.ts'
import { afterCursor, cursorTime, decodeCursor, orderOf, pageOf } from './cursor.ts'

// Issue 20, operators: the privacy requests queue (docs/privacy.md, docs/admin-console.md).

const DAY_MS = 86_400_000
const ZONE = 'America/Santiago'
const handler = alias(users, 'handler')

const columns = {
  id: privacyRequests.id,
  userId: privacyRequests.userId,
  kind: privacyRequests.kind,
  status: privacyRequests.status,
  source: privacyRequests.source,
  createdAt: privacyRequests.createdAt,
  dueAt: privacyRequests.dueAt,
  handledBy: privacyRequests.handledBy,
  handledAt: privacyRequests.handledAt,
  note: privacyRequests.note,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  closedAt: users.closedAt,
  purgedAt: users.purgedAt,
  handledByEmail: handler.email,
  cursorAt: cursorTime(privacyRequests.dueAt),
}
const selectRequests = (db: Tx) =>
  db
    .select(columns)
    .from(privacyRequests)
    .leftJoin(users, eq(users.id, privacyRequests.userId))
    .leftJoin(handler, eq(handler.id, privacyRequests.handledBy))
type Row = Awaited<ReturnType<typeof selectRequests>>[number]

const toRequest = (r: Row): PrivacyRequest => {
  const known = r.email !== null && r.purgedAt === null
  const name = known ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() : ''
  return {
    id: r.id,
    userId: r.userId,
    email: known ? r.email : null,
    name: name || null,
    kind: r.kind,
    status: r.status,
    source: r.source,
    createdAt: r.createdAt.toISOString(),
    dueAt: r.dueAt.toISOString(),
    handledBy: r.handledBy,
    handledByEmail: r.handledByEmail,
    handledAt: r.handledAt?.toISOString() ?? null,
    note: r.note,
    accountClosedAt: r.closedAt?.toISOString() ?? null,
  }
}

/** Open and done requests, the nearest deadline first (ties by id), in cursor pages. */
export async function listPrivacyRequests(db: Db, query: AdminPrivacyRequestListQuery) {
  const rows = await selectRequests(db)
    .where(
      and(
        query.status ? eq(privacyRequests.status, query.status) : undefined,
        query.kind ? eq(privacyRequests.kind, query.kind) : undefined,
        afterCursor(privacyRequests.dueAt, privacyRequests.id, decodeCursor(query.cursor), 'oldest'),
      ),
    )
    .orderBy(...orderOf(privacyRequests.dueAt, privacyRequests.id, 'oldest'))
    .limit(query.limit + 1)
  return pageOf(rows, query.limit, toRequest)
}

export async function getPrivacyRequest(db: Tx, id: string): Promise<PrivacyRequest> {
  const [row] = await selectRequests(db).where(eq(privacyRequests.id, id)).limit(1)
  if (!row) throw notFound('Privacy request not found')
  return toRequest(row)
}

/**
 * Records a request that arrived by e-mail or phone for the account with that e-mail; its deadline
 * is PRIVACY_REQUEST_DAYS after the start of the day it arrived (Chile), or after now when it
 * arrived today. The same open request recorded again (a double click, two operators at once) is
 * the one already recorded: the person's row lock makes the second caller see the first's.
 */
export async function recordPrivacyRequest(
  db: Db,
  by: Operator,
  input: { kind: PrivacyRequest['kind']; email: string; receivedOn?: string; note?: string },
  now = new Date(),
): Promise<{ created: boolean; request: PrivacyRequest }> {
  const today = DateTime.fromJSDate(now).setZone(ZONE).toISODate()!
  const day = input.receivedOn ?? today
  if (day > today || day < DateTime.fromJSDate(now).setZone(ZONE).minus({ years: 1 }).toISODate()!)
    throw unprocessable({ receivedOn: 'invalid' }, 'The day it arrived is in the future or more than a year ago')
  const receivedAt = day === today ? now : DateTime.fromISO(day, { zone: ZONE }).startOf('day').toJSDate()
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: users.id, purgedAt: users.purgedAt })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
      .limit(1)
      .for('update')
    if (!person || person.purgedAt) throw unprocessable({ email: 'notFound' }, 'No account is registered with this e-mail')
    const [open] = await tx
      .select({ id: privacyRequests.id })
      .from(privacyRequests)
      .where(
        and(
          eq(privacyRequests.userId, person.id),
          eq(privacyRequests.kind, input.kind),
          eq(privacyRequests.source, 'operator'),
          eq(privacyRequests.status, 'open'),
        ),
      )
      .limit(1)
    if (open) return { created: false, request: await getPrivacyRequest(tx, open.id) }
    const dueAt = new Date(receivedAt.getTime() + PRIVACY_REQUEST_DAYS * DAY_MS)
    const [row] = await tx
      .insert(privacyRequests)
      .values({ userId: person.id, kind: input.kind, source: 'operator', createdAt: receivedAt, dueAt, note: input.note ?? null })
      .returning({ id: privacyRequests.id })
    await recordAudit(tx, {
      action: 'privacy.request',
      actor: by.actor,
      ip: by.ip,
      subjectType: 'user',
      subjectId: person.id,
      reason: input.note ?? null,
      after: { requestId: row!.id, kind: input.kind, receivedAt: receivedAt.toISOString(), dueAt: dueAt.toISOString() },
    })
    return { created: true, request: await getPrivacyRequest(tx, row!.id) }
  })
}

/**
 * Marks a request handled by this operator, now, with an optional note; audited. A request
 * already handled is answered as it is (a replay or a second operator changes nothing).
 */
export async function handlePrivacyRequest(db: Db, by: Operator, id: string, note?: string): Promise<PrivacyRequest> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(privacyRequests).where(eq(privacyRequests.id, id)).limit(1).for('update')
    if (!request) throw notFound('Privacy request not found')
    if (request.status === 'done') return getPrivacyRequest(tx, id)
    const handledAt = new Date()
    await tx
      .update(privacyRequests)
      .set({
        status: 'done',
        handledBy: by.actor.id,
        handledAt,
        note: note
          ? sql`case when ${privacyRequests.note} is null then ${note} else ${privacyRequests.note} || E'\\n' || ${note} end`
          : undefined,
      })
      .where(eq(privacyRequests.id, id))
    await recordAudit(tx, {
      action: 'privacy.handled',
      actor: by.actor,
      ip: by.ip,
      subjectType: 'user',
      subjectId: request.userId,
      reason: note ?? null,
      before: { status: 'open' },
      after: { status: 'done', requestId: id, kind: request.kind },
    })
    return getPrivacyRequest(tx, id)
  })
}

/**
 * Closes the person's account on a deletion request (decision 175, `by: 'operator'`: not reopened
 * by signing in; the person is mailed the reason) and marks the request handled. Again on a
 * request already answered this way: the same answer, nothing changes.
 */
export async function closeAccountOnRequest(app: FastifyInstance, by: Operator, id: string, reason: string): Promise<AdminAccountClosed> {
  const request = await getPrivacyRequest(app.db, id)
  if (request.kind !== 'deletion') throw conflict('Only a deletion request closes an account', { kind: 'invalid' })
  if (request.status === 'done' && !request.accountClosedAt)
    throw conflict('This request was answered without closing the account', { status: 'alreadyAnswered' })
  const account = await closeAccount(app, request.userId, { actor: by.actor, ip: by.ip, by: 'operator', reason, requestId: id })
  // Closed before (by the person, or a parallel call): the request is still answered, once.
  await handlePrivacyRequest(app.db, by, id, reason)
  return { request: await getPrivacyRequest(app.db, id), account }
}
