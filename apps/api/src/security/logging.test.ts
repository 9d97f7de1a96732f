import { randomUUID } from 'node:crypto'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maskEmail, redactUrl, serializeError } from '../plugins/logging.ts'
import { httpRequest, startServer, type ServerProcess } from '../testing/server-process.ts'

describe('redactUrl', () => {
  it.each([
    ['/recuperar-password?hash=abc123def', '/recuperar-password?hash=[redacted]'],
    ['/x?token=t&code=123456&otp=1&sid=cs_sbx_1&a=b', '/x?token=[redacted]&code=[redacted]&otp=[redacted]&sid=[redacted]&a=b'],
    ['/x?refreshToken=r&verificationToken=v&session_id=s', '/x?refreshToken=[redacted]&verificationToken=[redacted]&session_id=[redacted]'],
    ['/x?HASH=abc', '/x?HASH=[redacted]'],
    ['/x?h%61sh=abc', '/x?h%61sh=[redacted]'],
    ['/api/v1/users/by-email?email=ana.perez%40example.com', '/api/v1/users/by-email?email=a***@example.com'],
    ['/api/v1/users/by-email?email=ana@example.com&limit=3', '/api/v1/users/by-email?email=a***@example.com&limit=3'],
    ['/sandbox/checkout/cs_sbx_AbC123', '/sandbox/checkout/[redacted]'],
    ['/sandbox/checkout/cs_sbx_AbC123/pay', '/sandbox/checkout/[redacted]/pay'],
    ['/sandbox/portal/0b7c1f9e-1111-2222-3333-444455556666?cancelled=1', '/sandbox/portal/[redacted]?cancelled=1'],
    ['/sandbox/connect/abc/complete', '/sandbox/connect/[redacted]/complete'],
    ['/api/v1/platform/checkout/verify/cs_test_abc', '/api/v1/platform/checkout/verify/[redacted]'],
    ['/anything/cs_sbx_AbC123', '/anything/[redacted]'],
    ['/api/v1/client-invitations/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo/checkout', '/api/v1/client-invitations/[redacted]/checkout'],
    ['/api/v1/client-invitations/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo', '/api/v1/client-invitations/[redacted]'],
    [
      '/sandbox/client-portal/0b7c1f9e-1111-2222-3333-444455556666/0b7c1f9e-1111-2222-3333-444455556666/renew',
      '/sandbox/client-portal/[redacted]/0b7c1f9e-1111-2222-3333-444455556666/renew',
    ],
    ['/invitacion/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo', '/invitacion/[redacted]'],
    ['/invitacion/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo?utm_source=mail', '/invitacion/[redacted]?utm_source=mail'],
    ['/invitacion/pagada?session_id=cs_test_1', '/invitacion/pagada?session_id=[redacted]'],
    ['/invitacion/pagadaXYZsecret', '/invitacion/[redacted]'],
    ['/api/v1/calendar/c2VjcmV0ZmVlZHRva2VuMTIzNDU2Nzg5.ics', '/api/v1/calendar/[redacted]'],
    ['/confirmar-correo?token=abc', '/confirmar-correo?token=[redacted]'],
    // Decision 249: the card form's return (its single-use card token too) and a mailed payment link.
    [
      '/card-payments/checkouts/mpco_0b7c1f9e-1111-2222-3333-444455556666?token=0123456789abcdef0123456789abcdef&payment_method_id=visa',
      '/card-payments/checkouts/[redacted]?token=[redacted]&payment_method_id=visa',
    ],
    [
      '/card-payments/links/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWo/card?token=abc',
      '/card-payments/links/[redacted]/card?token=[redacted]',
    ],
    ['/x?next=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig', '/x?next=[redacted]'],
    ['/users/ana@example.com/profile', '/users/a***@example.com/profile'],
    ['/api/v1/plans', '/api/v1/plans'],
    ['/api/v1/gyms/12?include=trainers', '/api/v1/gyms/12?include=trainers'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected)
  })

  it('masks an e-mail to its first letter and domain', () => {
    expect(maskEmail('ana.perez@example.com')).toBe('a***@example.com')
  })

  it('logs a query error without its bound values', () => {
    const err = new Error('Failed query: insert into "mail_outbox" ("text") values ($1)\nparams: Tu código es 123456')
    const logged = JSON.stringify(serializeError(err))
    expect(logged).toContain('Failed query')
    expect(logged).not.toContain('123456')
    const raw = Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_HEADER_TOKEN', rawPacket: Buffer.from('GET /?hash=secret') })
    expect(JSON.stringify(serializeError(raw))).not.toContain('secret')
  })
})

