import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { businesses, gyms, mailOutbox, trainers, users } from '../../db/schema.ts'
import { call, freshIp, uniqueEmail } from '../../testing/app.ts'
import { insertUser } from '../users/service.ts'
import { loginAs, paidTrainer, PASSWORD } from '../billing/test-helpers.ts'
import { approvedTaxStart } from '../tax-start/test-helpers.ts'

export interface TestTrainer {
  userId: string
  trainerId: string
  email: string
  token: string
}

/**
 * A trainer on a sandbox trial (Starter: 5 clients) with payout onboarding complete and an approved
 * tax start (decision 235; `taxStart: false` for the tests of its refusal).
 */
export async function eligibleTrainer(app: FastifyInstance, opts: { onboarded?: boolean; taxStart?: boolean } = {}): Promise<TestTrainer> {
  const member = await paidTrainer(app)
  const [trainer] = await app.db
    .update(trainers)
    .set({ stripeOnboardingComplete: opts.onboarded ?? true })
    .where(eq(trainers.userId, member.id))
    .returning()
  if (opts.taxStart ?? true) await approvedTaxStart(app, 'trainer', member.id)
  return { userId: member.id, trainerId: trainer.id, email: member.email, token: await loginAs(app, member.email) }
}

export interface TestGym {
  owner: { userId: string; email: string; token: string }
  gymId: string
  trainer: TestTrainer
}

/**
 * A gym owner with central billing (stored rates 60/35/5) and one onboarded trainer of the gym;
 * the trainer and the gym's business have an approved tax start (decision 235) unless `taxStart: false`.
 */
export async function gymWithTrainer(app: FastifyInstance, opts: { centralBilling?: boolean; taxStart?: boolean } = {}): Promise<TestGym> {
  const ownerEmail = uniqueEmail('owner')
  const owner = (await insertUser(app.db, {
    email: ownerEmail,
    password: PASSWORD,
    firstName: 'Olga',
    lastName: 'Dueña',
    role: 'gym_owner',
  }))!
  // Central billing charges only for a verified owner once an operator approved it (decision 195).
  await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.id))
  await app.db.insert(businesses).values({
    ownerId: owner.id,
    name: 'Gym Central',
    address: 'Av. 1',
    centralBilling: opts.centralBilling ?? true,
    centralBillingApprovedAt: (opts.centralBilling ?? true) ? new Date() : null,
    paymentAccountId: 'acct_gym_test',
  })
  const [gym] = await app.db
    .insert(gyms)
    .values({
      ownerId: owner.id,
      name: 'Gym Central',
      address: 'Av. 1',
      city: 'Santiago',
      state: 'RM',
      zipCode: '8320000',
      phone: '+56 2 2222 2222',
      email: ownerEmail,
    })
    .returning()
  const trainerEmail = uniqueEmail('gymtrainer')
  const user = (await insertUser(app.db, {
    email: trainerEmail,
    password: PASSWORD,
    firstName: 'Gabriel',
    lastName: 'Gym',
    role: 'trainer',
  }))!
  const [trainer] = await app.db
    .insert(trainers)
    .values({ userId: user.id, gymId: gym.id, firstName: 'Gabriel', lastName: 'Gym', email: trainerEmail, stripeOnboardingComplete: true })
    .returning()
  if (opts.taxStart ?? true) {
    await approvedTaxStart(app, 'trainer', user.id)
    await approvedTaxStart(app, 'business', owner.id)
  }
  const ownerLogin = await call(app, 'POST', '/api/v1/auth/business/login', { body: { email: ownerEmail, password: PASSWORD } })
  expect(ownerLogin.statusCode, ownerLogin.body).toBe(200)
  return {
    owner: { userId: owner.id, email: ownerEmail, token: ownerLogin.json().token },
    gymId: gym.id,
    trainer: { userId: user.id, trainerId: trainer.id, email: trainerEmail, token: await loginAs(app, trainerEmail) },
  }
}

