import { FORM_LIMITS } from '@app/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accessRequests, mailOutbox } from '../../db/schema.ts'
import { call, freshIp, uniqueEmail, useTestApp } from '../../testing/app.ts'

const ctx = useTestApp()

const validForm = (email = uniqueEmail('lead')) => ({
  title: 'Solicitud de acceso gratuito',
  subject: 'Acceso gratuito: Ana Pérez',
  email,
  content: `Nombre: Ana Pérez\nEmail: ${email}\nWhatsApp: +56 9 1234 5678\nCiudad: Santiago`,
})

describe('POST /forms', () => {
  it('stores the request, answers 201 {id} and mails the sales inbox', async () => {
    const form = validForm()
    const res = await call(ctx.app, 'POST', '/api/v1/forms', { body: form })
    expect(res.statusCode).toBe(201)
    const { id } = res.json()
    expect(id).toEqual(expect.any(String))

    const [row] = await ctx.app.db.select().from(accessRequests).where(eq(accessRequests.id, id))
    expect(row).toMatchObject({ title: form.title, subject: form.subject, email: form.email, content: form.content })

    await ctx.app.mailer.flush()
    const mail = ctx.mail.sent.find((m) => m.text.includes(form.email))
    expect(mail?.to).toBe(ctx.config.SALES_EMAIL)
    expect(mail?.subject).toContain(form.subject)
    expect(mail?.text).toContain('WhatsApp: +56 9 1234 5678')
  })

  it('trims the fields and lower-cases the e-mail', async () => {
    const form = validForm()
    const res = await call(ctx.app, 'POST', '/api/v1/forms', {
      body: { ...form, title: `  ${form.title} `, email: ` ${form.email.toUpperCase()} ` },
    })
    expect(res.statusCode).toBe(201)
    const [row] = await ctx.app.db.select().from(accessRequests).where(eq(accessRequests.id, res.json().id))
    expect(row).toMatchObject({ title: form.title, email: form.email })
  })

  for (const field of ['title', 'content', 'email', 'subject'] as const) {
    it(`missing ${field} → 422 errors.${field} = required, nothing stored`, async () => {
      const form = validForm()
      const before = await ctx.app.db.$count(accessRequests)
      const { [field]: _omitted, ...rest } = form
      const res = await call(ctx.app, 'POST', '/api/v1/forms', { body: rest })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({ status: 422, message: expect.any(String), errors: { [field]: 'required' } })

      const blank = await call(ctx.app, 'POST', '/api/v1/forms', { body: { ...form, [field]: '   ' } })
      expect(blank.statusCode).toBe(422)
      expect(blank.json().errors[field]).toBe('required')
      expect(await ctx.app.db.$count(accessRequests)).toBe(before)
    })
  }

  for (const field of ['title', 'content', 'subject'] as const) {
    it(`oversized ${field} → 422 tooLong; the longest allowed value is accepted`, async () => {
      const max = FORM_LIMITS[field]
      const res = await call(ctx.app, 'POST', '/api/v1/forms', { body: { ...validForm(), [field]: 'x'.repeat(max + 1) } })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ [field]: 'tooLong' })
      const ok = await call(ctx.app, 'POST', '/api/v1/forms', { body: { ...validForm(), [field]: 'x'.repeat(max) } })
      expect(ok.statusCode).toBe(201)
    })
  }

  // Issue 28: an oversized body answered 400 that the document did not list; 413 (listed, error shape) is what clients expect.
  it('a body over 1 MiB → 413 in the error shape, nothing stored; a body that is not JSON → 400; another type → 415', async () => {
    const before = (await ctx.app.db.select().from(accessRequests)).length
    const huge = await call(ctx.app, 'POST', '/api/v1/forms', { body: { ...validForm(), content: 'x'.repeat(1024 * 1024) } })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toEqual({ status: 413, message: 'Request body is too large' })
    expect((await ctx.app.db.select().from(accessRequests)).length).toBe(before)
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/forms',
      payload: '{"title": ',
      headers: { 'content-type': 'application/json' },
      remoteAddress: freshIp(),
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toEqual({ status: 400, message: 'Malformed JSON in request body' })
    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/forms',
      payload: '<form/>',
      headers: { 'content-type': 'application/xml' },
      remoteAddress: freshIp(),
    })
    expect(xml.statusCode).toBe(415)
    expect(xml.json()).toMatchObject({ status: 415 })
  })

  it('rejects an invalid or oversized e-mail and unknown fields', async () => {
    const bad = await call(ctx.app, 'POST', '/api/v1/forms', { body: { ...validForm(), email: 'not-an-email' } })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ email: 'invalidEmail' })

    const long = await call(ctx.app, 'POST', '/api/v1/forms', { body: { ...validForm(), email: `${'a'.repeat(250)}@example.com` } })
    expect(long.statusCode).toBe(422)
    expect(long.json().errors.email).toBeDefined()

    const extra = await call(ctx.app, 'POST', '/api/v1/forms', { body: { ...validForm(), admin: true } })
    expect(extra.statusCode).toBe(422)
    expect(extra.json().errors).toEqual({ admin: 'unknownField' })
  })

  it('rate-limits per IP with 429 and Retry-After; other IPs are unaffected', async () => {
    const ip = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      const res = await call(ctx.app, 'POST', '/api/v1/forms', { body: validForm(), ip })
      statuses.push(res.statusCode)
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
        expect(res.json()).toMatchObject({ status: 429, message: expect.any(String) })
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429])
    const other = await call(ctx.app, 'POST', '/api/v1/forms', { body: validForm(), ip: freshIp() })
    expect(other.statusCode).toBe(201)
  })

  it('loses nothing while the mail server is down: the request is kept and the note is sent later', async () => {
    const form = validForm()
    ctx.mail.failing = true
    try {
      const res = await call(ctx.app, 'POST', '/api/v1/forms', { body: form })
      expect(res.statusCode).toBe(201)
      await ctx.app.mailer.flush()
      expect(ctx.mail.sent.some((m) => m.text.includes(form.email))).toBe(false)
      const [row] = await ctx.app.db.select().from(accessRequests).where(eq(accessRequests.id, res.json().id))
      expect(row?.email).toBe(form.email)
      const queued = (await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, ctx.config.SALES_EMAIL))).filter((m) =>
        m.text.includes(form.email),
      )
      expect(queued).toHaveLength(1)
      expect(queued[0]).toMatchObject({ status: 'pending', lastError: 'SMTP down' })

      // Once the server is back, the retried delivery goes through.
      ctx.mail.failing = false
      await ctx.app.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, queued[0]!.id))
      await ctx.app.mailer.flush()
      expect(ctx.mail.sent.filter((m) => m.text.includes(form.email))).toHaveLength(1)
    } finally {
      ctx.mail.failing = false
    }
  })
})
