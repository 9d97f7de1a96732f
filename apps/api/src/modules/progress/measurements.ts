import type { Measurement, MeasurementInput, MeasurementList, ProgressRangeQuery } from '@app/contracts'
import { and, asc, eq, gte, lte } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { bodyMeasurements } from '../../db/schema.ts'
import { notFound } from '../../errors.ts'
import { requireCurrentConsent } from './consent.ts'
import { entryDay, rangeOf } from './range.ts'

type MeasurementRow = typeof bodyMeasurements.$inferSelect

// Stored as exact integers (decision 209): grams, millimetres, basis points (0.01 %).
const toInt = (value: number | null, scale: number) => (value === null ? null : Math.round(value * scale))
const fromInt = (value: number | null, scale: number) => (value === null ? null : value / scale)

export function toMeasurement(row: MeasurementRow): Measurement {
  return {
    id: row.id,
    date: row.measuredOn,
    weightKg: fromInt(row.weightG, 1000),
    waistCm: fromInt(row.waistMm, 10),
    hipCm: fromInt(row.hipMm, 10),
    chestCm: fromInt(row.chestMm, 10),
    armCm: fromInt(row.armMm, 10),
    thighCm: fromInt(row.thighMm, 10),
    bodyFatPct: fromInt(row.bodyFatBp, 100),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const columnsOf = (input: MeasurementInput) => ({
  weightG: toInt(input.weightKg, 1000),
  waistMm: toInt(input.waistCm, 10),
  hipMm: toInt(input.hipCm, 10),
  chestMm: toInt(input.chestCm, 10),
  armMm: toInt(input.armCm, 10),
  thighMm: toInt(input.thighCm, 10),
  bodyFatBp: toInt(input.bodyFatPct, 100),
})

/**
 * Writes the client's entry of a day, replacing the day's values (a value left out is not
 * measured): one entry per day, so an offline replay writes the same row again. Consent first.
 */
export async function putMeasurement(db: Tx, clientUserId: string, date: string, input: MeasurementInput) {
  entryDay(date, 'date')
  return db.transaction(async (tx) => {
    await requireCurrentConsent(tx, clientUserId)
    const values = columnsOf(input)
    const [before] = await tx
      .select({ id: bodyMeasurements.id })
      .from(bodyMeasurements)
      .where(and(eq(bodyMeasurements.clientUserId, clientUserId), eq(bodyMeasurements.measuredOn, date)))
      .limit(1)
    const [row] = await tx
      .insert(bodyMeasurements)
      .values({ clientUserId, measuredOn: date, ...values })
      .onConflictDoUpdate({
        target: [bodyMeasurements.clientUserId, bodyMeasurements.measuredOn],
        set: { ...values, updatedAt: new Date() },
      })
      .returning()
    return { measurement: toMeasurement(row), created: !before }
  })
}

export async function deleteMeasurement(db: Tx, clientUserId: string, date: string) {
  const removed = await db
    .delete(bodyMeasurements)
    .where(and(eq(bodyMeasurements.clientUserId, clientUserId), eq(bodyMeasurements.measuredOn, date)))
    .returning({ id: bodyMeasurements.id })
  if (!removed.length) throw notFound('No entry on that day', { date: 'notFound' })
  return { ok: true as const }
}

/** The entries of a range of days, oldest first (a chart's order). */
export async function listMeasurements(db: Tx, clientUserId: string, query: ProgressRangeQuery): Promise<MeasurementList> {
  const { from, to } = rangeOf(query)
  const rows = await db
    .select()
    .from(bodyMeasurements)
    .where(
      and(eq(bodyMeasurements.clientUserId, clientUserId), gte(bodyMeasurements.measuredOn, from), lte(bodyMeasurements.measuredOn, to)),
    )
    .orderBy(asc(bodyMeasurements.measuredOn))
  return { from, to, data: rows.map(toMeasurement) }
}
