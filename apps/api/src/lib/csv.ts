import { stringify } from 'csv-stringify'
import type { FastifyReply } from 'fastify'
import { Readable, pipeline } from 'node:stream'

/** A CSV file: the header, then one row per record (an object keyed by column, or the cells in column order). */
export type CsvTable<T> = { columns: string[]; rows: Iterable<T> | AsyncIterable<T> }

/**
 * The one CSV writer of the API: streams rows as CSV, every cell quoted, and a cell a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@`, tab, CR) prefixed with `'` (CSV injection); numbers
 * stay numbers, so a negative amount (a refund) is summed by the spreadsheet. A BOM so that Excel
 * reads UTF-8. `rows` may yield page after page from the database; memory stays at one page.
 */
export function sendCsv<T extends Record<string, unknown> | unknown[]>(reply: FastifyReply, filename: string, table: CsvTable<T>) {
  const csv = stringify({
    header: true,
    columns: table.columns,
    quoted: true,
    bom: true,
    cast: { string: neutralise, date: (d) => d.toISOString(), boolean: (b) => (b ? 'true' : 'false') },
  })
  // An error half-way (database gone) destroys the response instead of ending a truncated file cleanly.
  pipeline(Readable.from(table.rows), csv, () => {})
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv)
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

/** A table whose rows are the cells in column order. */
export const csvTable = <T extends unknown[]>(columns: string[], rows: T[]): CsvTable<T> => ({ columns, rows })
