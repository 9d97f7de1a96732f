import { describe, expect, it } from 'vitest'
import { call, createUserAndLogin, freshIp, uniqueEmail, useTestApp } from '../../testing/app.ts'
import { insertUser } from '../users/service.ts'

const ctx = useTestApp()

async function newUser(role: 'member' | 'gym_owner' | 'trainer' = 'member') {
  const email = uniqueEmail(role)
  await insertUser(ctx.app.db, { email, password: 'Secret123!', firstName: 'Ana', lastName: 'Pérez', role })
  return email
}

describe('POST /auth/email/login', () => {
  it('answers tokens and the user, never the hash; e-mail is case-insensitive and trimmed', async () => {
    const email = await newUser()
    const res = await call(ctx.app, 'POST', '/api/v1/auth/email/login', {
      body: { email: `  ${email.toUpperCase()} `, password: 'Secret123!' },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.token).toEqual(expect.any(String))
    expect(body.refreshToken).toEqual(expect.any(String))
    expect(body.user).toMatchObject({ email, firstName: 'Ana', lastName: 'Pérez', role: 'member', isActive: true })
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/)
  })

  it('unknown e-mail → 422 errors.email = notFound', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email: uniqueEmail(), password: 'x' } })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ status: 422, errors: { email: 'notFound' } })
    expect(res.json().message).toEqual(expect.any(String))
  })

  it('wrong password → 422 errors.password = incorrectPassword', async () => {
    const email = await newUser()
    const res = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email, password: 'wrong' } })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ password: 'incorrectPassword' })
  })

  it('rate-limits attempts per (e-mail, address), answering 429 with Retry-After', async () => {
    const email = await newUser()
    const ip = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const res = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email, password: 'wrong' }, ip })
      statuses.push(res.statusCode)
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
        expect(res.json()).toMatchObject({ status: 429, message: expect.any(String) })
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
  })

  it('rate-limits attempts per IP across e-mails', async () => {
    const ip = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 32; i++) {
      const res = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email: uniqueEmail(), password: 'x' }, ip })
      statuses.push(res.statusCode)
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(2)
  })
})

describe('POST /auth/business/login', () => {
  it('admits a gym owner', async () => {
    const email = await newUser('gym_owner')
    const res = await call(ctx.app, 'POST', '/api/v1/auth/business/login', { body: { email, password: 'Secret123!' } })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.role).toBe('gym_owner')
  })

  it('refuses a non-business account, saying so', async () => {
    const email = await newUser('trainer')
    const res = await call(ctx.app, 'POST', '/api/v1/auth/business/login', { body: { email, password: 'Secret123!' } })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ email: 'notBusinessAccount' })
    expect(res.json().message).toMatch(/not a business account/)
  })
})

describe('sessions', () => {
  it('GET /auth/me answers the signed-in user; without or with a bad token 401', async () => {
    const { token, user } = await createUserAndLogin(ctx.app)
    const me = await call(ctx.app, 'GET', '/api/v1/auth/me', { token })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toEqual(user)
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me')).statusCode).toBe(401)
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token: `${token}x` })).statusCode).toBe(401)
  })

  it('refresh rotates the pair; the new access token works', async () => {
    const first = await createUserAndLogin(ctx.app)
    const res = await call(ctx.app, 'POST', '/api/v1/auth/refresh', { token: first.refreshToken })
    expect(res.statusCode).toBe(200)
    const next = res.json()
    expect(next.refreshToken).not.toBe(first.refreshToken)
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token: next.token })).statusCode).toBe(200)
  })

  it('an access token is not a refresh token', async () => {
    const { token } = await createUserAndLogin(ctx.app)
    expect((await call(ctx.app, 'POST', '/api/v1/auth/refresh', { token })).statusCode).toBe(401)
  })

  it('presenting an old refresh token again revokes the session', async () => {
    const first = await createUserAndLogin(ctx.app)
    const second = (await call(ctx.app, 'POST', '/api/v1/auth/refresh', { token: first.refreshToken })).json()
    const reuse = await call(ctx.app, 'POST', '/api/v1/auth/refresh', { token: first.refreshToken })
    expect(reuse.statusCode).toBe(401)
    // The thief's copy and the rightful holder's newer tokens are all dead now.
    expect((await call(ctx.app, 'POST', '/api/v1/auth/refresh', { token: second.refreshToken })).statusCode).toBe(401)
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token: second.token })).statusCode).toBe(401)
  })

  it('logout revokes the session: access and refresh tokens stop working; other sessions live on', async () => {
    const a = await createUserAndLogin(ctx.app)
    const b = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email: a.user.email, password: a.password } })
    const out = await call(ctx.app, 'POST', '/api/v1/auth/logout', { token: a.token })
    expect(out.statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token: a.token })).statusCode).toBe(401)
    expect((await call(ctx.app, 'POST', '/api/v1/auth/refresh', { token: a.refreshToken })).statusCode).toBe(401)
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token: b.json().token })).statusCode).toBe(200)
  })
})
