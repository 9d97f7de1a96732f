import type { AccountProfile, AccountProfileUpdate } from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { trainers, users } from '../../db/schema.ts'
import { notFound, unprocessable } from '../../errors.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { recordAudit } from '../audit/service.ts'
import { findUserById } from '../users/service.ts'

const toProfile = (row: typeof users.$inferSelect): AccountProfile => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  birthDate: row.birthDate,
  role: row.role,
})

export async function myProfile(app: FastifyInstance, userId: string) {
  const row = await findUserById(app.db, userId)
  if (!row) throw notFound('No such account')
  return toProfile(row)
}

/** Rectification (decision 180): name and phone, on the account and on the trainer card; audited. */
export async function updateMyProfile(app: FastifyInstance, user: AuthUser, input: AccountProfileUpdate, ip: string) {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as AccountProfileUpdate
  if (!Object.keys(changes).length) throw unprocessable({ body: 'nothingToChange' }, 'Nothing to change')
  const before = await myProfile(app, user.id)
  return app.db.transaction(async (tx) => {
    const [row] = await tx.update(users).set(changes).where(eq(users.id, user.id)).returning()
    const card = { ...changes, phone: changes.phone === undefined ? undefined : (changes.phone ?? '') }
    await tx.update(trainers).set(card).where(eq(trainers.userId, user.id))
    await recordAudit(tx, {
      action: 'account.rectify',
      actor: { id: user.id, email: user.email, role: user.role },
      ip,
      subjectType: 'user',
      subjectId: user.id,
      before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof AccountProfile]])),
      after: changes,
    })
    return toProfile(row)
  })
}
