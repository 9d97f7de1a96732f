import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { databaseFault, type DatabaseFault } from '../db/faults.ts'
import { HttpError, serviceUnavailable } from '../errors.ts'
import { PaymentProviderUnavailableError } from '../providers/payments/types.ts'

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  413: 'Request body is too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  422: 'Unprocessable entity',
  429: 'Too many requests',
  431: 'Request header fields too large',
  500: 'Internal server error',
  503: 'Service unavailable',
  507: 'Insufficient storage',
}

/** What a client is told when the database cannot serve (no internals: no SQL, no host). */
export function faultError(fault: DatabaseFault): HttpError {
  switch (fault) {
    case 'storage':
      return serviceUnavailable('storageFull', 'The server has no room to store this right now; try again later.', 60, 507)
    case 'timeout':
      return serviceUnavailable('databaseTimeout', 'The database is answering too slowly; try again in a few seconds.', 5)
    default:
      return serviceUnavailable('databaseUnavailable', 'The database is not answering; try again in a few seconds.', 5)
  }
}

interface ValidationIssue {
  keyword: string
  instancePath: string
  message?: string
  params: Record<string, unknown>
}

// A schema may name its own code (`z.string().min(1, { error: 'required' })`); otherwise map zod's.
function codeOf(issue: ValidationIssue): string {
  if (issue.message && /^[a-z][a-zA-Z]{2,40}$/.test(issue.message)) return issue.message
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined/.test(issue.message ?? '') ? 'required' : 'invalidType'
    case 'too_small':
      return issue.params.origin === 'string' && issue.params.minimum === 1 ? 'required' : 'tooShort'
    case 'too_big':
      return 'tooLong'
    case 'invalid_format':
      return issue.params.format === 'email' ? 'invalidEmail' : 'invalid'
    default:
      return 'invalid'
  }
}

/** One code per field, as the web app reads them (spec §8). */
export function fieldErrors(issues: ValidationIssue[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys') {
      for (const key of (issue.params.keys as string[]) ?? []) {
        const path = [issue.instancePath.replace(/^\//, '').replaceAll('/', '.'), key].filter(Boolean).join('.')
        errors[path] ??= 'unknownField'
      }
      continue
    }
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body'
    errors[field] ??= codeOf(issue)
  }
  return errors
}

/** Longer URLs answer 414 (Node itself refuses a request line plus headers above 16 KB with 431). */
export const MAX_URL_LENGTH = 8 * 1024

// Never the error's own message for a client error: Fastify's and Node's repeat the input.
const messageOf = (status: number) => STATUS_MESSAGES[status] ?? STATUS_CODES[status] ?? 'Error'

function send(reply: FastifyReply, status: number, message?: string, errors?: Record<string, string>, code?: string) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ status, message: message || STATUS_MESSAGES[status] || 'Error', ...(errors ? { errors } : {}), ...(code ? { code } : {}) })
}

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers)
        return send(reply, error.status, error.message, error.errors, error.code)
      }
      if (error instanceof PaymentProviderUnavailableError) {
        // The provider's outage, not ours: the caller (or the provider's own retry of a notification) tries again.
        request.log.warn({ reason: error.message }, 'payment provider unavailable')
        const refusal = serviceUnavailable(
          'paymentProviderUnavailable',
          'The payment provider is not answering; try again in a minute.',
          30,
        )
        reply.headers(refusal.headers!)
        return send(reply, refusal.status, refusal.message, undefined, refusal.code)
      }
      const fault = databaseFault(error)
      if (fault) {
        // The state line ("database unreachable", "disk full") is written once by the monitor;
        // each request only at debug level, without a stack.
        const reason = String((error as Error).message ?? error)
          .split('\n')[0]!
          .slice(0, 200)
        if (fault === 'storage') (app.database.storage?.monitor ?? app.database.monitor).down(reason)
        // A lock or statement timeout is one slow request; no answer at all is an outage.
        else if (fault === 'unavailable' || /read timeout/i.test(reason)) app.database.monitor.down(reason)
        request.log.debug({ fault, reason }, 'request refused: database fault')
        const refusal = faultError(fault)
        reply.headers(refusal.headers!)
        return send(reply, refusal.status, refusal.message, undefined, refusal.code)
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return send(reply, 422, 'Unprocessable entity', fieldErrors(error.validation as ValidationIssue[]))
      }
      const status = error.statusCode ?? 500
      if (status === 429) return send(reply, 429, error.message || STATUS_MESSAGES[429])
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, body too large, wrong content type): say what it was.
        const message =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'Malformed JSON in request body'
            : messageOf(status)
        return send(reply, status, message)
      }
      request.log.error({ err: error, reqId: request.id }, 'request failed')
      return send(reply, 500, `Internal server error (request id ${request.id})`)
    })

    app.addHook('onRequest', async (request) => {
      if (request.url.length > MAX_URL_LENGTH) throw new HttpError(414, messageOf(414))
    })
  },
  { name: 'errors' },
)

/**
 * Fastify's `frameworkErrors`: refusals before routing (a URL that does not decode, a path
 * parameter over maxParamLength). Same body as every other error, and the path is not repeated.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_BAD_URL' ? 400 : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 500)
  if (status >= 500) request.log.error({ code: error.code }, 'framework error')
  reply.header('x-request-id', request.id)
  return send(reply, status, status === 400 ? 'Malformed URL' : messageOf(status))
}

/**
 * The HTTP server's `clientError`: requests Node cannot parse (malformed request line or headers,
 * headers over 16 KB, timeouts). Answered on the raw socket in the usual shape; logged without the
 * raw bytes, which may hold a URL or header with a secret.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
  this.log.debug({ code: err.code }, 'client error')
  if (socket.writable) {
    const body = JSON.stringify({ status, message: messageOf(status) })
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  setTimeout(() => socket.destroy(), 1000).unref()
}
