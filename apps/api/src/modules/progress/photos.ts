import { PROGRESS_LIMITS, type PhotoPose, type ProgressPhoto, type ProgressPhotoList, type ProgressRangeQuery } from '@app/contracts'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gte, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import type { Tx } from '../../db/client.ts'
import { progressPhotos } from '../../db/schema.ts'
import { HttpError, notFound } from '../../errors.ts'
import { santiagoToday } from '../bookings/zoned.ts'
import { requireCurrentConsent } from './consent.ts'
import { entryDay, rangeOf } from './range.ts'

const PIXEL_LIMIT = 50_000_000

const unsupported = () => new HttpError(415, 'Send a JPEG, PNG or WebP photo of at most 10 MB', { progressPhoto: 'unsupportedImage' })

/**
 * The stored photo and its thumbnail: WebP, at most PROGRESS_LIMITS.photoPx / thumbPx on the long
 * side, turned upright by its EXIF orientation and then re-encoded with no metadata at all (EXIF,
 * GPS, XMP, ICC). The type is read from the bytes, never from the header or a file name;
 * decompression bombs are refused by sharp's pixel limit.
 */
export async function processPhoto(input: Buffer) {
  if (!input.length || input.length > PROGRESS_LIMITS.photoMaxBytes) throw unsupported()
  let format: string | undefined
  try {
    format = (await sharp(input, { limitInputPixels: PIXEL_LIMIT }).metadata()).format
  } catch {
    throw unsupported()
  }
  if (!format || !['jpeg', 'png', 'webp'].includes(format)) throw unsupported()
  try {
    const upright = sharp(input, { limitInputPixels: PIXEL_LIMIT }).rotate()
    const size = (px: number) => ({ width: px, height: px, fit: 'inside' as const, withoutEnlargement: true })
    const [image, thumb] = await Promise.all([
      upright.clone().resize(size(PROGRESS_LIMITS.photoPx)).webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
      upright.clone().resize(size(PROGRESS_LIMITS.thumbPx)).webp({ quality: 70 }).toBuffer(),
    ])
    return { image: image.data, thumb, width: image.info.width, height: image.info.height }
  } catch {
    throw unsupported()
  }
}

// ---- Signed links (decision 209): HMAC-SHA256 over id, size and expiry with a key derived from
// the server's secret, so every process of a cluster checks the links of the others.

export type PhotoSize = 'full' | 'thumb'

const linkKey = (app: FastifyInstance) => createHmac('sha256', app.config.JWT_ACCESS_SECRET).update('progress-photo-links/1').digest()
const signatureOf = (app: FastifyInstance, id: string, size: PhotoSize, expires: number) =>
  createHmac('sha256', linkKey(app)).update(`${id}:${size}:${expires}`).digest('base64url')

export const linkOf = (app: FastifyInstance, id: string, size: PhotoSize, expires: number) =>
  `/api/v1/progress-photos/${id}/image?size=${size}&expires=${expires}&sig=${signatureOf(app, id, size, expires)}`

/** 403 for a link that is not ours or has expired; it says nothing about whether the photo exists. */
export function checkLink(app: FastifyInstance, id: string, size: PhotoSize, expires: number, sig: string, now = Date.now()) {
  const expected = Buffer.from(signatureOf(app, id, size, expires))
  const given = Buffer.from(sig)
  const valid = given.length === expected.length && timingSafeEqual(given, expected)
  const nowSeconds = Math.floor(now / 1000)
  if (!valid || expires < nowSeconds || expires > nowSeconds + PROGRESS_LIMITS.photoLinkSeconds)
    throw new HttpError(403, 'This photo link is invalid or has expired: ask for the list again', { sig: 'invalidOrExpired' })
  return expires - nowSeconds
}

type PhotoMeta = Pick<typeof progressPhotos.$inferSelect, 'id' | 'pose' | 'takenOn' | 'width' | 'height' | 'createdAt'>
const metaColumns = {
  id: progressPhotos.id,
  pose: progressPhotos.pose,
  takenOn: progressPhotos.takenOn,
  width: progressPhotos.width,
  height: progressPhotos.height,
  createdAt: progressPhotos.createdAt,
}

export function toProgressPhoto(app: FastifyInstance, row: PhotoMeta, now = Date.now()): ProgressPhoto {
  const expires = Math.floor(now / 1000) + PROGRESS_LIMITS.photoLinkSeconds
  return {
    id: row.id,
    pose: row.pose,
    takenOn: row.takenOn,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
    url: linkOf(app, row.id, 'full', expires),
    thumbUrl: linkOf(app, row.id, 'thumb', expires),
    linksExpireAt: new Date(expires * 1000).toISOString(),
  }
}

/** Processes the image first (outside the transaction), then stores it if the client consents. */
export async function uploadPhoto(app: FastifyInstance, clientUserId: string, pose: PhotoPose, takenOn: string | undefined, body: Buffer) {
  const day = entryDay(takenOn ?? santiagoToday(), 'takenOn')
  // Consent is checked before the work too, so a refused upload costs no resizing.
  await app.db.transaction((tx) => requireCurrentConsent(tx, clientUserId))
  const photo = await processPhoto(body)
  const row = await app.db.transaction(async (tx) => {
    await requireCurrentConsent(tx, clientUserId)
    const [inserted] = await tx
      .insert(progressPhotos)
      .values({ clientUserId, pose, takenOn: day, ...photo })
      .returning(metaColumns)
    return inserted
  })
  return toProgressPhoto(app, row)
}

/** The photos of a range of days, newest first, with fresh links. */
export async function listPhotos(
  app: FastifyInstance,
  db: Tx,
  clientUserId: string,
  query: ProgressRangeQuery,
): Promise<ProgressPhotoList> {
  const { from, to } = rangeOf(query)
  const rows = await db
    .select(metaColumns)
    .from(progressPhotos)
    .where(and(eq(progressPhotos.clientUserId, clientUserId), gte(progressPhotos.takenOn, from), lte(progressPhotos.takenOn, to)))
    .orderBy(desc(progressPhotos.takenOn), desc(progressPhotos.createdAt))
    .limit(1000)
  const now = Date.now()
  return { from, to, data: rows.map((r) => toProgressPhoto(app, r, now)) }
}

export async function deletePhoto(db: Tx, clientUserId: string, id: string) {
  const removed = await db
    .delete(progressPhotos)
    .where(and(eq(progressPhotos.id, id), eq(progressPhotos.clientUserId, clientUserId)))
    .returning({ id: progressPhotos.id })
  if (!removed.length) throw notFound('No such photo', { id: 'notFound' })
  return { ok: true as const }
}

/** The bytes behind a valid link. */
export async function photoBytes(app: FastifyInstance, id: string, size: PhotoSize) {
  const column = size === 'full' ? progressPhotos.image : progressPhotos.thumb
  const [row] = await app.db.select({ bytes: column }).from(progressPhotos).where(eq(progressPhotos.id, id)).limit(1)
  if (!row) throw notFound('No such photo')
  return row.bytes
}
