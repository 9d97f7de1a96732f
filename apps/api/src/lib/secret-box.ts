import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Secrets stored at rest (payout accounts' OAuth tokens, decision 207): AES-256-GCM with a fresh
 * 12-byte IV, sealed to a context (`aad`: the row they belong to, so a sealed token copied into
 * another row does not open). Stored as `v1.<base64url(iv | tag | ciphertext)>`.
 */
export interface SecretBox {
  seal(plaintext: string, aad: string): string
  open(sealed: string, aad: string): string
}

/** TOKEN_ENCRYPTION_KEY (32 bytes, base64) or, outside production, a key derived from the refresh-token secret. */
export function secretBoxKey(config: { TOKEN_ENCRYPTION_KEY?: string; JWT_REFRESH_SECRET: string }): Buffer {
  if (config.TOKEN_ENCRYPTION_KEY) return Buffer.from(config.TOKEN_ENCRYPTION_KEY, 'base64')
  return Buffer.from(hkdfSync('sha256', config.JWT_REFRESH_SECRET, 'entrenapp', 'token-encryption-v1', 32))
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the token encryption key must be 32 bytes')
  return {
    seal(plaintext, aad) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(aad, 'utf8'))
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`
    },
    open(sealed, aad) {
      if (!sealed.startsWith('v1.')) throw new Error('unknown sealed secret format')
      const raw = Buffer.from(sealed.slice(3), 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
      decipher.setAAD(Buffer.from(aad, 'utf8'))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}
