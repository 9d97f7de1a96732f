import type { AccountLanguage } from '@app/contracts'
import { stringify } from 'csv-stringify'
import { eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { DateTime } from 'luxon'
import { Readable, pipeline } from 'node:stream'
import type { Tx } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { currentUser } from '../plugins/auth.ts'

/** The clock of every file: Chile's, as on the screens. */
const CSV_TIME_ZONE = 'America/Santiago'

/**
 * A column of an export: the row's key and its header in both languages (the type requires both,
 * decision 201). Headers are words, as on the screen that offers the file.
 */
export interface CsvColumn<K extends string = string> {
  key: K
  es: string
  en: string
}

/** A CSV file: its columns, the reader's language, then one row per record keyed by column. */
export interface CsvTable<K extends string = string> {
  columns: readonly CsvColumn<K>[]
  language: AccountLanguage
  rows: Iterable<Partial<Record<K, unknown>>> | AsyncIterable<Partial<Record<K, unknown>>>
}

/**
 * The one CSV writer of the API: streams rows as CSV, every cell quoted, and a cell a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@`, tab, CR) prefixed with `'` (CSV injection); numbers
 * stay numbers, so a negative amount (a refund) is summed by the spreadsheet. A BOM so that Excel
 * reads UTF-8. `rows` may yield page after page from the database; memory stays at one page.
 * A `Date` cell is written on Chile's clock with its offset (`2026-11-23T21:07:00-03:00`), so a
 * file says the same day as the screen; headers in `language`.
 */
export function sendCsv<K extends string>(reply: FastifyReply, filename: string, table: CsvTable<K>) {
  const csv = stringify({
    header: true,
    columns: table.columns.map((c) => ({ key: c.key, header: c[table.language] })),
    quoted: true,
    bom: true,
    cast: { string: neutralise, date: chileDateTime, boolean: (b) => (b ? 'true' : 'false') },
  })
  // An error half-way (database gone) destroys the response instead of ending a truncated file cleanly.
  pipeline(Readable.from(table.rows), csv, () => {})
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv)
}

/** What every export's description says about its words and clock (OpenAPI). */
export const CSV_WORDS =
  "Headers and states are in the reader's language: the first `es` or `en` of Accept-Language (the web sends the screen's), else the account's stored language. Dates and times are on Chile's clock with their offset (2026-11-23T21:07:00-03:00), and the file name (Content-Disposition) is dated on the same clock."

/** An instant on Chile's wall clock with its offset, to the second: `2026-11-23T21:07:00-03:00`. */
export const chileDateTime = (at: Date) =>
  DateTime.fromJSDate(at, { zone: CSV_TIME_ZONE }).startOf('second').toISO({ suppressMilliseconds: true, includeOffset: true })!

/** The Chile calendar day of an instant (`2026-11-23` for 2026-11-24T00:07Z). */
export const chileDayOf = (at: Date) => DateTime.fromJSDate(at, { zone: CSV_TIME_ZONE }).toISODate()!

/**
 * A file name from its parts and Chile days, joined by `_`: `pagos_2026-11-01_2026-11-23.csv`.
 * Only ASCII letters, digits and `-` survive in a part, so the header needs no quoting or encoding.
 */
export const csvFileName = (...parts: string[]) => `${parts.map((p) => p.replace(/[^A-Za-z0-9-]+/g, '-')).join('_')}.csv`

/**
 * The reader's language (decision 201): the screen's, which the web sends as the first tag of
 * `Accept-Language`; without an `es` or `en` there (a script, a browser's own list of other
 * languages), the account's stored language (decision 161).
 */
export function csvLanguage(acceptLanguage: string | undefined, stored: AccountLanguage): AccountLanguage {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), i }
    })
    .filter((t) => (t.base === 'es' || t.base === 'en') && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)[0]
  return (wanted?.base as AccountLanguage | undefined) ?? stored
}

/** The language of the file this request asks for: the screen's, else the signed-in account's. */
export async function readerLanguage(db: Tx, request: FastifyRequest): Promise<AccountLanguage> {
  const [account] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, currentUser(request).id))
    .limit(1)
  return csvLanguage(request.headers['accept-language'], account?.language ?? 'es')
}

/** A text cell a spreadsheet would run as a formula gets a leading `'`; a plain number is left alone. */
export const neutralise = (value: string) => (/^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value)

/** Walks a keyset list page after page (see modules/admin/cursor.ts) for an export. */
export async function* allPages<T>(fetchPage: (cursor: string | undefined) => Promise<{ data: T[]; nextCursor: string | null }>) {
  let cursor: string | undefined
  do {
    const page = await fetchPage(cursor)
    yield* page.data
    cursor = page.nextCursor ?? undefined
  } while (cursor)
}
