import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, mailOutbox } from '../../db/schema.ts'
import { bearer, call, freshIp, uniqueEmail, useTestApp } from '../../testing/app.ts'
import { insertUser } from '../users/service.ts'

const ctx = useTestApp()

const sendCode = (email: string, ip = freshIp()) => call(ctx.app, 'POST', '/api/v1/auth/client/code', { body: { email }, ip })
const login = (email: string, otp: string, ip = freshIp()) =>
  call(ctx.app, 'POST', '/api/v1/auth/client/login', { body: { email, otp }, ip })

async function client(role: 'member' | 'trainer' = 'member', isActive = true) {
  const email = uniqueEmail(role)
  const user = (await insertUser(ctx.app.db, { email, password: 'Secret123!', firstName: 'Carla', lastName: 'Soto', role }))!
  if (!isActive) await ctx.app.db.execute(`update users set is_active = false where id = '${user.id}'`)
  return { email, id: user.id }
}

async function mailedCode(email: string) {
  const mails = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt))
  return { count: mails.length, code: mails[0]?.text.match(/\b(\d{6})\b/)?.[1] }
}

describe('client sign-in by e-mail code', () => {
  it('mails a code to a client account and the code opens a session once', async () => {
    const { email, id } = await client()
    const sent = await sendCode(email.toUpperCase())
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toMatchObject({ ok: true, resendAfterSeconds: 120 })
    const { code, count } = await mailedCode(email)
    expect(count).toBe(1)
    const res = await login(email, code!)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().user).toMatchObject({ id, email, role: 'member' })
    const me = await call(ctx.app, 'GET', '/api/v1/auth/me', { token: res.json().token })
    expect(me.json().id).toBe(id)
    const [audit] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.subjectId, id)).orderBy(desc(auditLog.createdAt)).limit(1)
    expect(audit).toMatchObject({ action: 'auth.login', after: { via: 'client-code' } })
    // Single use.
    const again = await login(email, code!)
    expect(again.statusCode).toBe(422)
    expect(again.json().errors).toEqual({ otp: 'invalidOrExpired' })
  })

  it('answers the same for an unknown e-mail, a trainer and a disabled client, and sends nothing', async () => {
    const trainer = await client('trainer')
    const disabled = await client('member', false)
    for (const email of [uniqueEmail('nobody'), trainer.email, disabled.email]) {
      const res = await sendCode(email)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ ok: true, resendAfterSeconds: 120, expiresInSeconds: 600 })
      expect((await mailedCode(email)).count).toBe(0)
      expect((await login(email, '123456')).statusCode).toBe(422)
    }
  })

  it('asked twice within the cooldown, sends one mail', async () => {
    const { email } = await client()
    await sendCode(email)
    const again = await sendCode(email)
    expect(again.statusCode).toBe(200)
    expect((await mailedCode(email)).count).toBe(1)
  })

  it('refuses a wrong code and voids the code after five wrong tries', async () => {
    const { email } = await client()
    await sendCode(email)
    const { code } = await mailedCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) expect((await login(email, wrong)).statusCode).toBe(422)
    expect((await login(email, code!)).statusCode).toBe(422)
  })

  it('refuses bad input with the error shape and changes nothing', async () => {
    const bad = await call(ctx.app, 'POST', '/api/v1/auth/client/code', { body: { email: 'no' } })
    expect(bad.statusCode).toBe(422)
    expect(bad.json()).toMatchObject({ status: 422 })
    const { email } = await client()
    const badOtp = await login(email, 'abc')
    expect(badOtp.statusCode).toBe(422)
    expect((await mailedCode(email)).count).toBe(0)
  })

  it('limits code requests per address', async () => {
    const ip = freshIp()
    let last = 0
    for (let i = 0; i < 21; i++) last = (await sendCode(uniqueEmail('flood'), ip)).statusCode
    expect(last).toBe(429)
  })

  it('a session from a code is an ordinary bearer session', async () => {
    const { email } = await client()
    await sendCode(email)
    const res = await login(email, (await mailedCode(email)).code!)
    const out = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(res.json().token) })
    expect(out.statusCode).toBe(200)
  })
})
