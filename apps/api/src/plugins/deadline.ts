import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { serviceUnavailable } from '../errors.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no per-request deadline (a backup download). */
    deadline?: boolean
  }
}

/**
 * Every request is answered within REQUEST_TIMEOUT_MS (issue 34): if the handler has not answered
 * by then, the client gets 503 `requestTimeout` with Retry-After, and whatever the handler sends
 * later is dropped. The database's own timeouts (db/client.ts) end the work itself earlier. An
 * answer whose headers are out (a stream) is not cut (issue 30: the money export at M and L).
 */
export default fp(
  async function deadline(app: FastifyInstance) {
    const ms = app.config.REQUEST_TIMEOUT_MS
    const timers = new WeakMap<object, NodeJS.Timeout>()
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config?.deadline === false) return
      const timer = setTimeout(() => {
        // A streamed answer (a long CSV export) that has begun is answering: cutting it would leave
        // a truncated file. Each of its queries keeps the database's own timeouts.
        if (reply.sent || reply.raw.headersSent || request.raw.destroyed) return
        request.log.warn({ ms }, 'request deadline passed')
        const refusal = serviceUnavailable('requestTimeout', 'The server could not answer in time; try again in a few seconds.', 5)
        // Through the error handler, so the answer has the usual shape and headers.
        reply.send(refusal)
      }, ms)
      timer.unref()
      timers.set(request, timer)
    })
    const clear = async (request: object) => clearTimeout(timers.get(request))
    app.addHook('onResponse', clear)
    app.addHook('onRequestAbort', clear)
  },
  { name: 'deadline' },
)
