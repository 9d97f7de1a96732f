import { describe, expect, it } from 'vitest'
import { call, freshIp, uniqueEmail, useTestApp } from '../../testing/app.ts'
import { insertUser } from './service.ts'

const ctx = useTestApp()
const PASSWORD = 'Segura123!'

describe('GET /users/by-email', () => {
  it('answers id and isActive for a registered e-mail, 404 notFound otherwise', async () => {
    const email = uniqueEmail('lookup')
    const user = await insertUser(ctx.app.db, { email, password: PASSWORD, firstName: 'A', lastName: 'B' })
    const res = await call(ctx.app, 'GET', `/api/v1/users/by-email?email=${encodeURIComponent(email.toUpperCase())}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: user!.id, isActive: true })
    const missing = await call(ctx.app, 'GET', `/api/v1/users/by-email?email=${uniqueEmail()}`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().errors).toEqual({ email: 'notFound' })
  })

  it('is rate-limited per IP', async () => {
    const ip = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 32; i++)
      statuses.push((await call(ctx.app, 'GET', `/api/v1/users/by-email?email=${uniqueEmail()}`, { ip })).statusCode)
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true)
    expect(statuses.slice(30)).toEqual([429, 429])
  })
})
