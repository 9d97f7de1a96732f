import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { WITHDRAWAL_DAYS } from '@app/contracts/constants'
import { clientCheckouts, clientInvitations, clientSubscriptions, offers, providerLinks, trainers } from '../../../db/schema.ts'
import { sandboxPay, sandboxRenew } from './money.ts'
import { formatDate, html, page, priceText, type Html } from './pages.ts'
import { sandboxActive } from './provider.ts'

const Params = z.object({ id: z.string().min(1).max(100) })
const SubParams = z.object({ id: z.string().min(1).max(100), subscriptionId: z.string().uuid() })
const STATE_LABELS = { active: 'Activa', past_due: 'Pago pendiente', cancelled: 'Cancelada' } as const

/**
 * The sandbox's pages for client billing (issue 12): the checkout page charges the first month;
 * the portal cancels and simulates the next renewal or a failed one, so every state can be
 * reached by hand and by E2E tests. Only while no Stripe key is configured.
 */
export default async function sandboxClientRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
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

  const checkoutOf = async (id: string) => {
    const [row] = await app.db
      .select({ checkout: clientCheckouts, invitation: clientInvitations, offer: offers, trainer: trainers })
      .from(clientCheckouts)
      .innerJoin(clientInvitations, eq(clientInvitations.id, clientCheckouts.invitationId))
      .innerJoin(offers, eq(offers.id, clientInvitations.offerId))
      .innerJoin(trainers, eq(trainers.id, clientInvitations.trainerId))
      .where(and(eq(clientCheckouts.id, id), eq(clientCheckouts.provider, 'sandbox')))
      .limit(1)
    return row
  }
  const successUrl = (row: { checkout: { successRedirect: string } }) => row.checkout.successRedirect

  app.get('/sandbox/client-checkout/:id', { schema: { hide: true, params: Params } }, async (request, reply) => {
    const row = await checkoutOf(request.params.id)
    if (!row || row.checkout.status === 'expired') return missing(reply, 'Esta sesión de pago')
    const done = row.checkout.status === 'complete'
    const unavailable = !done && (row.offer.retiredAt !== null || row.invitation.state === 'revoked')
    return send(
      reply,
      200,
      `Pagar ${row.offer.title}`,
      html`<div class="card">
        <span class="tag">Sandbox</span>
        <h1>${row.offer.title}</h1>
        <p class="muted">Con ${row.trainer.firstName} ${row.trainer.lastName}. ${row.offer.description}</p>
        <p class="price">${priceText(row.offer.priceClp)} <span class="muted">/ mes</span></p>
        <dl>
          <dt>Correo</dt>
          <dd>${row.invitation.email}</dd>
          <dt>Hoy pagas</dt>
          <dd>${priceText(row.offer.priceClp)}</dd>
        </dl>
        <p class="muted">
          Derecho a retracto (Ley 19.496, art. 3 bis): tienes ${WITHDRAWAL_DAYS} días para desistir desde «Mi suscripción» y recibir la
          devolución total, si aún no recibiste una sesión ni un entrenamiento. Después puedes cancelar cuando quieras, con efecto al final
          del período pagado.
        </p>
        ${
          done
            ? html`<p class="notice" role="status">Este pago ya fue completado.</p>
                <div class="actions"><a class="btn btn-primary" href="${successUrl(row)}">Continuar</a></div>`
            : unavailable
              ? html`<p class="notice" role="status">Esta oferta ya no está disponible.</p>
                  <div class="actions"><a class="btn" href="${row.checkout.cancelRedirect}">Volver</a></div>`
              : html`<div class="actions">
                  <form method="post" action="/sandbox/client-checkout/${row.checkout.id}/pay">
                    <button class="btn btn-primary" type="submit">Pagar</button>
                  </form>
                  <a class="btn" href="${row.checkout.cancelRedirect}">Cancelar</a>
                </div>`
        }
      </div>`,
    )
  })

  app.post('/sandbox/client-checkout/:id/pay', { schema: { hide: true, params: Params } }, async (request, reply) => {
    const row = await checkoutOf(request.params.id)
    if (!row || row.checkout.status === 'expired') return missing(reply, 'Esta sesión de pago')
    if (row.checkout.status === 'open') {
      if (row.offer.retiredAt !== null || row.invitation.state === 'revoked')
        return reply.redirect(`/sandbox/client-checkout/${row.checkout.id}`, 303)
      const id = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`
      await sandboxPay(app, row.checkout.id, { subscriptionId: id('sub_sbx'), customerId: id('cus_sbx') })
    }
    return reply.redirect(successUrl(row), 303)
  })

  const linkOf = async (id: string) => {
    const [link] = await app.db
      .select()
      .from(providerLinks)
      .where(and(eq(providerLinks.id, id), eq(providerLinks.kind, 'client_portal')))
      .limit(1)
    return link && link.expiresAt.getTime() > Date.now() ? link : undefined
  }

  app.get('/sandbox/client-portal/:id', { schema: { hide: true, params: Params } }, async (request, reply) => {
    const link = await linkOf(request.params.id)
    if (!link) return missing(reply, 'Esta sesión del portal de facturación')
    const subs = await app.db
      .select({ sub: clientSubscriptions, offer: offers, trainer: trainers })
      .from(clientSubscriptions)
      .innerJoin(offers, eq(offers.id, clientSubscriptions.offerId))
      .innerJoin(trainers, eq(trainers.id, clientSubscriptions.trainerId))
      .where(and(eq(clientSubscriptions.clientUserId, link.userId), eq(clientSubscriptions.provider, 'sandbox')))
      .orderBy(desc(clientSubscriptions.createdAt))
    const action = (subId: string, name: string, label: string, cls = 'btn') =>
      html`<form method="post" action="/sandbox/client-portal/${link.id}/${subId}/${name}">
        <button class="${cls}" type="submit">${label}</button>
      </form>`
    return send(
      reply,
      200,
      'Portal de facturación',
      html`<div class="card">
        <span class="tag">Sandbox</span>
        <h1>Portal de facturación</h1>
        ${subs.length === 0 ? html`<p class="muted">No tienes suscripciones.</p>` : ''}
        ${subs.map(
          ({ sub, offer, trainer }) =>
            html`<section aria-label="${offer.title}">
              <dl>
                <dt>Plan</dt>
                <dd>${offer.title} (${trainer.firstName} ${trainer.lastName})</dd>
                <dt>Precio</dt>
                <dd>${priceText(sub.priceClp)} / mes</dd>
                <dt>Estado</dt>
                <dd>${STATE_LABELS[sub.state]}</dd>
                <dt>Próximo cobro</dt>
                <dd>${sub.state === 'cancelled' || sub.cancelAtPeriodEnd ? 'No se renovará' : formatDate(sub.currentPeriodEnd)}</dd>
              </dl>
              ${
                sub.state === 'cancelled'
                  ? ''
                  : html`<div class="actions">
                      ${sub.cancelAtPeriodEnd ? '' : action(sub.id, 'cancel', 'Cancelar suscripción', 'btn btn-danger')}
                      ${action(sub.id, 'renew', 'Simular próxima renovación')}
                      ${sub.cancelAtPeriodEnd ? '' : action(sub.id, 'fail', 'Simular renovación fallida')}
                    </div>`
              }
            </section>`,
        )}
        <div class="actions"><a class="btn btn-primary" href="${link.returnUrl}">Volver</a></div>
      </div>`,
    )
  })

  const portalAction = (name: 'cancel' | 'renew' | 'fail') =>
    app.post(
      `/sandbox/client-portal/:id/:subscriptionId/${name}`,
      { schema: { hide: true, params: SubParams } },
      async (request, reply) => {
        const link = await linkOf(request.params.id)
        if (!link) return missing(reply, 'Esta sesión del portal de facturación')
        if (name === 'cancel') {
          await app.db
            .update(clientSubscriptions)
            .set({ cancelAtPeriodEnd: true })
            .where(
              and(
                eq(clientSubscriptions.id, request.params.subscriptionId),
                eq(clientSubscriptions.clientUserId, link.userId),
                eq(clientSubscriptions.provider, 'sandbox'),
              ),
            )
        } else await sandboxRenew(app, request.params.subscriptionId, link.userId, name === 'fail')
        return reply.redirect(`/sandbox/client-portal/${link.id}`, 303)
      },
    )
  portalAction('cancel')
  portalAction('renew')
  portalAction('fail')
}
