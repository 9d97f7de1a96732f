import type { AdminRef } from '@app/contracts'
import { eq, inArray } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import {
  businesses,
  clientInvitations,
  clientPayments,
  clientSubscriptions,
  gyms,
  leads,
  reviews,
  trainers,
  users,
} from '../../db/schema.ts'

/*
 * Names for what the console's rows point at (issue 23 point 7): an audit row's actor and subject,
 * a ledger entry's trainer or gym account. Each kind is read in one query per page (by primary key
 * or an indexed column), never per row. A ref links to the console page that shows it: a trainer's
 * page (user id), a gym's (business id) or a request's (lead id).
 */

/** What an audit row or a ledger account names: a kind and its id. */
export interface RefKey {
  type: string | null
  id: string | null
}

type Resolved = Map<string, AdminRef>
const keyOf = (type: string, id: string) => `${type}:${id}`
const fullName = (first: string | null | undefined, last: string | null | undefined) => `${first ?? ''} ${last ?? ''}`.trim()
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The ids of one kind among the keys (only well-formed uuids reach SQL). */
const idsOf = (keys: RefKey[], type: string) => [
  ...new Set(keys.filter((k) => k.type === type && k.id && UUID.test(k.id)).map((k) => k.id!.toLowerCase())),
]

/**
 * Accounts by user id: a trainer opens the trainer's page, a gym owner the business's; other
 * accounts (clients, operators) have no page and show their name only. A purged account has no
 * name left and resolves to nothing.
 */
async function userRefs(db: Tx, ids: string[], out: Resolved) {
  if (!ids.length) return
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      purgedAt: users.purgedAt,
    })
    .from(users)
    .where(inArray(users.id, ids))
  const owners = rows.filter((r) => r.role === 'gym_owner').map((r) => r.id)
  const owned = owners.length
    ? await db.select({ id: businesses.id, ownerId: businesses.ownerId }).from(businesses).where(inArray(businesses.ownerId, owners))
    : []
  const businessOf = new Map(owned.map((b) => [b.ownerId, b.id]))
  for (const r of rows) {
    if (r.purgedAt) continue
    const business = businessOf.get(r.id)
    const page = r.role === 'trainer' ? { kind: 'trainer' as const, id: r.id } : business ? { kind: 'gym' as const, id: business } : null
    out.set(keyOf('user', r.id), { name: fullName(r.firstName, r.lastName) || r.email, page })
  }
}

/** Trainer records (the ledger's `trainer:<id>`, a review's trainer) → the trainer's page. */
async function trainerRefs(db: Tx, ids: string[], out: Resolved) {
  if (!ids.length) return
  const rows = await db
    .select({ id: trainers.id, userId: trainers.userId, firstName: trainers.firstName, lastName: trainers.lastName, email: trainers.email })
    .from(trainers)
    .where(inArray(trainers.id, ids))
  for (const r of rows)
    out.set(keyOf('trainer', r.id), {
      name: fullName(r.firstName, r.lastName) || r.email,
      page: r.userId ? { kind: 'trainer', id: r.userId } : null,
    })
}

/** Gyms (the ledger's `gym:<id>`) → the owner's business page. */
async function gymRefs(db: Tx, ids: string[], out: Resolved) {
  if (!ids.length) return
  const rows = await db.select({ id: gyms.id, name: gyms.name, ownerId: gyms.ownerId }).from(gyms).where(inArray(gyms.id, ids))
  const owners = rows.map((r) => r.ownerId)
  const owned = owners.length
    ? await db.select({ id: businesses.id, ownerId: businesses.ownerId }).from(businesses).where(inArray(businesses.ownerId, owners))
    : []
  const businessOf = new Map(owned.map((b) => [b.ownerId, b.id]))
  for (const r of rows) {
    const business = businessOf.get(r.ownerId)
    out.set(keyOf('gym', r.id), { name: r.name, page: business ? { kind: 'gym', id: business } : null })
  }
}

async function businessRefs(db: Tx, ids: string[], out: Resolved) {
  if (!ids.length) return
  const rows = await db.select({ id: businesses.id, name: businesses.name }).from(businesses).where(inArray(businesses.id, ids))
  for (const r of rows) out.set(keyOf('business', r.id), { name: r.name, page: { kind: 'gym', id: r.id } })
}

