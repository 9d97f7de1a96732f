import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { devMailbox } from '../../db/schema.ts'
import { devOnly } from '../../plugins/dev-only.ts'

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const MailboxQuerySchema = z.object({
  to: z.string().trim().toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

const MailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  createdAt: z.string(),
  /** Attached files (a tax document's PDF), each downloadable from its url. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), bytes: z.number(), url: z.string() })),
})

/**
 * The built-in mailbox: the mail the 'mailbox' transport delivered (table dev_mailbox), newest
 * first. The outbox itself keeps no codes or links once a mail is delivered.
 */
export default async function mailboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  // Loopback callers only, never in production, never while mail goes to SMTP (plugins/dev-only.ts).
  app.addHook('onRequest', devOnly(app))

  const list = (to: string | undefined, limit: number) =>
    app.db
      .select()
      .from(devMailbox)
      .where(to ? eq(devMailbox.to, to) : undefined)
      .orderBy(desc(devMailbox.createdAt))
      .limit(limit)
      .then((rows) =>
        rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          status: 'sent',
          createdAt: r.createdAt.toISOString(),
          attachments: (r.attachments ?? []).map((a, i) => ({
            filename: a.filename,
            contentType: a.contentType,
            bytes: Buffer.from(a.content, 'base64').length,
            url: `/dev/mailbox/${r.id}/attachments/${i}`,
          })),
        })),
      )

  app.get(
    '/dev/mailbox.json',
    { schema: { hide: true, querystring: MailboxQuerySchema, response: { 200: z.object({ data: z.array(MailSchema) }) } } },
    async (request) => ({ data: await list(request.query.to, request.query.limit) }),
  )

  app.get(
    '/dev/mailbox/:id/attachments/:index',
    { schema: { hide: true, params: z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(20) }) } },
    async (request, reply) => {
      const [row] = await app.db.select().from(devMailbox).where(eq(devMailbox.id, request.params.id)).limit(1)
      const file = row?.attachments?.[request.params.index]
      if (!file) return reply.code(404).send({ status: 404, message: 'Not found', errors: {} })
      return reply
        .type(file.contentType)
        .header('content-disposition', `inline; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.content, 'base64'))
    },
  )

  app.get('/dev/mailbox', { schema: { hide: true, querystring: MailboxQuerySchema } }, async (request, reply) => {
    const mails = await list(request.query.to, request.query.limit)
    const items = mails
      .map(
        (m) =>
          `<article><header><strong>${escape(m.subject)}</strong><span>to ${escape(m.to)} · ${escape(m.createdAt)} · ${escape(m.status)}</span></header><pre>${escape(m.text)}</pre>${m.attachments.map((a) => `<p>📎 <a href="${escape(a.url)}">${escape(a.filename)}</a> (${escape(a.contentType)}, ${a.bytes} bytes)</p>`).join('')}</article>`,
      )
      .join('')
    // Returned: an async handler that only calls send() lets Fastify send its undefined result too,
    // a second answer ("headers already sent" in the log on every view; issue 23 point 10).
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mailbox</title><style>body{font:14px system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#111}article{border:1px solid #ddd;border-radius:8px;margin:1rem 0;padding:1rem}header{display:flex;flex-direction:column;gap:.25rem}span{color:#555}pre{white-space:pre-wrap;font:13px ui-monospace,monospace;background:#f6f6f6;padding:.75rem;border-radius:6px}</style></head><body><h1>Built-in mailbox</h1><p>Mail the app would send, newest first. Set SMTP_URL to deliver real mail.</p>${items || '<p>No mail yet.</p>'}</body></html>`,
      )
  })
}
