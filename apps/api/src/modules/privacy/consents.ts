import { CURRENT_VERSIONS, type ConsentDocument, type ConsentList } from '@app/contracts'
import { asc, eq } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { consentRecords } from '../../db/schema.ts'
import { unprocessable } from '../../errors.ts'

export interface ConsentEntry {
  userId: string
  document: ConsentDocument
  accepted?: boolean
  screen: string
  ip: string | null
}

/** Appends consent records at the current versions (the table refuses updates and deletes). */
export async function recordConsents(tx: Tx, entries: ConsentEntry[]) {
  if (!entries.length) return
  await tx.insert(consentRecords).values(
    entries.map((e) => ({
      userId: e.userId,
      document: e.document,
      version: CURRENT_VERSIONS[e.document],
      accepted: e.accepted ?? true,
      screen: e.screen,
      ip: e.ip,
    })),
  )
}

/** Sign-up screens: the terms and the privacy policy, accepted together. */
export const signupConsents = (userId: string, screen: string, ip: string | null): ConsentEntry[] => [
  { userId, document: 'terms', screen, ip },
  { userId, document: 'privacy', screen, ip },
]

export async function listConsents(db: Tx, userId: string): Promise<ConsentList> {
  const rows = await db.select().from(consentRecords).where(eq(consentRecords.userId, userId)).orderBy(asc(consentRecords.createdAt))
  const accepted = (document: 'terms' | 'privacy') =>
    rows.some((r) => r.document === document && r.accepted && r.version === CURRENT_VERSIONS[document])
  const lastMarketing = rows.filter((r) => r.document === 'marketing').at(-1)
  return {
    data: rows.map((r) => ({
      document: r.document,
      version: r.version,
      accepted: r.accepted,
      screen: r.screen,
      createdAt: r.createdAt.toISOString(),
    })),
    pending: (['terms', 'privacy'] as const).filter((d) => !accepted(d)),
    marketing: lastMarketing?.accepted ?? false,
  }
}

export async function giveConsent(db: Tx, entry: ConsentEntry) {
  if (entry.document !== 'marketing' && entry.accepted === false)
    throw unprocessable({ accepted: 'invalid' }, 'The terms and the privacy policy are withdrawn by closing the account')
  await recordConsents(db, [entry])
  return listConsents(db, entry.userId)
}
