import { SUBSCRIPTION_STATE_LABELS, TRIAL_DAYS, WITHDRAWAL_DAYS } from '@app/contracts/constants'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { checkoutSessions, payoutAccounts, plans, providerLinks, subscriptions, users } from '../../../db/schema.ts'
import { completeCheckout, latestSubscription, trialAvailable } from '../../../modules/billing/service.ts'
import { recordCheckoutCharge } from '../../../modules/billing/charges.ts'
import { applyAccountUpdate } from '../../../modules/payout-onboarding/service.ts'
import { formatDate, html, page, priceText, type Html } from './pages.ts'
import { rollSandboxPeriods, sandboxActive, sandboxCustomerOf, sandboxStart } from './provider.ts'

const Params = z.object({ id: z.string().min(1).max(100) })
/** Renewals nobody looks at are stored on this timer; the portal page stores its user's at once. */
const ROLL_INTERVAL_MS = 60 * 60_000

export const SANDBOX_IN_PRODUCTION_WARNING =
  'WARNING: ALLOW_SANDBOX_PAYMENTS=true in production: the sandbox payment pages are live and anyone can subscribe for free. Set STRIPE_SECRET_KEY to take real payments.'

/**
 * The sandbox payment provider: checkout, billing portal and payout onboarding pages a person can
 * click through on this server. Only mounted while no Stripe key is configured.
 */
