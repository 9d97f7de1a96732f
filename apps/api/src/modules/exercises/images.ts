import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { Db, Tx } from '../../db/client.ts'
import { exerciseImages, exercises } from '../../db/schema.ts'
import { HttpError, notFound } from '../../errors.ts'

/** Web sizes, made once at import or upload (decision 218): the picture and a list thumbnail. */
export const EXERCISE_IMAGE = { px: 800, thumbPx: 320, maxBytes: 10 * 1024 * 1024 } as const
export const EXERCISE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
const PIXEL_LIMIT = 50_000_000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export class UnsupportedImageError extends HttpError {
  constructor() {
    super(415, 'Send a JPEG, PNG, WebP or GIF picture of at most 10 MB', { photo: 'unsupportedImage' })
  }
}

/** The URL the API answers for an exercise's picture; `?size=thumb` gives the thumbnail. */
export const exerciseImageUrl = (imageId: string) => `/api/v1/exercise-images/${imageId}`

/**
 * WebP of at most 800 px and a 320 px thumbnail. The type is read from the bytes, never from a
 * header or a file name; metadata is dropped; sharp's pixel limit refuses decompression bombs.
 * GIF is accepted (data sets publish animated ones): its first frame is kept.
 */
export async function resizeExerciseImage(input: Buffer) {
  if (!input.length || input.length > EXERCISE_IMAGE.maxBytes) throw new UnsupportedImageError()
  let format: string | undefined
  try {
    format = (await sharp(input, { limitInputPixels: PIXEL_LIMIT }).metadata()).format
  } catch {
    throw new UnsupportedImageError()
  }
  if (!format || !['jpeg', 'png', 'webp', 'gif'].includes(format)) throw new UnsupportedImageError()
  try {
    const upright = sharp(input, { limitInputPixels: PIXEL_LIMIT }).rotate()
    const size = (px: number) => ({ width: px, height: px, fit: 'inside' as const, withoutEnlargement: true })
    const [image, thumb] = await Promise.all([
      upright.clone().resize(size(EXERCISE_IMAGE.px)).webp({ quality: 78 }).toBuffer({ resolveWithObject: true }),
      upright.clone().resize(size(EXERCISE_IMAGE.thumbPx)).webp({ quality: 70 }).toBuffer(),
    ])
    return { image: image.data, thumb, width: image.info.width, height: image.info.height }
  } catch {
    throw new UnsupportedImageError()
  }
}

export const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** The picture an exercise has now, without its bytes. */
export async function currentImage(db: Db | Tx, exerciseId: string) {
  const [row] = await db
    .select({ id: exerciseImages.id, origin: exerciseImages.origin, digest: exerciseImages.digest })
    .from(exerciseImages)
    .where(eq(exerciseImages.exerciseId, exerciseId))
    .limit(1)
  return row ?? null
}

/**
 * Sets an exercise's picture from the source bytes. The same bytes keep the row and its URL (a
 * re-import changes nothing); other bytes make a new row, so the old URL (cached for a year) never
 * shows another picture.
 */
export async function setExerciseImage(db: Db, exerciseId: string, origin: string, bytes: Buffer): Promise<string> {
  const digest = digestOf(bytes)
  const now = await currentImage(db, exerciseId)
  if (now?.digest === digest) {
    if (now.origin !== origin) await db.update(exerciseImages).set({ origin }).where(eq(exerciseImages.id, now.id))
    return now.id
  }
  const sized = await resizeExerciseImage(bytes)
  return db.transaction(async (tx) => {
    await tx.delete(exerciseImages).where(eq(exerciseImages.exerciseId, exerciseId))
    const [row] = await tx
      .insert(exerciseImages)
      .values({ exerciseId, origin, digest, ...sized })
      .returning({ id: exerciseImages.id })
    await tx
      .update(exercises)
      .set({ imageUrl: exerciseImageUrl(row.id) })
      .where(eq(exercises.id, exerciseId))
    return row.id
  })
}

export async function removeExerciseImage(db: Db, exerciseId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(exerciseImages).where(eq(exerciseImages.exerciseId, exerciseId))
    await tx.update(exercises).set({ imageUrl: null }).where(eq(exercises.id, exerciseId))
  })
}

/** The stored WebP (or its thumbnail); 404 for an unknown id. */
export async function exerciseImageBytes(db: Db, id: string, size: 'full' | 'thumb') {
  if (!UUID.test(id)) throw notFound('No such picture')
  const [row] = await db
    .select({ bytes: size === 'thumb' ? exerciseImages.thumb : exerciseImages.image })
    .from(exerciseImages)
    .where(and(eq(exerciseImages.id, id)))
    .limit(1)
  if (!row) throw notFound('No such picture')
  return row.bytes
}