export async function createOffer(app: FastifyInstance, token: string, body: Record<string, unknown> = {}) {
  const res = await call(app, 'POST', '/api/v1/trainer/offers', {
    token,
    body: { title: 'Plan mensual', description: '8 sesiones', priceClp: 25_000, sessionsPerMonth: 8, ...body },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { id: string; priceClp: number }
}

/** The newest mail to `to` as it sits in the outbox (before delivery redacts its secrets). */
export async function lastMailTo(app: FastifyInstance, to: string) {
  const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1)
  return mail
}

/** Invites `email` and answers the token of the mailed link. */
export async function invite(app: FastifyInstance, token: string, offerId: string, email = uniqueEmail('client')) {
  const res = await call(app, 'POST', '/api/v1/trainer/invitations', { token, body: { offerId, email } })
  expect(res.statusCode, res.body).toBe(200)
  const mail = await lastMailTo(app, email)
  const link = /\/invitacion\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]
  return { invitationId: res.json().id as string, email, link }
}

/** The invited person confirms the code and signs in: the client's session token. */
export async function confirmClient(app: FastifyInstance, link: string, email: string) {
  const ip = freshIp()
  const sent = await call(app, 'POST', `/api/v1/client-invitations/${link}/code`, { ip })
  expect(sent.statusCode, sent.body).toBe(200)
  const code = /(\d{6})/.exec((await lastMailTo(app, email)).subject)![1]
  const res = await call(app, 'POST', `/api/v1/client-invitations/${link}/confirm`, {
    ip,
    body: { otp: code, firstName: 'Carla', lastName: 'Cliente', birthDate: '1995-06-15' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().token as string
}

export async function startClientCheckout(app: FastifyInstance, link: string, clientToken: string) {
  return call(app, 'POST', `/api/v1/client-invitations/${link}/checkout`, {
    token: clientToken,
    body: { successRedirect: `${app.config.APP_URL}/cliente/pago/exito`, cancelRedirect: `${app.config.APP_URL}/cliente/pago/cancelado` },
  })
}

/** Invite → code → checkout → the sandbox page's Pagar: an active client. */
export async function sandboxClient(app: FastifyInstance, trainerToken: string, offerId: string, email?: string) {
  const inv = await invite(app, trainerToken, offerId, email)
  const clientToken = await confirmClient(app, inv.link, inv.email)
  const checkout = await startClientCheckout(app, inv.link, clientToken)
  expect(checkout.statusCode, checkout.body).toBe(200)
  const path = new URL(checkout.json().url).pathname
  const pay = await app.inject({ method: 'POST', url: `${path}/pay`, remoteAddress: freshIp() })
  expect(pay.statusCode, pay.body).toBe(303)
  const subs = await call(app, 'GET', '/api/v1/client/subscriptions', { token: clientToken })
  return { ...inv, clientToken, subscriptionId: subs.json().data[0].id as string }
}

/** A sandbox portal link of the client, and a helper to press one of its buttons. */
export async function portal(app: FastifyInstance, clientToken: string, subscriptionId: string) {
  const res = await call(app, 'POST', `/api/v1/client/subscriptions/${subscriptionId}/portal`, {
    token: clientToken,
    body: { returnUrl: `${app.config.APP_URL}/cliente` },
  })
  expect(res.statusCode, res.body).toBe(200)
  const path = new URL(res.json().url).pathname
  return {
    path,
    press: async (action: 'cancel' | 'renew' | 'fail') => {
      const r = await app.inject({ method: 'POST', url: `${path}/${subscriptionId}/${action}`, remoteAddress: freshIp() })
      expect(r.statusCode, r.body).toBe(303)
    },
  }
}

export const userByEmail = async (app: FastifyInstance, email: string) =>
  (
    await app.db
      .select()
      .from(users)
      .where(and(eq(users.email, email)))
      .limit(1)
  )[0]