async function leadRefs(db: Tx, ids: string[], out: Resolved) {
  if (!ids.length) return
  const rows = await db.select({ id: leads.id, name: leads.name, email: leads.email }).from(leads).where(inArray(leads.id, ids))
  for (const r of rows) out.set(keyOf('lead', r.id), { name: r.name || r.email, page: { kind: 'lead', id: r.id } })
}

/** A client's payment, subscription or invitation is named by the client (no console page). */
async function clientRefs(db: Tx, keys: RefKey[], out: Resolved) {
  const payments = idsOf(keys, 'client_payment')
  const subs = idsOf(keys, 'client_subscription')
  const invitations = idsOf(keys, 'client_invitation')
  const paymentRows = payments.length
    ? await db
        .select({ id: clientPayments.id, subscriptionId: clientPayments.subscriptionId })
        .from(clientPayments)
        .where(inArray(clientPayments.id, payments))
    : []
  const subIds = [...new Set([...subs, ...paymentRows.map((p) => p.subscriptionId)])]
  const subRows = subIds.length
    ? await db
        .select({
          id: clientSubscriptions.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          purgedAt: users.purgedAt,
        })
        .from(clientSubscriptions)
        .innerJoin(users, eq(users.id, clientSubscriptions.clientUserId))
        .where(inArray(clientSubscriptions.id, subIds))
    : []
  const clientOf = new Map(subRows.filter((s) => !s.purgedAt).map((s) => [s.id, fullName(s.firstName, s.lastName) || s.email]))
  for (const id of subs) if (clientOf.has(id)) out.set(keyOf('client_subscription', id), { name: clientOf.get(id)!, page: null })
  for (const p of paymentRows)
    if (clientOf.has(p.subscriptionId)) out.set(keyOf('client_payment', p.id), { name: clientOf.get(p.subscriptionId)!, page: null })
  if (invitations.length) {
    const rows = await db
      .select({ id: clientInvitations.id, email: clientInvitations.email })
      .from(clientInvitations)
      .where(inArray(clientInvitations.id, invitations))
    for (const r of rows) out.set(keyOf('client_invitation', r.id), { name: r.email, page: null })
  }
}

/** A review is named by the trainer it is about. */
async function reviewRefs(db: Tx, ids: string[], out: Resolved) {
  if (!ids.length) return
  const rows = await db.select({ id: reviews.id, trainerId: reviews.trainerId }).from(reviews).where(inArray(reviews.id, ids))
  const names: Resolved = new Map()
  await trainerRefs(db, [...new Set(rows.map((r) => r.trainerId))], names)
  for (const r of rows) {
    const trainer = names.get(keyOf('trainer', r.trainerId))
    if (trainer) out.set(keyOf('review', r.id), trainer)
  }
}

/**
 * Resolves every key in a few batched queries; the answer gives each key's ref, or null when it
 * names nothing the console can show (a list, an address, a deleted or purged record).
 */
export async function resolveRefs(db: Tx, keys: RefKey[]): Promise<(key: RefKey) => AdminRef | null> {
  const out: Resolved = new Map()
  await userRefs(db, idsOf(keys, 'user'), out)
  await trainerRefs(db, idsOf(keys, 'trainer'), out)
  await gymRefs(db, idsOf(keys, 'gym'), out)
  await businessRefs(db, idsOf(keys, 'business'), out)
  await leadRefs(db, idsOf(keys, 'lead'), out)
  await clientRefs(db, keys, out)
  await reviewRefs(db, idsOf(keys, 'review'), out)
  return (key) => (key.type && key.id ? (out.get(keyOf(key.type, key.id.toLowerCase())) ?? null) : null)
}

/** A ledger account as a ref key: `trainer:<id>`, `gym:<id>` and their `receivable:` accounts. */
export function ledgerAccountKey(account: string): RefKey {
  const match = /^(?:receivable:)?(trainer|gym):(.+)$/.exec(account)
  return match ? { type: match[1]!, id: match[2]! } : { type: null, id: null }
}