/** A real SMTP server in this process: the mail the app sends, as the recipient gets it. */
function mailCatcher() {
  const mails: { to: string; text: string }[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = ''
      stream.on('data', (c: Buffer) => (data += c.toString()))
      stream.on('end', () => {
        // Undo quoted-printable (soft line breaks, =XX) so links and codes read whole.
        const text = Buffer.from(
          data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8')
        mails.push({ to: session.envelope.rcptTo[0]?.address ?? '', text })
        callback()
      })
    },
  })
  return {
    mails,
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async next(to: string, count: number, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        const got = mails.filter((m) => m.to === to)
        if (got.length >= count) return got[count - 1]!
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`no mail #${count} for ${to}`)
    },
  }
}

describe('no secret reaches the log, at any level (issue 9 item 2)', () => {
  const catcher = mailCatcher()
  let server: ServerProcess
  const secrets = new Map<string, string>()
  const keep = (name: string, value: unknown) => {
    expect(typeof value === 'string' && value.length >= 6, name).toBe(true)
    secrets.set(name, value as string)
  }

  beforeAll(async () => {
    const smtpPort = await catcher.listen()
    server = await startServer({ env: { NODE_ENV: 'development', LOG_LEVEL: 'trace', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } })
  }, 200_000)
  afterAll(async () => {
    await server?.stop()
    await catcher.close()
  })

  it('drives sign-up with a code, checkout, refresh and a password reset, then reads the log', async () => {
    const api = (path: string, opts: Parameters<typeof httpRequest>[1] = {}) => httpRequest(`${server.url}${path}`, opts)
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
    const email = `log-${randomUUID().slice(0, 8)}@example.com`
    const password = 'Segura123!'
    const appUrl = `http://localhost:${server.port}`

    // Sign-up: a six-digit code by mail, verified, then the registration and its signup token.
    expect((await api('/api/v1/auth/email/otp/generate', { method: 'POST', body: { email } })).status).toBe(200)
    const code = /\b(\d{6})\b/.exec((await catcher.next(email, 1)).text)?.[1]
    keep('one-time code', code)
    const verified = await api('/api/v1/auth/email/otp/verify', { method: 'POST', body: { email, otp: code } })
    expect(verified.status).toBe(200)
    // The single-use verification token of otp/verify goes to register.
    const { verificationToken } = verified.json()
    keep('verification token', verificationToken)
    const registered = await api('/api/v1/auth/email/register', {
      method: 'POST',
      body: { email, password, firstName: 'Lola', lastName: 'Log', userType: 'member', birthDate: '1990-04-02', verificationToken },
    })
    expect(registered.status, registered.body).toBe(200)
    const { id: userId, signupToken } = registered.json()
    keep('signup token', signupToken)

    // The e-mail look-up puts an address in a URL.
    expect((await api(`/api/v1/users/by-email?email=${encodeURIComponent(email)}`)).status).toBe(200)

    // Checkout on the sandbox: its pages are capability URLs.
    const starter = (await api('/api/v1/plans')).json().data.find((p: { key: string }) => p.key === 'starter')
    const checkout = await api('/api/v1/platform/subscriptions/checkout', {
      method: 'POST',
      headers: bearer(signupToken),
      body: {
        planId: starter.id,
        planKey: 'starter',
        customerEmail: email,
        userId,
        successRedirect: `${appUrl}/auth/checkout/success`,
        cancelRedirect: `${appUrl}/auth/checkout/cancel`,
      },
    })
    expect(checkout.status, checkout.body).toBe(200)
    const checkoutUrl = new URL(checkout.json().url)
    const sessionId = checkoutUrl.pathname.split('/').pop()!
    keep('sandbox checkout URL', checkoutUrl.pathname)
    keep('checkout session id', sessionId)
    expect((await api(checkoutUrl.pathname)).status).toBe(200)
    const paid = await api(`${checkoutUrl.pathname}/pay`, { method: 'POST' })
    expect(paid.status).toBe(303)
    const success = new URL(String(paid.headers.location))
    await api(`${success.pathname}${success.search}`)
    expect((await api(`/api/v1/platform/checkout/verify/${sessionId}`, { headers: bearer(signupToken) })).status).toBe(200)

    // Sign in, refresh (and replay the old refresh token, which the server refuses).
    const login = await api('/api/v1/auth/email/login', { method: 'POST', body: { email, password } })
    expect(login.status, login.body).toBe(200)
    keep('access token', login.json().token)
    keep('refresh token', login.json().refreshToken)
    const refreshed = await api('/api/v1/auth/refresh', { method: 'POST', headers: bearer(login.json().refreshToken) })
    expect(refreshed.status).toBe(200)
    keep('refreshed access token', refreshed.json().token)
    keep('refreshed refresh token', refreshed.json().refreshToken)
    await api('/api/v1/auth/refresh', { method: 'POST', headers: bearer(login.json().refreshToken) })

    // Password reset: the link from the mail, opened as a page, then used.
    expect((await api('/api/v1/auth/forgot/password', { method: 'POST', body: { email } })).status).toBe(200)
    const link = /(https?:\/\/\S+recuperar-password\?hash=[\w-]+)/.exec((await catcher.next(email, 2)).text)?.[1]
    keep('reset link', link)
    const hash = new URL(link!).searchParams.get('hash')
    keep('reset token', hash)
    await api(`/recuperar-password?hash=${hash}`, { headers: { 'x-request-id': 'reset-page.1' } })
    const reset = await api('/api/v1/auth/reset/password', { method: 'POST', body: { hash, password: 'OtraClave456!' } })
    expect(reset.status, reset.body).toBe(200)

    // Capability links that live in a path (issue 19): the invitation page of a client's mail, a calendar feed.
    const invitation = `inv${randomUUID().replaceAll('-', '')}`
    keep('invitation token', invitation)
    await api(`/invitacion/${invitation}`)
    const feed = `feed${randomUUID().replaceAll('-', '')}`
    keep('calendar feed token', feed)
    await api(`/api/v1/calendar/${feed}.ics`)

    await new Promise((r) => setTimeout(r, 500))
    const log = server.output()
    expect(log).toContain('"url":"/invitacion/[redacted]"')
    expect(log).toContain('"url":"/api/v1/calendar/[redacted]"')

    // The log did record these requests, in their redacted form.
    expect(log).toContain('"url":"/recuperar-password?hash=[redacted]"')
    expect(log).toContain('"url":"/sandbox/checkout/[redacted]"')
    expect(log).toContain('"url":"/api/v1/platform/checkout/verify/[redacted]"')
    expect(log).toContain('sid=[redacted]')
    expect(log).toContain(`"url":"/api/v1/users/by-email?email=${maskEmail(email)}"`)

    for (const [name, value] of secrets) {
      if (name === 'one-time code') expect(log, name).not.toMatch(new RegExp(`(?<![0-9.])${value}(?![0-9])`))
      else expect(log, name).not.toContain(value)
    }
    expect(log).not.toContain(email)
    expect(log).not.toContain(encodeURIComponent(email))
    expect(log.toLowerCase()).not.toContain('bearer ')
  }, 120_000)
})
