import { desc, eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../app.ts'
import type { Config } from '../config.ts'
import { devMailbox, mailOutbox } from '../db/schema.ts'
import { logTransport, mailTransportName, maskEmail, REDACTED } from '../plugins/mailer.ts'
import { call, createUserAndLogin, uniqueEmail, useTestApp } from '../testing/app.ts'

const ctx = useTestApp()
const DAY = 24 * 3600_000

afterEach(() => {
  ctx.mail.failing = false
  vi.restoreAllMocks()
})

const outboxFor = async (to: string) =>
  ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt))
const storedText = (row: typeof mailOutbox.$inferSelect) => `${row.subject}\n${row.text}\n${row.html ?? ''}\n${JSON.stringify(row.secrets)}`
const sentTo = (to: string) => ctx.mail.sent.filter((m) => m.to === to).at(-1)!

async function mailCode(email: string) {
  expect((await call(ctx.app, 'POST', '/api/v1/auth/email/otp/generate', { body: { email } })).statusCode).toBe(200)
  await ctx.app.mailer.flush()
  return sentTo(email).text.match(/\b(\d{6})\b/)![1]!
}

describe('delivered mail keeps no code or link (issue 9, item 4a)', () => {
  it('a sign-up code reaches the recipient but not the stored copy of the mail', async () => {
    const email = uniqueEmail('otp')
    const code = await mailCode(email)
    expect(sentTo(email).subject).toContain(code)
    const [row] = await outboxFor(email)
    expect(row).toMatchObject({ status: 'sent', secrets: null })
    expect(row!.redactedAt).toBeInstanceOf(Date)
    expect(storedText(row!)).not.toContain(code)
    expect(row!.subject).toContain(REDACTED)
    expect(row!.text).toContain(`Tu código de verificación es: ${REDACTED}`)
  })

  it('until it is delivered, the code is listed in the row so that it can be redacted', async () => {
    const email = uniqueEmail('otp')
    ctx.mail.failing = true
    expect((await call(ctx.app, 'POST', '/api/v1/auth/email/otp/generate', { body: { email } })).statusCode).toBe(200)
    await ctx.app.mailer.flush()
    const [row] = await outboxFor(email)
    expect(row!.status).toBe('pending')
    const code = row!.text.match(/\b(\d{6})\b/)![1]
    expect(row!.secrets).toEqual([code])
  })

  it('a password reset link and its token are redacted once delivered', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    expect((await call(ctx.app, 'POST', '/api/v1/auth/forgot/password', { body: { email: owner.user.email } })).statusCode).toBe(200)
    await ctx.app.mailer.flush()
    const delivered = sentTo(owner.user.email).text
    const token = delivered.match(/recuperar-password\?hash=([A-Za-z0-9_-]+)/)![1]!
    const [row] = await outboxFor(owner.user.email)
    expect(row!.status).toBe('sent')
    expect(storedText(row!)).not.toContain(token)
    expect(storedText(row!)).not.toContain('hash=')
    expect(row!.text).toContain(REDACTED)
    // The link still works: only the stored copy lost it.
    expect((await call(ctx.app, 'POST', '/api/v1/auth/reset/password', { body: { hash: token, password: 'Nueva123!' } })).statusCode).toBe(
      200,
    )
  })

  it('the welcome mail of an owner-created trainer carries no password', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const gym = {
      name: 'Gym Norte',
      email: uniqueEmail('gym'),
      address: 'Calle 1',
      city: 'Santiago',
      state: 'RM',
      zipCode: '8320000',
      phone: '+56 2 1234 5678',
    }
    expect((await call(ctx.app, 'POST', '/api/v1/gyms', { token: owner.token, body: gym })).statusCode).toBe(201)
    const email = uniqueEmail('trainer')
    const res = await call(ctx.app, 'POST', '/api/v1/trainers/with-user', {
      token: owner.token,
      body: { firstName: 'Tomás', lastName: 'Soto', email, phone: '+56 9 1234 5678', specialization: 'Fuerza', experience: 3 },
    })
    expect(res.statusCode).toBe(201)
    const password = res.json().generatedPassword as string
    await ctx.app.mailer.flush()
    const rows = await outboxFor(email)
    // Held until the owner verifies their e-mail, or delivered: either way no password in it.
    for (const row of rows) expect(storedText(row)).not.toContain(password)
    for (const mail of ctx.mail.sent.filter((m) => m.to === email)) expect(mail.text).not.toContain(password)
  })

  it('html bodies are redacted too, longest secret first', async () => {
    const to = uniqueEmail('html')
    const token = 'tok_' + 'a'.repeat(40)
    const link = `http://localhost:3000/x?hash=${token}`
    await ctx.app.db.transaction((tx) =>
      ctx.app.mailer.enqueue(tx, {
        to,
        subject: 'Enlace',
        text: `Abre ${link}`,
        html: `<a href="${link}">${link}</a> ${token}`,
        secrets: [token, link],
      }),
    )
    await ctx.app.mailer.flush()
    const [row] = await outboxFor(to)
    expect(row!.text).toBe(`Abre ${REDACTED}`)
    expect(row!.html).toBe(`<a href="${REDACTED}">${REDACTED}</a> ${REDACTED}`)
  })

  it('a mail that fails for good is redacted as well', async () => {
    const email = uniqueEmail('fail')
    ctx.mail.failing = true
    expect((await call(ctx.app, 'POST', '/api/v1/auth/email/otp/generate', { body: { email } })).statusCode).toBe(200)
    const [queued] = await outboxFor(email)
    const code = queued!.text.match(/\b(\d{6})\b/)![1]!
    await ctx.app.db.update(mailOutbox).set({ attempts: 9 }).where(eq(mailOutbox.id, queued!.id))
    await ctx.app.mailer.flush()
    const [row] = await outboxFor(email)
    expect(row!.status).toBe('failed')
    expect(storedText(row!)).not.toContain(code)
  })
})

