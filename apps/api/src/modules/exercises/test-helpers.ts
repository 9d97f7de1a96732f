import type { FastifyInstance } from 'fastify'
import { trainers } from '../../db/schema.ts'
import { createUserAndLogin } from '../../testing/app.ts'

export interface Coach {
  userId: string
  trainerId: string
  token: string
}

/** A trainer account with its trainer row (optionally of a gym), signed in. */
export async function trainerWithRow(app: FastifyInstance, gymId: string | null = null): Promise<Coach> {
  const login = await createUserAndLogin(app, { role: 'trainer', firstName: 'Tomás', lastName: 'Vera' })
  const [row] = await app.db
    .insert(trainers)
    .values({ userId: login.user.id, gymId, firstName: 'Tomás', lastName: 'Vera', email: login.user.email })
    .returning()
  return { userId: login.user.id, trainerId: row.id, token: login.token }
}
