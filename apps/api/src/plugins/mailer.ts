import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'
import type { Db, Tx } from '../db/client.ts'
import { devMailbox, mailOutbox, type StoredAttachment } from '../db/schema.ts'
import { databaseFault } from '../db/faults.ts'
import { outsideRequest } from '../db/transaction-hooks.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  /** Files sent with it (a tax document's PDF, decision 223); base64 content. */
  attachments?: MailAttachment[]
  /** A mail to a third party caused by this user: held until they verify their own e-mail. */
  heldForUserId?: string | null
}

export type MailAttachment = StoredAttachment

/**
 * A mail to queue. `secrets` lists every one-time code, link and token it carries (`[]` when it
 * carries none): once the mail is delivered they are replaced by a placeholder in the stored copy.
 */
export interface QueuedMail extends Mail {
  secrets: string[]
}

/** What a transport receives: the outbox row's id (for logs) and the sender. */
export interface OutgoingMail extends Mail {
  id: string
  from: string
}

export type MailTransportName = 'smtp' | 'mailbox' | 'log'

/** Where mail finally goes: SMTP, the built-in mailbox (table dev_mailbox) or the log. */
export interface MailTransport {
  name: MailTransportName
  deliver(mail: OutgoingMail): Promise<void>
  close?(): void
}

export interface Mailer {
  /** Writes the mail in the caller's transaction: it is sent only if that change commits. */
  enqueue(tx: Tx, mail: QueuedMail): Promise<void>
  /** Delivers what is due now (the worker also runs on a timer). */
  flush(): Promise<number>
  /** Deletes delivered and failed mail, and built-in mailbox mail, older than MAIL_RETENTION_DAYS. */
  purge(now?: Date): Promise<{ outbox: number; mailbox: number }>
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

export const REDACTED = '[redactado]'
const MAX_ATTEMPTS = 10
const LEASE_MS = 60_000
const PURGE_EVERY_MS = 60 * 60_000
const DAY_MS = 24 * 60 * 60_000
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 5_000 * 2 ** (attempts - 1))

/** Replaces every secret in `text` by the placeholder (longest first: a link contains its token). */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of [...secrets].filter((s) => s.length > 0).sort((a, b) => b.length - a.length)) out = out.split(secret).join(REDACTED)
  return out
}

/** `ana@example.com` → `a***@example.com`: enough to tell mails apart in a log, not to read them. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 0) return '***'
  return `${address.slice(0, Math.min(1, at))}***${address.slice(at)}`
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url)
  return {
    name: 'smtp',
    deliver: async ({ from, to, subject, text, html, attachments }) =>
      void (await transporter.sendMail({
        from,
        to,
        subject,
        text,
        html,
        attachments: attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
        })),
      })),
    close: () => transporter.close(),
  }
}

/** The built-in mailbox: mail lands in dev_mailbox, which /dev/mailbox shows (development only). */
export function mailboxTransport(db: Db): MailTransport {
  return {
    name: 'mailbox',
    deliver: async ({ to, subject, text, attachments }) =>
      void (await db.insert(devMailbox).values({ to, subject, text, attachments: attachments?.length ? attachments : null })),
  }
}

/** Only says that a mail went out: subject and body carry codes and links, so they never reach the log. */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    name: 'log',
    deliver: async (mail) =>
      log.info(
        { mailId: mail.id, to: maskEmail(mail.to) },
        'mail delivered to the log (MAIL_TRANSPORT=log: subject and body are not logged)',
      ),
  }
}

/** config.ts derives it: MAIL_TRANSPORT when set, else SMTP when SMTP_URL is set, else the built-in mailbox. */
export const mailTransportName = (config: Config): MailTransportName => config.MAIL_TRANSPORT

export function transportFor(app: FastifyInstance): MailTransport {
  const name = mailTransportName(app.config)
  if (name === 'log') return logTransport(app.log)
  if (name === 'mailbox') return mailboxTransport(app.db)
  if (!app.config.SMTP_URL) throw new Error('MAIL_TRANSPORT=smtp needs SMTP_URL')
  return smtpTransport(app.config.SMTP_URL)
}

/**
 * Writes a mail into the outbox in the caller's transaction (`app.mailer.enqueue` does this and
 * wakes the worker; code without `app`, such as the ledger's receipts, relies on the worker's poll).
 */
export async function queueMail(tx: Tx, mail: QueuedMail) {
  const secrets = mail.secrets.filter((s) => s.length > 0)
  const held = Boolean(mail.heldForUserId)
  await tx.insert(mailOutbox).values({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    secrets: secrets.length ? secrets : null,
    attachments: mail.attachments?.length ? mail.attachments : null,
    status: held ? 'held' : 'pending',
    heldForUserId: mail.heldForUserId ?? null,
  })
}

