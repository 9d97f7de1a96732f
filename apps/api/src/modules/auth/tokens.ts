import { randomUUID } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import type { Config } from '../../config.ts'
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

export function createTokenService(config: Config) {
  const accessKey = new TextEncoder().encode(config.JWT_ACCESS_SECRET)
  const refreshKey = new TextEncoder().encode(config.JWT_REFRESH_SECRET)

  return {
    signAccess: (c: AccessClaims) =>
      new SignJWT({ sid: c.sid, role: c.role, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(c.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${config.ACCESS_TOKEN_TTL}s`)
        .sign(accessKey),

    signRefresh: (c: Omit<RefreshClaims, 'jti'>) => {
      const jti = randomUUID()
      return new SignJWT({ sid: c.sid, typ: 'refresh' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(c.sub)
        .setJti(jti)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${config.REFRESH_TOKEN_TTL}s`)
        .sign(refreshKey)
        .then((token) => ({ token, jti }))
    },

    verifyAccess: async (token: string): Promise<AccessClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, accessKey, { issuer: ISSUER, algorithms: ['HS256'] })
        if (payload.typ !== 'access' || !payload.sub) return null
        return { sub: payload.sub, sid: String(payload.sid), role: String(payload.role) }
      } catch (err) {
        if (err instanceof errors.JOSEError) return null
        throw err
      }
    },

    verifyRefresh: async (token: string): Promise<RefreshClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, refreshKey, { issuer: ISSUER, algorithms: ['HS256'] })
        if (payload.typ !== 'refresh' || !payload.sub || !payload.jti) return null
        return { sub: payload.sub, sid: String(payload.sid), jti: payload.jti }
      } catch (err) {
        if (err instanceof errors.JOSEError) return null
        throw err
      }
    },
  }
}
export type TokenService = ReturnType<typeof createTokenService>
