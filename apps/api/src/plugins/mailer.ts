import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import type { Tx } from '../db/client.ts'
import { mailOutbox } from '../db/schema.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  /** A mail to a third party caused by this user: held until they verify their own e-mail. */
  heldForUserId?: string | null
}

/** Where mail finally goes: SMTP, or the log (the built-in mailbox lists the outbox). */
export interface MailTransport {
  name: 'smtp' | 'log'
  deliver(mail: Mail & { from: string }): Promise<void>
  close?(): void
}

export interface Mailer {
  /** Writes the mail in the caller's transaction: it is sent only if that change commits. */
  enqueue(tx: Tx, mail: Mail): Promise<void>
  /** Delivers what is due now (the worker also runs on a timer). */
  flush(): Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

const MAX_ATTEMPTS = 10
const LEASE_MS = 60_000
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 5_000 * 2 ** (attempts - 1))

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url)
  return {
    name: 'smtp',
    deliver: async (mail) => void (await transporter.sendMail(mail)),
    close: () => transporter.close(),
  }
}

export default fp(
  async function mailer(app: FastifyInstance, opts: { transport?: MailTransport; pollMs?: number; autoDeliver?: boolean }) {
    // Tests turn this off and call flush(), so that what was delivered when is deterministic.
    const autoDeliver = opts.autoDeliver ?? true
    const from = app.config.MAIL_FROM
    const transport: MailTransport =
      opts.transport ??
      (app.config.SMTP_URL
        ? smtpTransport(app.config.SMTP_URL)
        : {
            name: 'log',
            deliver: async (mail) => app.log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail (built-in mailbox: /dev/mailbox)'),
          })

    let running: Promise<number> | null = null
    let closed = false

    async function deliverDue(): Promise<number> {
      // Claim a batch with a lease so that two processes never send the same mail.
      const batch = await app.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, new Date())))
          .orderBy(asc(mailOutbox.createdAt))
          .limit(20)
          .for('update', { skipLocked: true })
        if (rows.length) {
          await tx
            .update(mailOutbox)
            .set({ nextAttemptAt: new Date(Date.now() + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
            .where(inArray(mailOutbox.id, rows.map((r) => r.id)))
        }
        return rows
      })
      for (const row of batch) {
        const attempts = row.attempts + 1
        try {
          await transport.deliver({ from, to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined })
          await app.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, row.id))
        } catch (err) {
          const failed = attempts >= MAX_ATTEMPTS
          app.log.warn({ err, mailId: row.id, attempts }, failed ? 'mail failed for good' : 'mail delivery failed; will retry')
          await app.db
            .update(mailOutbox)
            .set({
              status: failed ? 'failed' : 'pending',
              lastError: String((err as Error).message ?? err).slice(0, 500),
              nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
            })
            .where(eq(mailOutbox.id, row.id))
        }
      }
      return batch.length
    }

    const flush = async () => {
      if (closed) return 0
      // One run at a time per process; a flush during a run waits for it and runs again.
      while (running) await running.catch(() => 0)
      running = deliverDue().finally(() => (running = null))
      return running
    }

    const kick = () => {
      if (!autoDeliver) return
      setImmediate(() => flush().catch((err) => app.log.error({ err }, 'mail worker failed')))
    }

    app.decorate('mailer', {
      enqueue: async (tx: Tx, mail: Mail) => {
        const held = Boolean(mail.heldForUserId)
        await tx.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, status: held ? 'held' : 'pending', heldForUserId: mail.heldForUserId ?? null })
        // After the caller's transaction commits, this run will see the row.
        if (!held) kick()
      },
      flush,
    } satisfies Mailer)

    const timer = setInterval(kick, opts.pollMs ?? 2_000)
    timer.unref()
    app.addHook('onClose', async () => {
      clearInterval(timer)
      while (running) await running.catch(() => 0)
      closed = true
      transport.close?.()
    })
  },
  { name: 'mailer', dependencies: ['db'] },
)
