import type { SearchSort, TrainerSearchPage, TrainerSearchQuery } from '@app/contracts'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { trainerProfiles, trainers } from '../../db/schema.ts'
import { unprocessable } from '../../errors.ts'
import { photoUrlOf, plainText, ratingOf } from './service.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * "pilates nuño" → `pilates:* & nuno:*`: every word must match, the last ones as prefixes so a
 * search box finds while typing. Only letters and digits reach to_tsquery (no operators).
 */
export function prefixQuery(q: string): string | null {
  const words =
    plainText(q)
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? []
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null
}

type CursorValue = number | string
const encode = (value: CursorValue, id: string) => Buffer.from(JSON.stringify([value, id])).toString('base64url')
function decode(cursor: string | undefined, sort: SearchSort): [CursorValue, string] | undefined {
  if (!cursor) return undefined
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[1] === 'string' && UUID.test(parsed[1])) {
      const [value, id] = parsed as [unknown, string]
      if (
        sort === 'newest'
          ? typeof value === 'string' && !Number.isNaN(Date.parse(value))
          : typeof value === 'number' && Number.isFinite(value)
      )
        return [value as CursorValue, id]
    }
  } catch {
    // fall through
  }
  throw unprocessable({ cursor: 'invalid' }, 'This page link is not valid; start from the first page')
}

/**
 * Public trainer search (decision 141): listed profiles only, full text in Spanish, filters and
 * keyset pages on (sort key, trainer id), so a deep page costs what the first does.
 */
export async function searchTrainers(app: FastifyInstance, query: TrainerSearchQuery): Promise<TrainerSearchPage> {
  const tsquery = query.q ? prefixQuery(query.q) : null
  const sort: SearchSort = query.sort === 'relevance' && !tsquery ? 'rating' : (query.sort ?? (tsquery ? 'relevance' : 'rating'))
  const ts = tsquery ? sql`to_tsquery('spanish', unaccent(${tsquery}))` : null
  const p = trainerProfiles
  // Each order has an index on (listed, key, trainer_id) in the same direction, so a page and
  // its cursor condition (a row comparison) are an index range scan (bench: bench/search.mjs).
  const key: { expr: SQL; desc: boolean; cast: SQL; out: SQL } =
    sort === 'relevance'
      ? { expr: sql`ts_rank(${p.search}, ${ts})`, desc: true, cast: sql`::real`, out: sql`ts_rank(${p.search}, ${ts})` }
      : sort === 'rating'
        ? { expr: sql`${p.ratingX100}`, desc: true, cast: sql`::integer`, out: sql`${p.ratingX100}` }
        : sort === 'price'
          ? {
              expr: sql`coalesce(${p.minPriceClp}, 2147483647)`,
              desc: false,
              cast: sql`::integer`,
              out: sql`coalesce(${p.minPriceClp}, 2147483647)`,
            }
          : {
              expr: sql`${p.publishedAt}`,
              desc: true,
              cast: sql`::timestamptz`,
              out: sql`to_char(${p.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
            }
  const after = decode(query.cursor, sort)
  const afterCondition = after
    ? key.desc
      ? sql`(${key.expr}, ${p.trainerId}) < (${after[0]}${key.cast}, ${after[1]}::uuid)`
      : sql`(${key.expr}, ${p.trainerId}) > (${after[0]}${key.cast}, ${after[1]}::uuid)`
    : undefined
  const conditions = [
    eq(p.listed, true),
    ts ? sql`${p.search} @@ ${ts}` : undefined,
    query.city ? eq(p.cityKey, plainText(query.city)) : undefined,
    query.specialisation ? sql`${p.specialisations} @> array[${query.specialisation}]::text[]` : undefined,
    query.modality ? sql`${p.modalities} @> array[${query.modality}]::text[]` : undefined,
    query.priceMax !== undefined ? sql`${p.minPriceClp} <= ${query.priceMax}` : undefined,
    afterCondition,
  ]
  const rows = await app.db
    .select({
      trainerId: p.trainerId,
      slug: p.slug,
      firstName: trainers.firstName,
      lastName: trainers.lastName,
      headline: p.headline,
      specialisations: p.specialisations,
      city: p.city,
      comuna: p.comuna,
      modalities: p.modalities,
      photoVersion: p.photoVersion,
      minPriceClp: p.minPriceClp,
      ratingX100: p.ratingX100,
      ratingCount: p.ratingCount,
      sortKey: sql<CursorValue>`${key.out}`,
    })
    .from(p)
    .innerJoin(trainers, eq(trainers.id, p.trainerId))
    .where(and(...conditions, eq(trainers.isActive, true)))
    .orderBy(...(key.desc ? [sql`${key.expr} desc`, sql`${p.trainerId} desc`] : [sql`${key.expr} asc`, sql`${p.trainerId} asc`]))
    .limit(query.limit + 1)
  const more = rows.length > query.limit
  const page = more ? rows.slice(0, query.limit) : rows
  const last = page.at(-1)
  return {
    data: page.map((r) => ({
      trainerId: r.trainerId,
      slug: r.slug,
      firstName: r.firstName,
      lastName: r.lastName,
      headline: r.headline,
      specialisations: r.specialisations,
      city: r.city,
      comuna: r.comuna,
      modalities: r.modalities as TrainerSearchPage['data'][number]['modalities'],
      photoUrl: photoUrlOf(r),
      minPriceClp: r.minPriceClp,
      rating: ratingOf(r),
    })),
    nextCursor: more && last ? encode(typeof last.sortKey === 'string' ? last.sortKey : Number(last.sortKey), last.trainerId) : null,
  }
}
