import { PASSWORD_RESET_TTL_MINUTES, type AdminResendMail, type AdminResendMailResult } from '@app/contracts'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { randomBytes } from 'node:crypto'
import { brand } from '../../brand.ts'
import { passwordResets, users } from '../../db/schema.ts'
import { conflict, notFound, tooManyRequests } from '../../errors.ts'
import { mailText } from '../../mail/texts.ts'
import { recordAudit } from '../audit/service.ts'
import { digestToken } from '../password-reset/service.ts'
import type { Operator } from './actor.ts'

/** Mails an operator may send to one account per hour, whoever sends them (kept small: it is someone's inbox). */
export const RESEND_MAILS_PER_ACCOUNT_PER_HOUR = 3

/**
 * Queues the welcome mail or a set-password link for a trainer through the outbox, in the
 * transaction that records it. The link is a single-use reset link (only its digest is stored,
 * older links are voided), declared as a secret of the mail so it is redacted once delivered;
 * it is never logged, never answered and never written to the audit row.
 */
export async function resendTrainerMail(
  app: FastifyInstance,
  by: Operator,
  id: string,
  input: AdminResendMail,
): Promise<AdminResendMailResult> {
  const [user] = await app.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'trainer')))
    .limit(1)
  if (!user) throw notFound('Trainer not found')
  if (!user.isActive) throw conflict('This account is deactivated: reactivate it first', { id: 'inactive' })
  const key = `${brand.slug}-rl:admin-mail-account:${id}`
  const { count, resetInMs } = await app.counters.hit(key, 60 * 60_000)
  if (count > RESEND_MAILS_PER_ACCOUNT_PER_HOUR * app.config.RATE_LIMIT_MULTIPLIER) {
    throw tooManyRequests(
      `This account already got ${RESEND_MAILS_PER_ACCOUNT_PER_HOUR} mails this hour. Try again later.`,
      resetInMs / 1000,
    )
  }
  const appUrl = app.config.APP_URL
  await app.db.transaction(async (tx) => {
    if (input.kind === 'password_set') {
      const token = randomBytes(32).toString('base64url')
      const link = `${appUrl}/recuperar-password?hash=${token}`
      await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.userId, id), isNull(passwordResets.usedAt)))
      await tx
        .insert(passwordResets)
        .values({ userId: id, tokenHash: digestToken(token), expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000) })
      await app.mailer.enqueue(tx, {
        to: user.email,
        ...mailText('passwordSet', user.language, {
          firstName: user.firstName,
          email: user.email,
          link,
          minutes: PASSWORD_RESET_TTL_MINUTES,
        }),
        secrets: [link, token],
      })
    } else {
      await app.mailer.enqueue(tx, {
        to: user.email,
        ...mailText('trainerWelcome', user.language, { firstName: user.firstName, email: user.email, appUrl }),
        // No password and no link that signs in: nothing to redact.
        secrets: [],
      })
    }
    await recordAudit(tx, {
      action: 'user.mail_resend',
      actor: by.actor,
      ip: by.ip,
      subjectType: 'user',
      subjectId: id,
      after: { kind: input.kind, to: user.email },
    })
  })
  return { ok: true, kind: input.kind, to: user.email }
}
