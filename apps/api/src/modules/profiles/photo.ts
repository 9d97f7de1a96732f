import { PHOTO_MAX_BYTES, PHOTO_SIZE_PX } from '@app/contracts'
import sharp from 'sharp'
import { HttpError } from '../../errors.ts'

const unsupported = () => new HttpError(415, 'Send a JPEG, PNG or WebP photo of at most 5 MB', { photo: 'unsupportedImage' })

/**
 * A square WebP of PHOTO_SIZE_PX. The type is read from the bytes (sharp), never from the
 * header the client sent; metadata (EXIF, GPS) is dropped; decompression bombs are refused by
 * sharp's pixel limit.
 */
export async function resizePhoto(input: Buffer): Promise<Buffer> {
  if (input.length === 0 || input.length > PHOTO_MAX_BYTES) throw unsupported()
  let format: string | undefined
  try {
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format
  } catch {
    throw unsupported()
  }
  if (!format || !['jpeg', 'png', 'webp'].includes(format)) throw unsupported()
  try {
    return await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PHOTO_SIZE_PX, PHOTO_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 78 })
      .toBuffer()
  } catch {
    throw unsupported()
  }
}
