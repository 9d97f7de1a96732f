import { SignJWT, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { signHs256, verifyHs256 } from './hs256.ts'

const key = Buffer.from('test-access-secret-test-access-secret-0123')
const other = Buffer.from('another-secret-another-secret-another-0123')
const now = Math.floor(Date.now() / 1000)

describe('HS256 tokens', () => {
  it('reads a token jose signed, and jose reads ours', async () => {
    const fromJose = await new SignJWT({ sid: 's1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('iss')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(key)
    expect(verifyHs256(fromJose, key, 'iss')).toMatchObject({ sub: 'u1', sid: 's1' })
    const ours = signHs256({ sub: 'u2', iss: 'iss', iat: now, exp: now + 60 }, key)
    expect((await jwtVerify(ours, key, { issuer: 'iss' })).payload.sub).toBe('u2')
  })

  it('refuses another key, a changed payload, another issuer, an expired token and alg none', () => {
    const token = signHs256({ sub: 'u1', role: 'member', iss: 'iss', iat: now, exp: now + 60 }, key)
    expect(verifyHs256(token, other, 'iss')).toBeNull()
    const [h, , s] = token.split('.')
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: 'u1', role: 'admin', iss: 'iss', exp: now + 60 })).toString('base64url')}.${s}`
    expect(verifyHs256(forged, key, 'iss')).toBeNull()
    expect(verifyHs256(token, key, 'other')).toBeNull()
    expect(verifyHs256(signHs256({ sub: 'u1', iss: 'iss', iat: now - 120, exp: now - 60 }, key), key, 'iss')).toBeNull()
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`
    expect(verifyHs256(none, key, 'iss')).toBeNull()
    expect(verifyHs256('garbage', key, 'iss')).toBeNull()
  })
})
