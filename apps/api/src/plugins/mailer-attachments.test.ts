import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../db/schema.ts'
import { useTestApp } from '../testing/app.ts'
import { mailboxTransport, smtpTransport } from './mailer.ts'

// Decision 223: a tax document's PDF travels with its mail: through the outbox, over SMTP, and
// into the built-in mailbox, which shows it and lets it be downloaded.

const ctx = useTestApp()
const pdf = Buffer.from('%PDF-1.3\n% a tiny file\n')
const attachment = { filename: 'boleta_electronica_7.pdf', contentType: 'application/pdf', content: pdf.toString('base64') }

describe('mail attachments', () => {
  it('the outbox hands the attachment to the transport once, then keeps no copy', async () => {
    const to = `attach-${Date.now()}@example.com`
    await ctx.app.db.transaction((tx) =>
      ctx.app.mailer.enqueue(tx, { to, subject: 'Boleta', text: 'adjunta', secrets: [], attachments: [attachment] }),
    )
    await ctx.app.mailer.flush()
    expect(ctx.mail.sent.find((m) => m.to === to)?.attachments).toEqual([attachment])
    const [row] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))
    expect(row).toMatchObject({ status: 'sent', attachments: null })
  })

  it('the built-in mailbox lists the attachment and serves it', async () => {
    const to = `box-attach-${Date.now()}@example.com`
    await mailboxTransport(ctx.app.db).deliver({ id: 'x', from: 'x', to, subject: 'Boleta', text: 'adjunta', attachments: [attachment] })
    const json = await ctx.app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(to)}` })
    const [mail] = json.json().data
    expect(mail.attachments).toEqual([
      { filename: attachment.filename, contentType: 'application/pdf', bytes: pdf.length, url: `/dev/mailbox/${mail.id}/attachments/0` },
    ])
    const file = await ctx.app.inject({ method: 'GET', url: mail.attachments[0].url })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.rawPayload.equals(pdf)).toBe(true)
    expect((await ctx.app.inject({ method: 'GET', url: `/dev/mailbox/${mail.id}/attachments/1` })).statusCode).toBe(404)
    const html = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' })
    expect(html.body).toContain(`href="${mail.attachments[0].url}"`)
    expect(html.body).toContain(attachment.filename)
  })
})

describe('SMTP with an attachment', () => {
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

  it('sends the PDF as a MIME part', async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`)
    await transport.deliver({
      id: 'm',
      from: 'no-reply@example.com',
      to: 'ana@example.com',
      subject: 'Boleta',
      text: 'adjunta',
      attachments: [attachment],
    })
    transport.close?.()
    expect(received[0]).toContain('Content-Type: application/pdf; name=boleta_electronica_7.pdf')
    expect(received[0]).toContain(pdf.toString('base64').slice(0, 20))
  })
})
