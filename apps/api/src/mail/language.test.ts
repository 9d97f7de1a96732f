import { describe, expect, it } from 'vitest'
import { call, createUserAndLogin, uniqueEmail, useTestApp } from '../testing/app.ts'

const ctx = useTestApp()

const owner = (language?: string) => ({
  email: uniqueEmail('owner'),
  password: 'secret1',
  firstName: 'Carla',
  lastName: 'Rojas',
  businessName: 'Gimnasio Norte',
  businessAddress: 'Av. Siempre Viva 123, Santiago',
  ...(language ? { language } : {}),
})

const lastMailTo = async (email: string) => {
  await ctx.app.mailer.flush()
  return ctx.mail.sent.filter((m) => m.to === email).at(-1)!
}

describe("the account's language (decision 161)", () => {
  it('is the registration screen’s, is returned with the user and writes the verification code mail', async () => {
    const es = owner('es')
    const res = await call(ctx.app, 'POST', '/api/v1/auth/business/register', { body: es })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.language).toBe('es')
    expect((await lastMailTo(es.email)).subject).toMatch(/^Tu código de verificación/)

    const en = owner('en')
    const registered = await call(ctx.app, 'POST', '/api/v1/auth/business/register', { body: en })
    expect(registered.json().user.language).toBe('en')
    const token = registered.json().token as string
    const me = await call(ctx.app, 'GET', '/api/v1/auth/me', { token })
    expect(me.json().language).toBe('en')
    expect((await lastMailTo(en.email)).subject).toMatch(/^Your .* verification code/)
  })

  it('is Spanish when the screen does not say; an unknown language is refused and creates nothing', async () => {
    const none = owner()
    expect((await call(ctx.app, 'POST', '/api/v1/auth/business/register', { body: none })).json().user.language).toBe('es')
    const french = owner('fr')
    const refused = await call(ctx.app, 'POST', '/api/v1/auth/business/register', { body: french })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().errors).toEqual({ language: 'invalid' })
    expect((await call(ctx.app, 'GET', `/api/v1/users/by-email?email=${encodeURIComponent(french.email)}`)).statusCode).toBe(404)
  })

  it('the password-reset mail is in the recipient’s stored language', async () => {
    const english = await createUserAndLogin(ctx.app, { role: 'gym_owner', language: 'en' })
    const spanish = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    for (const email of [english.user.email, spanish.user.email])
      expect((await call(ctx.app, 'POST', '/api/v1/auth/forgot/password', { body: { email } })).statusCode).toBe(200)
    const en = await lastMailTo(english.user.email)
    expect(en.subject).toMatch(/^Reset your .* password$/)
    expect(en.text).toMatch(/^Hello Ana,/)
    const es = await lastMailTo(spanish.user.email)
    expect(es.subject).toMatch(/^Restablece tu contraseña de /)
    expect(es.text).toMatch(/^Hola Ana:/)
  })
})
