import { TAX_START_LIMITS } from '@app/contracts'
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { HttpError } from '../../errors.ts'

// The proof of a tax start (decision 222): a PDF or a photo of one. The type is read from the
// file's first bytes, never from a name or a header the browser chose; photos are decoded and
// re-encoded without metadata (a phone's photo carries where it was taken).

const PIXEL_LIMIT = 50_000_000
const LONG_SIDE_PX = 3000

export const unsupportedProof = () =>
  new HttpError(415, 'Send the proof as a PDF, JPEG, PNG or WebP file of at most 5 MB', { proof: 'unsupportedFile' })
const tooLarge = () => new HttpError(422, 'The proof file may be at most 5 MB', { proof: 'tooLarge' })

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b)
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** The file's type by its magic bytes: application/pdf, image/jpeg, image/png, image/webp, or null. */
export function sniffType(bytes: Buffer): string | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return null
}

/** Checks and prepares the proof: a PDF as sent; an image decoded, turned upright and stripped of metadata. */
export async function prepareProof(base64: string): Promise<{ bytes: Buffer; type: string }> {
  const input = Buffer.from(base64, 'base64')
  if (input.length > TAX_START_LIMITS.proofMaxBytes) throw tooLarge()
  const type = input.length ? sniffType(input) : null
  if (!type) throw unsupportedProof()
  // A PDF must also end like one (a file cut short in the upload is refused now, not at review).
  if (type === 'application/pdf') {
    if (!input.subarray(-1024).includes('%%EOF')) throw unsupportedProof()
    return { bytes: input, type }
  }
  try {
    const format = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' }[type] as 'jpeg' | 'png' | 'webp'
    const image = sharp(input, { limitInputPixels: PIXEL_LIMIT })
    if ((await image.metadata()).format !== format) throw unsupportedProof()
    const bytes = await image
      .rotate()
      .resize({ width: LONG_SIDE_PX, height: LONG_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .toFormat(format, { quality: 85 })
      .toBuffer()
    return { bytes, type }
  } catch {
    throw unsupportedProof()
  }
}

// ---- Signed links, as the progress photos' (decision 209): HMAC over id and expiry with a key
// derived from the server's secret, valid five minutes, no token in the address.

const linkKey = (app: FastifyInstance) => createHmac('sha256', app.config.JWT_ACCESS_SECRET).update('tax-start-proof-links/1').digest()
const signatureOf = (app: FastifyInstance, id: string, expires: number) =>
  createHmac('sha256', linkKey(app)).update(`${id}:${expires}`).digest('base64url')

export function proofLink(app: FastifyInstance, id: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + TAX_START_LIMITS.linkSeconds
  return {
    url: `/api/v1/tax-start-proofs/${id}?expires=${expires}&sig=${signatureOf(app, id, expires)}`,
    linkExpiresAt: new Date(expires * 1000).toISOString(),
  }
}

/** 403 for a link that is not ours or has expired (it says nothing about whether the file exists). */
export function checkProofLink(app: FastifyInstance, id: string, expires: number, sig: string, now = Date.now()) {
  const expected = Buffer.from(signatureOf(app, id, expires))
  const given = Buffer.from(sig)
  const valid = given.length === expected.length && timingSafeEqual(given, expected)
  const nowSeconds = Math.floor(now / 1000)
  if (!valid || expires < nowSeconds || expires > nowSeconds + TAX_START_LIMITS.linkSeconds)
    throw new HttpError(403, 'This link is invalid or has expired: open the declaration again', { sig: 'invalidOrExpired' })
  return expires - nowSeconds
}
