import type { AccountLanguage } from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { DateTime } from 'luxon'
import { Readable } from 'node:stream'
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

type CsvRow<K extends string> = Partial<Record<K, unknown>>

/**
 * Lines an export rendered itself, cell by cell with `csvCell` in its columns' order, each ending
 * in a newline: written as they are. For the money export's hot path (issue 30), where a row
 * object per line and a cell per value cost more than its queries; every other file gives rows.
 */
export class CsvLines {
  constructor(readonly text: string) {}
}

/**
 * A CSV file: its columns, the reader's language, then one row per record keyed by column. An
 * item may also be a batch of rows (an array): a long export yields a page with one await.
 */
export interface CsvTable<K extends string = string> {
  columns: readonly CsvColumn<K>[]
  language: AccountLanguage
  rows: Iterable<CsvRow<K> | readonly CsvRow<K>[] | CsvLines> | AsyncIterable<CsvRow<K> | readonly CsvRow<K>[] | CsvLines>
}

/**
 * The one CSV writer of the API: streams rows as CSV, every cell quoted, and a cell a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@`, tab, CR) prefixed with `'` (CSV injection); numbers
 * stay numbers, so a negative amount (a refund) is summed by the spreadsheet. A BOM so that Excel
 * reads UTF-8. `rows` may yield page after page from the database; memory stays at one page.
 * A `Date` cell is written on Chile's clock with its offset (`2026-11-23T21:07:00-03:00`), so a
 * file says the same day as the screen; headers in `language`. Lines leave in 64 KB chunks.
 * Written by hand rather than with csv-stringify (the same bytes, csv.test.ts): a record at a time
 * through csv-stringify cost about 2.4 µs, a third of the money export's budget (issue 30).
 */
export function sendCsv<K extends string>(reply: FastifyReply, filename: string, table: CsvTable<K>) {
  const body = Readable.from(csvChunks(table))
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body)
}

const CHUNK = 65_536
const quote = (text: string) => `"${text.includes('"') ? text.replaceAll('"', '""') : text}"`

/** One cell: empty for null, quoted otherwise; text neutralised, numbers as they are, times on Chile's clock. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  switch (typeof value) {
    case 'string': {
      const text = neutralise(value)
      return text === '' ? '' : quote(text)
    }
    case 'number':
    case 'bigint':
      return quote(String(value))
    case 'boolean':
      return value ? '"true"' : '"false"'
  }
  return quote(value instanceof Date ? chileDateTime(value) : JSON.stringify(value))
}

/** The file as text: BOM and header, then the rows' lines gathered into chunks. */
export async function* csvChunks<K extends string>(table: CsvTable<K>) {
  const keys = table.columns.map((c) => c.key)
  let chunk = `\uFEFF${table.columns.map((c) => quote(c[table.language])).join(',')}\n`
  for await (const item of table.rows) {
    if (item instanceof CsvLines) {
      chunk += item.text
      if (chunk.length >= CHUNK) {
        yield chunk
        chunk = ''
      }
      continue
    }
    for (const row of Array.isArray(item) ? (item as readonly CsvRow<K>[]) : [item as CsvRow<K>]) {
      let line = csvCell(row[keys[0]])
      for (let i = 1; i < keys.length; i++) line += `,${csvCell(row[keys[i]])}`
      chunk += `${line}\n`
      if (chunk.length >= CHUNK) {
        yield chunk
        chunk = ''
      }
    }
  }
  yield chunk
}

/** What every export's description says about its words and clock (OpenAPI). */
export const CSV_WORDS =
  "Headers and states are in the reader's language: the first `es` or `en` of Accept-Language (the web sends the screen's), else the account's stored language. Dates and times are on Chile's clock with their offset (2026-11-23T21:07:00-03:00), and the file name (Content-Disposition) is dated on the same clock."

const luxonDateTime = (at: Date) =>
  DateTime.fromJSDate(at, { zone: CSV_TIME_ZONE }).startOf('second').toISO({ suppressMilliseconds: true, includeOffset: true })!

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** Chile's offset in minutes per UTC day when it holds all day, else per UTC hour (its clock changes on the hour); NaN: an hour luxon must format. */
const offsetByDay = new Map<number, number>()
const offsetByHour = new Map<number, number>()
const offsetOver = (start: number, end: number) => {
  const first = DateTime.fromMillis(start, { zone: CSV_TIME_ZONE }).offset
  const last = DateTime.fromMillis(end, { zone: CSV_TIME_ZONE }).offset
  return first === last && Number.isInteger(first) ? first : NaN
}
function offsetAt(ms: number) {
  const day = Math.floor(ms / DAY)
  let offset = offsetByDay.get(day)
  if (offset === undefined) {
    // Two look-ups a day instead of two an hour: luxon's offsets were a tenth of a long export.
    offset = offsetOver(day * DAY, day * DAY + DAY - 1)
    if (offsetByDay.size > 20_000) offsetByDay.clear()
    offsetByDay.set(day, offset)
  }
  if (!Number.isNaN(offset)) return offset
  // The day the clock changes: hour by hour.
  const hour = Math.floor(ms / HOUR)
  offset = offsetByHour.get(hour)
  if (offset === undefined) {
    offset = offsetOver(hour * HOUR, hour * HOUR + HOUR - 1)
    if (offsetByHour.size > 20_000) offsetByHour.clear()
    offsetByHour.set(hour, offset)
  }
  return offset
}
const TWO = Array.from({ length: 60 }, (_, n) => (n < 10 ? `0${n}` : `${n}`))
/** `2026-11-23T` per wall-clock day (days since 1970 on Chile's clock); null: a year luxon must format. */
const dayPrefix = new Map<number, string | null>()
const offsetText = (offset: number) =>
  offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${TWO[Math.floor(Math.abs(offset) / 60)]}:${TWO[Math.abs(offset) % 60]}`
const offsetTexts = new Map<number, string>()

/**
 * An instant on Chile's wall clock with its offset, to the second: `2026-11-23T21:07:00-03:00`.
 * The offset is looked up once per day (per hour on the days the clock changes), the date part
 * once per wall-clock day, and the time of day is arithmetic: luxon per cell held a money export
 * to about 60,000 rows/s, a Date's getters per cell to a tenth of its budget (issue 30); the same
 * text as luxon's (csv.test.ts).
 */
export function chileDateTime(at: Date): string {
  const ms = at.getTime()
  const offset = offsetAt(ms)
  if (Number.isNaN(offset)) return luxonDateTime(at)
  const wall = ms + offset * 60_000
  const day = Math.floor(wall / DAY)
  let prefix = dayPrefix.get(day)
  if (prefix === undefined) {
    const date = new Date(day * DAY)
    const year = date.getUTCFullYear()
    prefix = year < 1000 || year > 9999 ? null : `${year}-${TWO[date.getUTCMonth() + 1]}-${TWO[date.getUTCDate()]}T`
    if (dayPrefix.size > 20_000) dayPrefix.clear()
    dayPrefix.set(day, prefix)
  }
  if (prefix === null) return luxonDateTime(at)
  let zone = offsetTexts.get(offset)
  if (zone === undefined) offsetTexts.set(offset, (zone = offsetText(offset)))
  const second = Math.floor((wall - day * DAY) / 1000)
  return `${prefix}${TWO[Math.floor(second / 3600)]}:${TWO[Math.floor(second / 60) % 60]}:${TWO[second % 60]}${zone}`
}

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
