import { stringify } from 'csv-stringify'
import type { FastifyReply } from 'fastify'
import { Readable, pipeline } from 'node:stream'

/**
 * Streams rows as CSV: every cell quoted, and a cell a spreadsheet would run as a formula
 * (`=`, `+`, `-`, `@`, tab, CR) prefixed with `'` (CSV injection); numbers stay numbers, so a
 * negative amount (a refund) is summed by the spreadsheet. A BOM so that Excel reads UTF-8.
 * `rows` yields page after page from the database; memory stays at one page.
 */
export function sendCsv<T extends Record<string, unknown>>(
  reply: FastifyReply,
  filename: string,
  columns: (keyof T & string)[],
  rows: AsyncIterable<T>,
) {
  const csv = stringify({
    header: true,
    columns,
    quoted: true,
    bom: true,
    cast: { string: neutralise, date: (d) => d.toISOString(), boolean: (b) => (b ? 'true' : 'false') },
  })
  // An error half-way (database gone) destroys the response instead of ending a truncated file cleanly.
  pipeline(Readable.from(rows), csv, () => {})
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv)
}

/** A text cell a spreadsheet would run as a formula gets a leading `'`; a plain number is left alone. */
export const neutralise = (value: string) => (/^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value)

/** Walks a keyset list page after page (see cursor.ts) for an export. */
export async function* allPages<T>(fetchPage: (cursor: string | undefined) => Promise<{ data: T[]; nextCursor: string | null }>) {
  let cursor: string | undefined
  do {
    const page = await fetchPage(cursor)
    yield* page.data
    cursor = page.nextCursor ?? undefined
  } while (cursor)
}
