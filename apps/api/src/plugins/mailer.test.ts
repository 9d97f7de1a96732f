import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../db/schema.ts'
import { useTestApp } from '../testing/app.ts'
import { mailboxTransport, smtpTransport } from './mailer.ts'

const ctx = useTestApp()

describe('mail outbox', () => {
  it('mail written in a transaction that rolls back is never sent', async () => {
    const to = `rollback-${Date.now()}@example.com`
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await ctx.app.mailer.enqueue(tx, { to, subject: 'Hola', text: 'x', secrets: [] })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    await ctx.app.mailer.flush()
    expect(ctx.mail.sent.filter((m) => m.to === to)).toEqual([])
    expect(await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).toEqual([])
  })

  it('an SMTP outage loses nothing: the mail is retried and delivered once SMTP is back', async () => {
    const to = `outage-${Date.now()}@example.com`
    ctx.mail.failing = true
    await ctx.app.db.transaction((tx) => ctx.app.mailer.enqueue(tx, { to, subject: 'Tu código', text: '123456', secrets: ['123456'] }))
    await ctx.app.mailer.flush()
    const [queued] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))
    expect(queued).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP down' })
    expect(queued.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())

    ctx.mail.failing = false
    // Make the retry due now instead of waiting for the back-off.
    await ctx.app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, queued.id))
    await ctx.app.mailer.flush()
    expect(ctx.mail.sent.filter((m) => m.to === to)).toHaveLength(1)
    const [sent] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id))
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 })
    // Sent mail is not sent again.
    await ctx.app.mailer.flush()
    expect(ctx.mail.sent.filter((m) => m.to === to)).toHaveLength(1)
  })

  it('the built-in mailbox lists mail, newest first, filtered by recipient', async () => {
    const to = `box-${Date.now()}@example.com`
    const mailbox = mailboxTransport(ctx.app.db)
    await mailbox.deliver({ id: 'a', from: 'x', to, subject: 'Primero', text: 'uno' })
    await new Promise((r) => setTimeout(r, 5))
    await mailbox.deliver({ id: 'b', from: 'x', to, subject: 'Segundo', text: 'dos <b>' })
    const json = await ctx.app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(to)}` })
    expect(json.json().data.map((m: { subject: string }) => m.subject)).toEqual(['Segundo', 'Primero'])
    const html = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' })
    expect(html.headers['content-type']).toContain('text/html')
    expect(html.body).toContain('dos &lt;b&gt;')
  })
})

describe('SMTP transport', () => {
  const received: string[] = []
  let server: SMTPServer
  let port = 0
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = ''
        stream.on('data', (c: Buffer) => (data += c.toString()))
        stream.on('end', () => {
          received.push(data)
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.server.address() as { port: number }).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('delivers through nodemailer to a real SMTP server', async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`)
    await transport.deliver({
      id: 'm1',
      from: 'Entrenapp <no-reply@entrenapp.cl>',
      to: 'ana@example.com',
      subject: 'Tu código de verificación',
      text: 'Código: 123456',
    })
    transport.close?.()
    expect(received).toHaveLength(1)
    expect(received[0]).toContain('To: ana@example.com')
    expect(received[0]).toContain('123456')
  })
})

describe('mailbox in production', () => {
  it('is not served', async () => {
    const { buildApp } = await import('../app.ts')
    const { testConfig } = await import('../config.ts')
    const app = await buildApp({ config: testConfig({ NODE_ENV: 'production' }), database: ctx.database, serveWeb: false })
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })
})
