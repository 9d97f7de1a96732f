import {
  HEALTH_CONSENT_TEXT,
  HEALTH_CONSENT_VERSION,
  type HealthConsentInput,
  type HealthConsentStatus,
  type HealthConsentWithdraw,
} from '@app/contracts'
import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { bodyMeasurements, healthDataConsents, progressPhotos, users } from '../../db/schema.ts'
import { HttpError, unprocessable } from '../../errors.ts'

type ConsentRow = typeof healthDataConsents.$inferSelect

/** 403 in the spec's shape: no new health data without consent to the current purpose text. */
export const consentRequired = () =>
  new HttpError(403, 'Consent to store health data (the current purpose text) is required before measurements or photos', {
    healthConsent: 'consentRequired',
  })

function statusOf(rows: ConsentRow[]): HealthConsentStatus {
  const last = rows.at(-1)
  return {
    given: !!last?.accepted,
    current: !!last?.accepted && last.version === HEALTH_CONSENT_VERSION,
    currentVersion: HEALTH_CONSENT_VERSION,
    text: HEALTH_CONSENT_TEXT,
    history: rows.map((r) => ({
      accepted: r.accepted,
      version: r.version,
      language: r.language,
      screen: r.screen,
      erasedEntries: r.erasedEntries,
      createdAt: r.createdAt.toISOString(),
    })),
  }
}

const rowsOf = (db: Tx, userId: string) =>
  db
    .select()
    .from(healthDataConsents)
    .where(eq(healthDataConsents.userId, userId))
    .orderBy(asc(healthDataConsents.createdAt), asc(healthDataConsents.id))

export async function consentStatus(db: Tx, userId: string): Promise<HealthConsentStatus> {
  return statusOf(await rowsOf(db, userId))
}

/**
 * Serialises a client's health-data writes against a withdrawal: both lock the user's row, so an
 * entry never lands after (or during) a withdrawal that erased everything.
 */
async function lockUser(tx: Tx, userId: string) {
  const [row] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId)).for('update')
  return row
}

/** Inside a write's transaction: locks the client and refuses without consent to the current text. */
export async function requireCurrentConsent(tx: Tx, userId: string) {
  await lockUser(tx, userId)
  const [last] = await tx
    .select({ accepted: healthDataConsents.accepted, version: healthDataConsents.version })
    .from(healthDataConsents)
    .where(eq(healthDataConsents.userId, userId))
    .orderBy(desc(healthDataConsents.createdAt), desc(healthDataConsents.id))
    .limit(1)
  if (!last?.accepted || last.version !== HEALTH_CONSENT_VERSION) throw consentRequired()
}

/** Which of these clients consent now (last record a consent, any version): their trainer may see the entries. */
export async function consentGiven(db: Tx, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set()
  const rows = await db
    .selectDistinctOn([healthDataConsents.userId], { userId: healthDataConsents.userId, accepted: healthDataConsents.accepted })
    .from(healthDataConsents)
    .where(inArray(healthDataConsents.userId, userIds))
    .orderBy(asc(healthDataConsents.userId), desc(healthDataConsents.createdAt), desc(healthDataConsents.id))
  return new Set(rows.filter((r) => r.accepted).map((r) => r.userId))
}

export async function giveConsent(db: Tx, userId: string, input: HealthConsentInput, ip: string | null): Promise<HealthConsentStatus> {
  if (input.version !== HEALTH_CONSENT_VERSION)
    throw unprocessable({ version: 'invalid' }, `Consent is given to the current text, version ${HEALTH_CONSENT_VERSION}`)
  await db
    .insert(healthDataConsents)
    .values({ userId, accepted: true, version: input.version, language: input.language, screen: input.screen, ip })
  return consentStatus(db, userId)
}

/**
 * Withdraws consent: no new entries from now on and the trainer sees none; the entries stay for
 * the client alone (to read, export or delete) unless `eraseEntries`, which deletes them all in the
 * same transaction. Withdrawing without a consent in force is refused (nothing to withdraw).
 */
export async function withdrawConsent(
  db: Tx,
  userId: string,
  input: HealthConsentWithdraw,
  ip: string | null,
): Promise<HealthConsentStatus> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId)
    const rows = await rowsOf(tx, userId)
    const last = rows.at(-1)
    if (!last?.accepted) throw unprocessable({ healthConsent: 'invalid' }, 'There is no consent in force to withdraw')
    if (input.eraseEntries) {
      await tx.delete(bodyMeasurements).where(eq(bodyMeasurements.clientUserId, userId))
      await tx.delete(progressPhotos).where(eq(progressPhotos.clientUserId, userId))
    }
    await tx.insert(healthDataConsents).values({
      userId,
      accepted: false,
      version: last.version,
      // The account's language: the withdrawal screen shows no purpose text to read.
      language: user?.language ?? 'es',
      screen: input.screen,
      ip,
      erasedEntries: input.eraseEntries,
    })
    return statusOf(await rowsOf(tx, userId))
  })
}
