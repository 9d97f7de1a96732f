import { and, eq, isNull } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/client.ts'
import { passwordResets, users } from '../../db/schema.ts'
import { CLI_ACTOR, recordAudit } from '../audit/service.ts'
import { revokeUserSessions } from '../auth/sessions.ts'
import { hashPassword } from '../users/hashing.ts'
import { digestToken } from '../password-reset/service.ts'
import { findUserByEmail, insertUser, normalizeEmail } from '../users/service.ts'

/** How long the set-password link printed by `npm run admin:create` works. */
export const ADMIN_SETUP_LINK_TTL_HOURS = 24

export interface PlatformAdminInput {
  email: string
  firstName?: string
  lastName?: string
  /** Take over an account whose owner never verified the address: its password is reset. */
  force?: boolean
}

/** The account exists but nobody proved they read its address (issue 19: anyone can register one). */
export class UnverifiedEmailError extends Error {
  constructor(readonly email: string) {
    super(
      `${email} belongs to an account whose owner has not verified that address: whoever registered it may not be you, so it was not promoted. ` +
        'Ask them to verify it first, or add --force to take the account over (its password is reset and every session ends).',
    )
  }
}

/**
 * Creates a platform admin, or promotes the account of that e-mail, and answers a one-time
 * set-password link (a password reset row: only its digest is stored). Audited as the CLI.
 * An existing account is promoted only if its address is verified (or with `force`, which also
 * resets its password); a promotion ends every session of the account, so nobody keeps a token
 * of the old role.
 */
export async function createPlatformAdmin(db: Db, appUrl: string, input: PlatformAdminInput) {
  const email = normalizeEmail(input.email)
  const token = randomBytes(32).toString('base64url')
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email)
    let user = existing
    // An unverified platform admin is one this command created earlier (a lost link): no take-over.
    const takeOver = !!existing && !existing.emailVerifiedAt && existing.role !== 'platform_admin'
    if (takeOver && !input.force) throw new UnverifiedEmailError(existing.email)
    let sessionsEnded = false
    if (existing) {
      ;[user] = await tx
        .update(users)
        .set({
          role: 'platform_admin',
          // Whatever password the registrant chose stops working: only the link's holder sets one.
          ...(takeOver ? { passwordHash: await hashPassword(randomBytes(32).toString('base64url')) } : {}),
          ...(input.firstName ? { firstName: input.firstName } : {}),
          ...(input.lastName ? { lastName: input.lastName } : {}),
        })
        .where(eq(users.id, existing.id))
        .returning()
      if (existing.role !== 'platform_admin' || takeOver) {
        await revokeUserSessions(tx, existing.id, takeOver ? 'admin-create-force' : 'admin-create-promote', { actor: CLI_ACTOR, ip: null })
        sessionsEnded = true
      }
    } else {
      // Nobody knows this password: the person sets their own through the link.
      user = await insertUser(tx, {
        email,
        password: randomBytes(32).toString('base64url'),
        firstName: input.firstName ?? 'Platform',
        lastName: input.lastName ?? 'Admin',
        role: 'platform_admin',
      })
      if (!user) throw new Error(`could not create ${email}`)
    }
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user!.id), isNull(passwordResets.usedAt)))
    await tx
      .insert(passwordResets)
      .values({ userId: user!.id, tokenHash: digestToken(token), expiresAt: new Date(Date.now() + ADMIN_SETUP_LINK_TTL_HOURS * 3600_000) })
    await recordAudit(tx, {
      action: existing ? 'admin.promote' : 'admin.create',
      actor: CLI_ACTOR,
      ip: null,
      subjectType: 'user',
      subjectId: user!.id,
      before: existing ? { role: existing.role, email: existing.email, emailVerified: !!existing.emailVerifiedAt } : null,
      after: { role: 'platform_admin', email: user!.email, passwordReset: takeOver, sessionsEnded },
      reason: takeOver ? 'forced: address not verified by its owner' : null,
    })
    return {
      userId: user!.id,
      email: user!.email,
      created: !existing,
      previousRole: existing?.role ?? null,
      passwordReset: takeOver,
      sessionsEnded,
      link: `${appUrl}/recuperar-password?hash=${token}`,
    }
  })
}