describe('mail is purged after MAIL_RETENTION_DAYS (issue 9, item 4a)', () => {
  async function insertAged(status: 'sent' | 'failed' | 'pending' | 'held', ageDays: number) {
    const at = new Date(Date.now() - ageDays * DAY)
    const to = uniqueEmail(`${status}-${ageDays}d`)
    await ctx.app.db
      .insert(mailOutbox)
      .values({ to, subject: 's', text: 't', status, createdAt: at, sentAt: status === 'sent' ? at : null })
    return to
  }

  it('removes delivered and failed mail older than the retention period, and nothing else', async () => {
    expect(ctx.config.MAIL_RETENTION_DAYS).toBe(7)
    const oldSent = await insertAged('sent', 8)
    const oldFailed = await insertAged('failed', 8)
    const recentSent = await insertAged('sent', 6)
    const oldPending = await insertAged('pending', 30)
    const oldHeld = await insertAged('held', 30)
    const oldBox = uniqueEmail('box-old')
    const newBox = uniqueEmail('box-new')
    await ctx.app.db.insert(devMailbox).values([
      { to: oldBox, subject: 's', text: 't', createdAt: new Date(Date.now() - 8 * DAY) },
      { to: newBox, subject: 's', text: 't' },
    ])

    const purged = await ctx.app.mailer.purge()
    expect(purged.outbox).toBeGreaterThanOrEqual(2)
    expect(purged.mailbox).toBeGreaterThanOrEqual(1)
    for (const gone of [oldSent, oldFailed]) expect(await outboxFor(gone), gone).toEqual([])
    for (const kept of [recentSent, oldPending, oldHeld]) expect(await outboxFor(kept), kept).toHaveLength(1)
    expect(await ctx.app.db.select().from(devMailbox).where(eq(devMailbox.to, oldBox))).toEqual([])
    expect(await ctx.app.db.select().from(devMailbox).where(eq(devMailbox.to, newBox))).toHaveLength(1)

    // Two days later the six-day-old mail is past the period too.
    await ctx.app.mailer.purge(new Date(Date.now() + 2 * DAY))
    expect(await outboxFor(recentSent)).toEqual([])
  })

  it('the mail worker purges on its own, with the configured period', async () => {
    const app = await buildApp({
      config: { ...ctx.config, MAIL_RETENTION_DAYS: 2 },
      database: ctx.database,
      mailTransport: ctx.mail,
      serveWeb: false,
    })
    try {
      await app.ready()
      const threeDaysOld = await insertAged('sent', 3)
      // Any mail wakes the worker; its first run also purges.
      await app.db.transaction((tx) => app.mailer.enqueue(tx, { to: uniqueEmail('wake'), subject: 'x', text: 'y', secrets: [] }))
      await vi.waitFor(async () => expect(await outboxFor(threeDaysOld)).toEqual([]), { timeout: 5_000, interval: 50 })
    } finally {
      await app.close()
    }
  })
})