export default async function sandboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  if (app.config.NODE_ENV === 'production' && sandboxActive(app)) {
    app.log.warn(SANDBOX_IN_PRODUCTION_WARNING)
  }
  if (sandboxActive(app)) {
    const roll = setInterval(() => {
      rollSandboxPeriods(app.db, null, Date.now()).catch((err: Error) => app.log.error({ err: err.message }, 'sandbox renewals failed'))
    }, ROLL_INTERVAL_MS)
    roll.unref()
    app.addHook('onClose', async () => clearInterval(roll))
  }
  // The pages post plain HTML forms; their bodies carry nothing we read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
    done(null, body),
  )
  app.addHook('onRequest', async (_request, reply) => {
    if (!sandboxActive(app)) return reply.code(404).send({ status: 404, message: 'The sandbox provider is off (Stripe is configured)' })
    reply.header('cache-control', 'no-store')
  })

  const send = (reply: FastifyReply, status: number, title: string, body: Html) =>
    reply.code(status).type('text/html; charset=utf-8').send(page(title, body))
  const missing = (reply: FastifyReply, what: string) =>
    send(
      reply,
      404,
      'Enlace no válido',
      html`<div class="card">
        <span class="tag">Sandbox</span>
        <h1>Enlace no válido</h1>
        <p class="muted">${what} no existe o ya expiró. Vuelve a la aplicación e inténtalo de nuevo.</p>
      </div>`,
    )
  const schema = { hide: true, params: Params }

  const checkoutOf = async (id: string) => {
    const [row] = await app.db
      .select({ session: checkoutSessions, plan: plans })
      .from(checkoutSessions)
      .innerJoin(plans, eq(plans.id, checkoutSessions.planId))
      .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.provider, 'sandbox')))
      .limit(1)
    return row
  }
  const successUrl = (redirect: string, id: string) => {
    const u = new URL(redirect)
    u.searchParams.set('sid', id)
    return u.toString()
  }

  app.get('/sandbox/checkout/:id', { schema }, async (request, reply) => {
    const row = await checkoutOf(request.params.id)
    if (!row || row.session.status === 'expired') return missing(reply, 'Esta sesión de pago')
    const { session, plan } = row
    const done = session.status === 'complete'
    // The same decision the payment makes (billing/service.ts): one free trial per person.
    const trial =
      !done &&
      (await trialAvailable(app.db, {
        userId: session.userId,
        email: session.customerEmail,
        customerId: await sandboxCustomerOf(app.db, session.userId),
      }))
    return send(
      reply,
      200,
      `Pagar plan ${plan.title}`,
      html`<div class="card">
        <span class="tag">Sandbox</span>
        <h1>Plan ${plan.title}</h1>
        <p class="muted">${plan.description}</p>
        <p class="price">${priceText(plan.priceClp)} <span class="muted">/ mes</span></p>
        <p class="muted">
          ${plan.priceUsd == null ? '' : `Equivale a ${plan.priceUsd} USD. `}${
            trial
              ? `Los primeros ${TRIAL_DAYS} días son gratis; luego se renueva cada mes.`
              : 'Ya usaste tu prueba gratuita: el primer mes se cobra hoy y luego se renueva cada mes.'
          }
        </p>
        <dl>
          <dt>Correo</dt>
          <dd>${session.customerEmail}</dd>
          <dt>Hoy pagas</dt>
          <dd>${priceText(trial ? 0 : plan.priceClp)}</dd>
        </dl>
        <p class="muted">
          Derecho a retracto (Ley 19.496, art. 3 bis): tienes ${WITHDRAWAL_DAYS} días para desistir desde tu panel mientras dure la prueba
          gratuita, sin costo. Puedes cancelar cuando quieras, con efecto al final del período.
        </p>
        ${
          done
            ? html`<p class="notice" role="status">Este pago ya fue completado.</p>
                <div class="actions">
                  <a class="btn btn-primary" href="${successUrl(session.successRedirect, session.id)}">Continuar</a>
                </div>`
            : html`<div class="actions">
                <form method="post" action="/sandbox/checkout/${session.id}/pay">
                  <button class="btn btn-primary" type="submit">Pagar</button>
                </form>
                <form method="post" action="/sandbox/checkout/${session.id}/cancel">
                  <button class="btn" type="submit">Cancelar</button>
                </form>
              </div>`
        }
      </div>`,
    )
  })

  app.post('/sandbox/checkout/:id/pay', { schema }, async (request, reply) => {
    const row = await checkoutOf(request.params.id)
    if (!row || row.session.status === 'expired') return missing(reply, 'Esta sesión de pago')
    if (row.session.status === 'open') {
      const customerId = await sandboxCustomerOf(app.db, row.session.userId)
      await app.db.transaction(async (tx) => {
        await completeCheckout(tx, row.session.id, 'sandbox', sandboxStart(Date.now(), customerId))
        // No trial: the first month is charged now, and documented (decision 223).
        await recordCheckoutCharge(tx, row.session.userId, 'sandbox')
      })
    }
    return reply.redirect(successUrl(row.session.successRedirect, row.session.id), 303)
  })

  app.post('/sandbox/checkout/:id/cancel', { schema }, async (request, reply) => {
    const row = await checkoutOf(request.params.id)
    if (!row) return missing(reply, 'Esta sesión de pago')
    return reply.redirect(row.session.cancelRedirect, 303)
  })

  const linkOf = async (id: string, kind: 'portal' | 'connect') => {
    const [link] = await app.db
      .select()
      .from(providerLinks)
      .where(and(eq(providerLinks.id, id), eq(providerLinks.kind, kind)))
      .limit(1)
    return link && link.expiresAt.getTime() > Date.now() ? link : undefined
  }

  app.get('/sandbox/portal/:id', { schema }, async (request, reply) => {
    const link = await linkOf(request.params.id, 'portal')
    if (!link) return missing(reply, 'Esta sesión del portal de facturación')
    await rollSandboxPeriods(app.db, link.userId, Date.now())
    const sub = await latestSubscription(app.db, link.userId)
    const [plan] = sub ? await app.db.select().from(plans).where(eq(plans.id, sub.planId)).limit(1) : []
    const cancelled = (request.query as { cancelled?: string }).cancelled === '1'
    const canCancel = sub && !sub.cancelAtPeriodEnd && ['trialing', 'active', 'past_due'].includes(sub.status)
    return send(
      reply,
      200,
      'Portal de facturación',
      html`<div class="card">
        <span class="tag">Sandbox</span>
        <h1>Portal de facturación</h1>
        <dl>
          <dt>Plan</dt>
          <dd>${plan?.title ?? 'Sin plan'}</dd>
          <dt>Precio</dt>
          <dd>${priceText(plan?.priceClp ?? null)} / mes</dd>
          <dt>Estado</dt>
          <dd>${sub ? SUBSCRIPTION_STATE_LABELS[sub.status] : '—'}</dd>
          <dt>Fin de la prueba</dt>
          <dd>${formatDate(sub?.trialEnd ?? null)}</dd>
          <dt>Próxima renovación</dt>
          <dd>${sub?.cancelAtPeriodEnd ? 'No se renovará' : formatDate(sub?.currentPeriodEnd ?? null)}</dd>
        </dl>
        ${sub?.cancelAtPeriodEnd ? html`<p class="notice" role="status">${cancelled ? 'Suscripción cancelada. ' : ''}Tu suscripción termina el ${formatDate(sub.currentPeriodEnd)}.</p>` : ''}
        <div class="actions">
          ${canCancel ? html`<form method="post" action="/sandbox/portal/${link.id}/cancel"><button class="btn btn-danger" type="submit">Cancelar suscripción</button></form>` : ''}
          <a class="btn btn-primary" href="${link.returnUrl}">Volver</a>
        </div>
      </div>`,
    )
  })

  app.post('/sandbox/portal/:id/cancel', { schema }, async (request, reply) => {
    const link = await linkOf(request.params.id, 'portal')
    if (!link) return missing(reply, 'Esta sesión del portal de facturación')
    const sub = await latestSubscription(app.db, link.userId)
    if (sub)
      await app.db.update(subscriptions).set({ cancelAtPeriodEnd: true, cancelledAt: new Date() }).where(eq(subscriptions.id, sub.id))
    return reply.redirect(`/sandbox/portal/${link.id}?cancelled=1`, 303)
  })

  app.get('/sandbox/connect/:id', { schema }, async (request, reply) => {
    const link = await linkOf(request.params.id, 'connect')
    if (!link || link.usedAt) return missing(reply, 'Este enlace de configuración de pagos')
    const [account] = await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, link.userId)).limit(1)
    const [user] = await app.db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, link.userId))
      .limit(1)
    return send(
      reply,
      200,
      'Configuración de pagos',
      html`<div class="card">
        <span class="tag">Sandbox</span>
        <h1>Configura tu cuenta de pagos</h1>
        <p class="muted">
          Para recibir los pagos de tus clientes necesitamos los datos de tu cuenta. En el sandbox no se piden datos reales.
        </p>
        <dl>
          <dt>Titular</dt>
          <dd>${user ? `${user.firstName} ${user.lastName}` : '—'}</dd>
          <dt>Correo</dt>
          <dd>${user?.email ?? '—'}</dd>
          <dt>País</dt>
          <dd>Chile</dd>
          <dt>Cuenta</dt>
          <dd>${account?.providerAccountId ?? '—'}</dd>
        </dl>
        <div class="actions">
          <form method="post" action="/sandbox/connect/${link.id}/complete">
            <button class="btn btn-primary" type="submit">Completar configuración</button>
          </form>
          <a class="btn" href="${link.returnUrl}">Volver sin completar</a>
        </div>
      </div>`,
    )
  })

  app.post('/sandbox/connect/:id/complete', { schema }, async (request, reply) => {
    const link = await linkOf(request.params.id, 'connect')
    if (!link || link.usedAt) return missing(reply, 'Este enlace de configuración de pagos')
    await app.db.transaction(async (tx) => {
      const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.userId, link.userId)).limit(1)
      if (account) await applyAccountUpdate(tx, account.providerAccountId, true, true)
      await tx.update(providerLinks).set({ usedAt: new Date() }).where(eq(providerLinks.id, link.id))
    })
    return reply.redirect(link.returnUrl, 303)
  })
}