type OutboxRow = typeof mailOutbox.$inferSelect

/** The stored copy once its secrets are no longer needed: placeholders instead of codes and links. */
function redacted(row: OutboxRow, now: Date) {
  const secrets = row.secrets ?? []
  return {
    subject: redact(row.subject, secrets),
    text: redact(row.text, secrets),
    html: row.html === null ? null : redact(row.html, secrets),
    secrets: null,
    redactedAt: now,
  }
}

export default fp(
  async function mailer(app: FastifyInstance, opts: { transport?: MailTransport; pollMs?: number; autoDeliver?: boolean }) {
    // Tests turn this off and call flush(), so that what was delivered when is deterministic.
    const autoDeliver = opts.autoDeliver ?? true
    const from = app.config.MAIL_FROM
    const retentionDays = app.config.MAIL_RETENTION_DAYS
    const transport: MailTransport = opts.transport ?? transportFor(app)

    let running: Promise<number> | null = null
    let closed = false
    let lastPurgeAt = 0
    let purging: Promise<unknown> | null = null

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
            .where(
              inArray(
                mailOutbox.id,
                rows.map((r) => r.id),
              ),
            )
        }
        return rows
      })
      for (const row of batch) {
        const attempts = row.attempts + 1
        try {
          await transport.deliver({
            id: row.id,
            from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html ?? undefined,
            attachments: row.attachments ?? undefined,
          })
          // Delivered: the stored copy loses its codes and links in the same update.
          const now = new Date()
          await app.db
            .update(mailOutbox)
            // The attached files are kept where they belong (a tax document's row), not twice.
            .set({ status: 'sent', sentAt: now, lastError: null, attachments: null, ...redacted(row, now) })
            .where(eq(mailOutbox.id, row.id))
        } catch (err) {
          const failed = attempts >= MAX_ATTEMPTS
          app.log.warn({ err, mailId: row.id, attempts }, failed ? 'mail failed for good' : 'mail delivery failed; will retry')
          await app.db
            .update(mailOutbox)
            .set({
              status: failed ? 'failed' : 'pending',
              lastError: String((err as Error).message ?? err).slice(0, 500),
              nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
              // A code that never arrived is of no use to anyone: no reason to keep it readable.
              ...(failed ? redacted(row, new Date()) : {}),
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

    const purge = async (now = new Date()) => {
      const cutoff = new Date(now.getTime() - retentionDays * DAY_MS)
      const outbox = await app.db
        .delete(mailOutbox)
        .where(
          or(
            and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, cutoff)),
            and(eq(mailOutbox.status, 'failed'), lt(mailOutbox.createdAt, cutoff)),
          ),
        )
        .returning({ id: mailOutbox.id })
      const mailbox = await app.db.delete(devMailbox).where(lt(devMailbox.createdAt, cutoff)).returning({ id: devMailbox.id })
      return { outbox: outbox.length, mailbox: mailbox.length }
    }

    const kick = () => {
      if (!autoDeliver) return
      // Not part of the request that enqueued the mail (its Idempotency-Key hooks, db/transaction-hooks.ts).
      setImmediate(() => outsideRequest(() => kickNow()))
    }
    // A database outage is told once by the database monitor, not every 2 s here.
    const logFailure = (what: string) => (err: unknown) => {
      if (databaseFault(err)) app.log.debug({ fault: databaseFault(err) }, `${what}: database unavailable`)
      else app.log.error({ err }, what)
    }
    const kickNow = () => {
      flush().catch(logFailure('mail worker failed'))
      if (Date.now() - lastPurgeAt < PURGE_EVERY_MS || closed) return
      lastPurgeAt = Date.now()
      purging = purge()
        .catch(logFailure('mail purge failed'))
        .finally(() => (purging = null))
    }

    app.decorate('mailer', {
      enqueue: async (tx: Tx, mail: QueuedMail) => {
        await queueMail(tx, mail)
        // After the caller's transaction commits, this run will see the row.
        if (!mail.heldForUserId) kick()
      },
      flush,
      purge,
    } satisfies Mailer)

    const timer = setInterval(kick, opts.pollMs ?? 2_000)
    timer.unref()
    app.addHook('onClose', async () => {
      clearInterval(timer)
      closed = true
      while (running) await running.catch(() => 0)
      await purging
      transport.close?.()
    })
  },
  { name: 'mailer', dependencies: ['db'] },
)
