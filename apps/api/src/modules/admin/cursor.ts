import type { AdminSort } from '@app/contracts'
import { and, asc, desc, eq, gt, gte, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { unprocessable } from '../../errors.ts'

/**
 * Keyset pagination on (created_at, id) for the admin lists: a deep page costs what the first does,
 * and rows arriving meanwhile neither repeat nor vanish. The cursor carries the last row's time at
 * full (microsecond) precision, as text, so it never rounds to JavaScript milliseconds.
 */
export interface CursorKey {
  at: string
  id: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

export const encodeCursor = (key: CursorKey) => Buffer.from(`${key.at}|${key.id}`).toString('base64url')

export function decodeCursor(cursor: string | undefined): CursorKey | undefined {
  if (cursor === undefined || cursor === '') return undefined
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  if (rest.length || !at || !id || !AT.test(at) || !UUID.test(id) || Number.isNaN(Date.parse(at))) {
    throw unprocessable({ cursor: 'invalid' }, 'This page link is not valid; start from the first page')
  }
  return { at, id }
}

/** The row's time as the cursor stores it (UTC, microseconds). */
export const cursorTime = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** Rows after the cursor in the list's order; written so a plain index on created_at serves it too. */
export function afterCursor(createdAt: AnyColumn, id: AnyColumn, key: CursorKey | undefined, sort: AdminSort): SQL | undefined {
  if (!key) return undefined
  const at = sql`${key.at}::timestamptz`
  return sort === 'newest'
    ? and(lte(createdAt, at), or(lt(createdAt, at), and(eq(createdAt, at), lt(id, key.id))))
    : and(gte(createdAt, at), or(gt(createdAt, at), and(eq(createdAt, at), gt(id, key.id))))
}

export const orderOf = (createdAt: AnyColumn, id: AnyColumn, sort: AdminSort) =>
  sort === 'newest' ? [desc(createdAt), desc(id)] : [asc(createdAt), asc(id)]

/** `from` inclusive, `to` exclusive. */
export const inRange = (column: AnyColumn, range: { from?: string; to?: string }) => [
  range.from ? gte(column, new Date(range.from)) : undefined,
  range.to ? lt(column, new Date(range.to)) : undefined,
]

/** Rows were fetched with limit + 1: the extra one says whether there is a next page. */
export function pageOf<R extends { cursorAt: string; id: string }, T>(rows: R[], limit: number, map: (row: R) => T) {
  const more = rows.length > limit
  const page = more ? rows.slice(0, limit) : rows
  const last = page.at(-1)
  return { data: page.map(map), nextCursor: more && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null }
}

/** A LIKE pattern matching `text` anywhere, with its wildcards taken literally (lower-case it in SQL, like the column). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
