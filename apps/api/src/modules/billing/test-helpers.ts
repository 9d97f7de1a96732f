import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { plans } from '../../db/schema.ts'
import { call, freshIp, uniqueEmail } from '../../testing/app.ts'
import { insertUser } from '../users/service.ts'
import { signSignupToken } from '../auth/signup-tokens.ts'

export const PASSWORD = 'Segura123!'

/** A member who just registered, holding the signup token the register call answers. */
export async function registeredMember(app: FastifyInstance) {
  const email = uniqueEmail('signup')
  const user = await insertUser(app.db, { email, password: PASSWORD, firstName: 'Camila', lastName: 'Rojas', role: 'member' })
  const { token } = await signSignupToken(app, user!.id)
  return { id: user!.id, email, signupToken: token }
}

export async function planByKey(app: FastifyInstance, key: string) {
  const [plan] = await app.db.select().from(plans).where(eq(plans.key, key)).limit(1)
  return plan
}

export async function startCheckout(
  app: FastifyInstance,
  member: { id: string; email: string; signupToken: string },
  overrides: Record<string, unknown> = {},
) {
  const starter = await planByKey(app, 'starter')
  return call(app, 'POST', '/api/v1/platform/subscriptions/checkout', {
    token: member.signupToken,
    body: {
      planId: starter.id,
      planKey: 'starter',
      customerEmail: member.email,
      userId: member.id,
      successRedirect: `${app.config.APP_URL}/auth/checkout/success`,
      cancelRedirect: `${app.config.APP_URL}/auth/checkout/cancel`,
      ...overrides,
    },
  })
}

/**
 * The payer on Mercado Pago's (fake) subscription page with a documented test cardholder name,
 * then back on our success page, which verifies the checkout: answers the checkout id.
 */
export async function authorizeOnFakeMercadoPago(
  app: FastifyInstance,
  member: { signupToken: string },
  initPoint: string,
  holder = 'APRO',
) {
  const page = new URL(initPoint)
  const back = await fetch(`${page.origin}/subscriptions/checkout`, {
    method: 'POST',
    body: new URLSearchParams({ preapproval_id: page.searchParams.get('preapproval_id') ?? '', cardholder_name: holder }),
    redirect: 'manual',
  })
  if (back.status !== 302) throw new Error(await back.text())
  const sessionId = new URL(back.headers.get('location')!).searchParams.get('sid')!
  const verified = await call(app, 'GET', `/api/v1/platform/checkout/verify/${encodeURIComponent(sessionId)}`, {
    token: member.signupToken,
  })
  if (verified.statusCode !== 200) throw new Error(verified.body)
  return sessionId
}

/** Registers, checks out and pays on the provider's page (the sandbox's, or the fake Mercado Pago's): a trainer on a 30-day trial. */
export async function paidTrainer(app: FastifyInstance) {
  const member = await registeredMember(app)
  const res = await startCheckout(app, member)
  if (res.statusCode !== 200) throw new Error(res.body)
  if (app.payments.name === 'mercadopago') return { ...member, sessionId: await authorizeOnFakeMercadoPago(app, member, res.json().url) }
  const path = new URL(res.json().url).pathname
  const pay = await app.inject({ method: 'POST', url: `${path}/pay`, remoteAddress: freshIp() })
  if (pay.statusCode !== 303) throw new Error(pay.body)
  const sessionId = path.split('/').pop()!
  return { ...member, sessionId }
}

export async function loginAs(app: FastifyInstance, email: string) {
  const res = await call(app, 'POST', '/api/v1/auth/email/login', { body: { email, password: PASSWORD } })
  if (res.statusCode !== 200) throw new Error(res.body)
  return res.json().token as string
}
