import type { AdminTrainer } from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { notFound } from '../../errors.ts'
import { userChanged } from '../../plugins/session-cache.ts'
import { recordAudit } from '../audit/service.ts'
import { revokeUserSessions } from '../auth/sessions.ts'
import { revokeSignupTokens } from '../auth/signup-tokens.ts'
import type { Operator } from './actor.ts'
import { findTrainer } from './trainers.ts'

/**
 * Deactivation (isActive false) and reactivation of a trainer's account, audited with the reason.
 * Deactivating revokes every session and sign-up token in the same transaction, and the session
 * caches of every process forget the user (plugins/session-cache.ts): the next request with an
 * access token, and the next refresh, answer 401. Asking for the state the account already has
 * changes nothing and writes no row (a double click, or two operators at once: the row lock
 * makes the second see the first's result).
 */
export async function setTrainerActive(db: Db, by: Operator, id: string, active: boolean, reason: string): Promise<AdminTrainer> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ isActive: users.isActive })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'trainer')))
      .limit(1)
      .for('update')
    if (!user) throw notFound('Trainer not found')
    if (user.isActive !== active) {
      await tx.update(users).set({ isActive: active }).where(eq(users.id, id))
      await recordAudit(tx, {
        action: active ? 'user.reactivate' : 'user.deactivate',
        actor: by.actor,
        ip: by.ip,
        subjectType: 'user',
        subjectId: id,
        reason,
        before: { isActive: user.isActive },
        after: { isActive: active },
      })
      if (!active) {
        await revokeUserSessions(tx, id, 'deactivated', { actor: by.actor, ip: by.ip })
        await revokeSignupTokens(tx, id, 'deactivated')
      } else {
        await userChanged(tx, id)
      }
    }
    return findTrainer(tx, id)
  })
}
