import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { plans, subscriptions, users } from '../../db/schema.ts'
import { call, createUserAndLogin, freshIp, uniqueEmail } from '../../testing/app.ts'

/** A business owner registered through the API (owner, business). */
export async function registerOwner(app: FastifyInstance, name = 'Olga Fit') {
  const res = await call(app, 'POST', '/api/v1/auth/business/register', {
    body: {
      email: uniqueEmail('owner'),
      password: 'secret1',
      firstName: 'Olga',
      lastName: 'Díaz',
      businessName: name,
      businessAddress: 'Calle 1',
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { token: string; refreshToken: string; user: { id: string; email: string }; business: { id: string } }
}

/** A free-access request as the landing page sends it (its lead is created with it). */
export async function submitLead(app: FastifyInstance, lead: { name: string; city: string; email?: string; phone?: string }) {
  const email = lead.email ?? uniqueEmail('lead')
  const res = await call(app, 'POST', '/api/v1/forms', {
    ip: freshIp(),
    body: {
      title: 'Solicitud de acceso gratuito',
      subject: `Acceso gratuito: ${lead.name} (${lead.city})`,
      email,
      content: [`Nombre: ${lead.name}`, `Email: ${email}`, `WhatsApp: ${lead.phone ?? '+56 9 1234 5678'}`, `Ciudad: ${lead.city}`].join(
        '\n',
      ),
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  return { id: (res.json() as { id: string }).id, email }
}

/** A signed-in trainer, optionally with a platform subscription in a given provider state. */
export async function trainerWith(
  app: FastifyInstance,
  sub?: { status: typeof subscriptions.$inferInsert.status; planKey?: string; trialEnd?: Date },
) {
  const trainer = await createUserAndLogin(app, { role: 'trainer' })
  if (sub) {
    const [plan] = await app.db
      .select()
      .from(plans)
      .where(eq(plans.key, sub.planKey ?? 'starter'))
      .limit(1)
    await app.db.insert(subscriptions).values({
      userId: trainer.user.id,
      planId: plan!.id,
      provider: 'sandbox',
      providerSubscriptionId: `sub_${trainer.user.id}`,
      status: sub.status,
      trialEnd: sub.trialEnd ?? null,
    })
  }
  return trainer
}

export const isActive = async (app: FastifyInstance, id: string) =>
  (await app.db.select({ a: users.isActive }).from(users).where(eq(users.id, id)))[0]?.a
