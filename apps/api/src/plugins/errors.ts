import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { HttpError } from '../errors.ts'

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body is too large',
  415: 'Unsupported media type',
  422: 'Unprocessable entity',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
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

function send(reply: import('fastify').FastifyReply, status: number, message?: string, errors?: Record<string, string>) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ status, message: message || STATUS_MESSAGES[status] || 'Error', ...(errors ? { errors } : {}) })
}

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers)
        return send(reply, error.status, error.message, error.errors)
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
            : STATUS_MESSAGES[status] ?? error.message
        return send(reply, status, message)
      }
      request.log.error({ err: error, reqId: request.id }, 'request failed')
      return send(reply, 500, `Internal server error (request id ${request.id})`)
    })

  },
  { name: 'errors' },
)
