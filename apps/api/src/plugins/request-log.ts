import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * One log line per request, when it is answered (Fastify's default writes two: "incoming request"
 * and "request completed"). The line carries what the first one did: method, URL, client address.
 */
export default fp(
  async function requestLog(app: FastifyInstance) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          req: { method: request.method, url: request.url, remoteAddress: request.ip },
          res: { statusCode: reply.statusCode },
          responseTime: reply.elapsedTime,
        },
        'request completed',
      )
      done()
    })
  },
  { name: 'request-log' },
)
