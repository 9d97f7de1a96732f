import type { EmailChangeConfirmed } from '@app/contracts'
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { createHash, randomBytes } from 'node:crypto'
import type { Tx } from '../../db/client.ts'
import { emailChanges, trainers, users } from '../../db/schema.ts'
import { unprocessable } from '../../errors.ts'
import { mailText, type MailLanguage } from '../../mail/texts.ts'
import { findUserByEmail, normalizeEmail } from '../users/service.ts'
import { userChanged } from '../../plugins/session-cache.ts'

/** How long the confirmation link mailed to the new address works. */
export const EMAIL_CHANGE_TTL_HOURS = 72

const digest = (token: string) => createHash('sha256').update(`email-change:${token}`).digest('hex')
const invalidToken = () => unprocessable({ token: 'invalidOrExpired' }, 'This confirmation link is invalid or has expired')
const emailTaken = () => unprocessable({ email: 'emailAlreadyExists' }, 'This e-mail is already in use')

export interface EmailChangeRequest {
  user: { id: string; email: string; firstName: string; language: MailLanguage }
  newEmail: string
  requestedBy: string
  /** Who the mails are held for while their own address is unverified (modules/email-verification). */
  heldForUserId: string | null
  /** The gym that asked, as both mails tell ("Your gym X asked…"). */
  gymName: string
}

/** Pending new address of each of these users (a live, unconfirmed change). */
export async function pendingEmails(db: Tx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({ userId: emailChanges.userId, newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        inArray(emailChanges.userId, userIds),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.voidedAt),
        gt(emailChanges.expiresAt, new Date()),
      ),
    )
  return new Map(rows.map((r) => [r.userId, r.newEmail]))
}

/** Voids the user's unconfirmed changes (a newer request, or the owner went back to the old address). */
export async function voidPendingChanges(tx: Tx, userId: string) {
  await tx
    .update(emailChanges)
    .set({ voidedAt: new Date() })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), isNull(emailChanges.voidedAt)))
}

/**
 * A login e-mail changes only once the new address confirms: this writes the pending change,
 * mails the new address a single-use link and tells the old address, in the caller's transaction.
 */
export async function requestEmailChange(app: FastifyInstance, tx: Tx, req: EmailChangeRequest): Promise<void> {
  const newEmail = normalizeEmail(req.newEmail)
  await voidPendingChanges(tx, req.user.id)
  const token = randomBytes(32).toString('base64url')
  await tx.insert(emailChanges).values({
    userId: req.user.id,
    newEmail,
    tokenHash: digest(token),
    requestedBy: req.requestedBy,
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * 3600_000),
  })
  const link = `${app.config.APP_URL}/confirmar-correo?token=${token}`
  await app.mailer.enqueue(tx, {
    to: newEmail,
    ...mailText('emailChangeConfirm', req.user.language, {
      firstName: req.user.firstName,
      gymName: req.gymName,
      link,
      hours: EMAIL_CHANGE_TTL_HOURS,
    }),
    heldForUserId: req.heldForUserId,
    secrets: [link, token],
  })
  await app.mailer.enqueue(tx, {
    to: req.user.email,
    ...mailText('emailChangeNotice', req.user.language, {
      firstName: req.user.firstName,
      gymName: req.gymName,
      newEmail,
      appUrl: app.config.APP_URL,
    }),
    heldForUserId: req.heldForUserId,
    secrets: [],
  })
}

/**
 * The link's token: the user's login e-mail (and their trainer record) becomes the new address,
 * which counts as verified. Single use; refused if someone else took the address meanwhile.
 */
export async function confirmEmailChange(app: FastifyInstance, token: string): Promise<EmailChangeConfirmed> {
  return app.db
    .transaction(async (tx) => {
      const [change] = await tx
        .update(emailChanges)
        .set({ confirmedAt: new Date() })
        .where(
          and(
            eq(emailChanges.tokenHash, digest(token)),
            isNull(emailChanges.confirmedAt),
            isNull(emailChanges.voidedAt),
            gt(emailChanges.expiresAt, new Date()),
          ),
        )
        .returning()
      if (!change) throw invalidToken()
      const other = await findUserByEmail(tx, change.newEmail)
      if (other && other.id !== change.userId) throw emailTaken()
      const [user] = await tx
        .update(users)
        .set({ email: change.newEmail, emailVerifiedAt: new Date() })
        .where(and(eq(users.id, change.userId), eq(users.isActive, true)))
        .returning({ id: users.id })
      if (!user) throw invalidToken()
      await tx.update(trainers).set({ email: change.newEmail }).where(eq(trainers.userId, user.id))
      await userChanged(tx, user.id)
      return { ok: true as const, email: change.newEmail }
    })
    .catch((err) => {
      // Someone registered the address between the check and the update (unique lower(email)).
      const e = err as { code?: string; cause?: { code?: string } }
      if (e?.code === '23505' || e?.cause?.code === '23505') throw emailTaken()
      throw err
    })
}