describe('the built-in mailbox and the log (issue 9, item 4b)', () => {
  it('without SMTP the mail goes to the built-in mailbox, the only place that keeps the code', async () => {
    // No transport given: chosen from the config, like a plain `npm start`.
    const app = await buildApp({ config: ctx.config, database: ctx.database, mailAutoDeliver: false, serveWeb: false })
    try {
      const email = uniqueEmail('box')
      expect(
        (await app.inject({ method: 'POST', url: '/api/v1/auth/email/otp/generate', payload: { email }, remoteAddress: '10.99.0.1' }))
          .statusCode,
      ).toBe(200)
      await app.mailer.flush()
      const [row] = await outboxFor(email)
      expect(row!.status).toBe('sent')
      const [inbox] = await app.db.select().from(devMailbox).where(eq(devMailbox.to, email))
      const code = inbox!.text.match(/\b(\d{6})\b/)![1]!
      expect(storedText(row!)).not.toContain(code)
      // The JSON the E2E helpers read: same shape as before, plus the attachments' names (none here).
      const res = await app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(email)}`, remoteAddress: '127.0.0.1' })
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toEqual([
        {
          id: inbox!.id,
          to: email,
          subject: expect.stringContaining(code),
          text: expect.stringContaining(code),
          status: 'sent',
          createdAt: inbox!.createdAt.toISOString(),
          attachments: [],
        },
      ])
    } finally {
      await app.close()
    }
  })

  it('the log transport writes a masked recipient and the mail id, never the subject or body', async () => {
    const lines: string[] = []
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) })
    const logger = Fastify({ logger: { level: 'trace', stream } })
    await logTransport(logger.log).deliver({
      id: 'mail-1',
      from: 'x@entrenapp.cl',
      to: 'camila.rojas@example.com',
      subject: 'Tu código: 482913',
      text: 'Tu código es 482913',
      html: '<b>482913</b>',
    })
    await logger.close()
    const output = lines.join('')
    expect(output).toContain('"mailId":"mail-1"')
    expect(output).toContain('"to":"c***@example.com"')
    expect(output).not.toContain('482913')
    expect(output).not.toContain('camila')
    expect(output).not.toMatch(/código/)
  })

  it('MAIL_TRANSPORT=log: nothing the app logs while sending a code contains it', async () => {
    const config = { ...ctx.config, LOG_LEVEL: 'trace', MAIL_TRANSPORT: 'log' } as Config
    expect(mailTransportName(config)).toBe('log')
    const app = await buildApp({ config, database: ctx.database, mailAutoDeliver: false, serveWeb: false })
    try {
      const logged: unknown[] = []
      for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
        vi.spyOn(app.log, level).mockImplementation((...args: unknown[]) => void logged.push(args))
      }
      const email = uniqueEmail('log')
      expect(
        (await app.inject({ method: 'POST', url: '/api/v1/auth/email/otp/generate', payload: { email }, remoteAddress: '10.99.0.2' }))
          .statusCode,
      ).toBe(200)
      const [queued] = await outboxFor(email)
      const code = queued!.secrets![0]!
      await app.mailer.flush()
      const [row] = await outboxFor(email)
      expect(row!.status).toBe('sent')
      // As pino's serializers write them: a request as its method and URL, a reply as its status.
      const output = JSON.stringify(logged, (key, value) =>
        key === 'req' ? { method: value.method, url: value.url } : key === 'res' ? { statusCode: value.statusCode } : value,
      )
      expect(output).toContain(row!.id)
      expect(output).not.toContain(code)
      expect(output).toContain(maskEmail(email))
      expect(output).not.toContain(email)
      expect(output).not.toMatch(/código/)
    } finally {
      await app.close()
    }
  })

  it('masks addresses', () => {
    expect(maskEmail('ana@example.com')).toBe('a***@example.com')
    expect(maskEmail('@example.com')).toBe('***@example.com')
    expect(maskEmail('nobody')).toBe('***')
  })
})
