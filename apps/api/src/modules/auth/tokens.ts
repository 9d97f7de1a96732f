import { randomUUID } from 'node:crypto'
import type { Config } from '../../config.ts'
import { signHs256, verifyHs256 } from './hs256.ts'
import { JWT_ISSUER as ISSUER } from '../../brand.ts'

export interface AccessClaims {
  sub: string
  sid: string
  role: string
}
export interface RefreshClaims {
  sub: string
  sid: string
  jti: string
}

const now = () => Math.floor(Date.now() / 1000)

export function createTokenService(config: Config) {
  const accessKey = Buffer.from(config.JWT_ACCESS_SECRET)
  const refreshKey = Buffer.from(config.JWT_REFRESH_SECRET)

  return {
    signAccess: async (c: AccessClaims) => {
      const iat = now()
      return signHs256(
        { sid: c.sid, role: c.role, typ: 'access', sub: c.sub, iss: ISSUER, iat, exp: iat + config.ACCESS_TOKEN_TTL },
        accessKey,
      )
    },

    signRefresh: async (c: Omit<RefreshClaims, 'jti'>) => {
      const jti = randomUUID()
      const iat = now()
      const token = signHs256(
        { sid: c.sid, typ: 'refresh', sub: c.sub, jti, iss: ISSUER, iat, exp: iat + config.REFRESH_TOKEN_TTL },
        refreshKey,
      )
      return { token, jti }
    },

    verifyAccess: async (token: string): Promise<AccessClaims | null> => {
      const payload = verifyHs256(token, accessKey, ISSUER)
      if (!payload || payload.typ !== 'access' || !payload.sub) return null
      return { sub: payload.sub, sid: String(payload.sid), role: String(payload.role) }
    },

    verifyRefresh: async (token: string): Promise<RefreshClaims | null> => {
      const payload = verifyHs256(token, refreshKey, ISSUER)
      if (!payload || payload.typ !== 'refresh' || !payload.sub || !payload.jti) return null
      return { sub: payload.sub, sid: String(payload.sid), jti: payload.jti }
    },
  }
}
export type TokenService = ReturnType<typeof createTokenService>
