import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CARD_PATHS, payCheckoutByCard, paymentLinkTarget, payLinkByCard, type CardPaymentAnswer } from './card-charges.ts'

// What the card form hands back: a single-use card token and its payment method id.
const CardReturn = z.object({
  token: z.string().regex(/^[\w-]{16,64}$/),
  payment_method_id: z
    .string()
    .regex(/^[a-z_]{2,30}$/)
    .default('master'),
})
const CheckoutParams = z.object({ id: z.string().regex(/^[\w-]{1,100}$/) })
const LinkParams = z.object({ token: z.string().regex(/^[\w-]{20,100}$/) })

/**
 * Where the card form returns (decision 249): a browser's redirect carrying a single-use card
 * token, never card data. Pages, not API calls: hidden from the API description, like the
 * providers' own pages. Only while the provider in use charges cards through us; else 404.
 */
export default async function cardPaymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.addHook('onRequest', async (_request, reply) => {
    if (!app.cardCharges || app.cardCharges.name !== app.payments.name)
      return reply.code(404).send({ status: 404, message: 'No card payments with this payment provider' })
    reply.header('cache-control', 'no-store')
    // The card token is in the address: it is never sent onward as a referrer.
    reply.header('referrer-policy', 'no-referrer')
  })
  const answer = (reply: FastifyReply, result: CardPaymentAnswer) => {
    if ('redirect' in result) return reply.redirect(result.redirect, 303)
    const home = app.config.APP_URL.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Enlace no válido</title>` +
          `<main style="max-width:480px;margin:3rem auto;font:16px/1.5 system-ui,sans-serif"><h1>Enlace no válido</h1>` +
          `<p>Este enlace de pago no existe, ya expiró o la suscripción terminó. No se cobró nada.</p><p><a href="${home}/mi-suscripcion">Ir a mis suscripciones</a></p></main></html>`,
      )
  }

  app.get(
    `${CARD_PATHS.checkout}/:id`,
    { schema: { hide: true, params: CheckoutParams, querystring: CardReturn } },
    async (request, reply) =>
      answer(
        reply,
        await payCheckoutByCard(app, request.params.id, { token: request.query.token, paymentMethodId: request.query.payment_method_id }),
      ),
  )
  app.get(`${CARD_PATHS.link}/:token`, { schema: { hide: true, params: LinkParams } }, async (request, reply) =>
    answer(reply, await paymentLinkTarget(app, request.params.token)),
  )
  app.get(
    `${CARD_PATHS.link}/:token/card`,
    { schema: { hide: true, params: LinkParams, querystring: CardReturn } },
    async (request, reply) =>
      answer(
        reply,
        await payLinkByCard(app, request.params.token, { token: request.query.token, paymentMethodId: request.query.payment_method_id }),
      ),
  )
}
