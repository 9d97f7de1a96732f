import { createApiClient } from '@app/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueEmail, useTestApp } from './testing/app.ts'

// The generated client (packages/api-client) against this server over HTTP, as the mobile app uses it.
const ctx = useTestApp()
let baseUrl: string

beforeAll(async () => {
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => ctx.app.server.close())

async function mailedCode(email: string) {
  await ctx.app.mailer.flush()
  const mail = ctx.mail.sent.findLast((m) => m.to === email)
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

describe('the generated API client (issue 28)', () => {
  it('signs up a trainer (code, verification, registration), signs in, refreshes and checks the subscription', async () => {
    let token: string | undefined
    const client = createApiClient({ baseUrl, token: () => token })
    const email = uniqueEmail('client')
    const password = 'Segura123!'

    const sent = await client.POST('/api/v1/auth/email/otp/generate', { body: { email } })
    expect(sent.response.status).toBe(200)
    expect(sent.data?.expiresInSeconds).toBe(600)

    const verified = await client.POST('/api/v1/auth/email/otp/verify', { body: { email, otp: await mailedCode(email) } })
    expect(verified.data?.verified).toBe(true)

    const registered = await client.POST('/api/v1/auth/email/register', {
      body: {
        email,
        password,
        firstName: 'Ana',
        lastName: 'Pérez',
        userType: 'member',
        birthDate: '1990-04-02',
        verificationToken: verified.data!.verificationToken,
      },
    })
    expect(registered.response.status).toBe(200)
    // The sign-up token carries the flow until the trainer signs in.
    token = registered.data!.signupToken
    const status = await client.GET('/api/v1/payments/subscription-status')
    expect(status.data?.hasActiveSubscription).toBe(false)

    const wrong = await client.POST('/api/v1/auth/email/login', { body: { email, password: 'Wrong123!' } })
    expect(wrong.response.status).toBe(422)
    expect(wrong.error).toMatchObject({ status: 422, errors: { password: 'incorrectPassword' } })

    const login = await client.POST('/api/v1/auth/email/login', { body: { email, password } })
    expect(login.data?.user).toMatchObject({ id: registered.data!.id, email, firstName: 'Ana' })
    token = login.data!.token

    const me = await client.GET('/api/v1/auth/me')
    expect(me.data?.email).toBe(email)

    const refreshed = await client.POST('/api/v1/auth/refresh', { headers: { authorization: `Bearer ${login.data!.refreshToken}` } })
    expect(refreshed.response.status).toBe(200)
    expect(refreshed.data!.refreshToken).not.toBe(login.data!.refreshToken)
    token = refreshed.data!.token
    expect((await client.GET('/api/v1/auth/me')).data?.id).toBe(registered.data!.id)
  })

  it('registers a gym owner and manages the gym', async () => {
    const session: { token?: string } = {}
    const client = createApiClient({ baseUrl, token: () => session.token })
    const email = uniqueEmail('owner')

    const registered = await client.POST('/api/v1/auth/business/register', {
      body: {
        email,
        password: 'Segura123!',
        firstName: 'Marta',
        lastName: 'Rojas',
        businessName: 'Gimnasio Central',
        businessAddress: 'Av. Providencia 1234',
      },
    })
    expect(registered.response.status).toBe(200)
    session.token = registered.data!.token

    const none = await client.GET('/api/v1/gyms/my-gym')
    expect(none.response.status).toBe(404)
    expect(none.error?.message).toBeTruthy()

    const created = await client.POST('/api/v1/gyms', {
      body: {
        name: 'Gimnasio Central',
        email: 'contacto@gimnasiocentral.cl',
        address: 'Av. Providencia 1234',
        city: 'Santiago',
        state: 'Región Metropolitana',
        zipCode: '7500000',
        phone: '+56 2 2345 6789',
      },
    })
    expect(created.response.status).toBe(201)
    const mine = await client.GET('/api/v1/gyms/my-gym')
    expect(mine.data).toMatchObject({ id: created.data!.id, name: 'Gimnasio Central', isActive: true })

    const trainers = await client.GET('/api/v1/gyms/{id}/trainers', { params: { path: { id: created.data!.id } } })
    expect(trainers.data).toEqual([])
  })
})
