import type { AssignableClientList } from '@app/contracts'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { clientSubscriptions, coachingLinks, users } from '../../db/schema.ts'
import { COUNTED_STATES } from '../client-billing/trainer.ts'
import type { TrainerRow } from './access.ts'

/**
 * The people a trainer may assign a program to now, by the same rule as `clientsOfTrainer`
 * (an active or past-due subscription with them, or a coaching link not ended), each once, by name.
 */
export async function assignableClients(db: Tx, trainer: TrainerRow): Promise<AssignableClientList> {
  const person = { userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }
  const [subscribed, linked] = await Promise.all([
    db
      .select(person)
      .from(clientSubscriptions)
      .innerJoin(users, eq(users.id, clientSubscriptions.clientUserId))
      .where(and(eq(clientSubscriptions.trainerId, trainer.id), inArray(clientSubscriptions.state, [...COUNTED_STATES]))),
    db
      .select(person)
      .from(coachingLinks)
      .innerJoin(users, eq(users.id, coachingLinks.clientUserId))
      .where(and(eq(coachingLinks.trainerId, trainer.id), isNull(coachingLinks.endedAt))),
  ])
  const byId = new Map<string, { userId: string; name: string; email: string }>()
  for (const row of [...subscribed, ...linked])
    byId.set(row.userId, { userId: row.userId, name: `${row.firstName} ${row.lastName}`.trim(), email: row.email })
  return { data: [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'es') || a.email.localeCompare(b.email)) }
}
