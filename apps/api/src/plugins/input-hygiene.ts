import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { notFound, unprocessable } from '../errors.ts'

// PostgreSQL refuses NUL in text (a 500 if it gets that far); a lone UTF-16 surrogate would be
// stored silently as U+FFFD. Neither is ever part of a name, an address or an id.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const hasForbiddenCharacters = (value: string) => value.includes('\u0000') || LONE_SURROGATE.test(value)

/** The dotted paths (`lastName`, `address.city`, `items.0.name`) of every string with a forbidden character. */
export function badCharacterPaths(input: unknown): string[] {
  const found: string[] = []
  // Iterative: a body without a schema may nest deeper than the call stack.
  const stack: Array<[unknown, string]> = [[input, '']]
  while (stack.length) {
    const [value, path] = stack.pop()!
    if (typeof value === 'string') {
      if (hasForbiddenCharacters(value)) found.push(path)
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]))
    } else if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [key, item] of Object.entries(value)) {
        // A key is reported on its object: the key itself cannot be a field name.
        if (hasForbiddenCharacters(key)) found.push(path)
        else stack.push([item, path ? `${path}.${key}` : key])
      }
    }
  }
  return [...new Set(found.map((p) => p || 'body'))]
}

/**
 * Bad input never reaches the database as a 500:
 * - a JSON body that is empty (generic clients send `Content-Type: application/json` on calls that
 *   take no payload) counts as no body; routes that need one answer 422 `body: required`;
 * - NUL or a lone surrogate in a body or query field answers 422 `invalidCharacters` for that
 *   field, in a path parameter 404 (no such thing can exist).
 * Runs as a preHandler: after authentication and validation, before the route's own work.
 */
export default fp(
  async function inputHygiene(app: FastifyInstance) {
    const parseJson = app.getDefaultJsonParser('error', 'error')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if ((body as string).trim() === '') return done(null, undefined)
      parseJson(request, body as string, done)
    })

    app.addHook('preHandler', async (request: FastifyRequest) => {
      const params = request.params as Record<string, unknown> | undefined
      if (params && Object.values(params).some((v) => typeof v === 'string' && hasForbiddenCharacters(v))) throw notFound()
      const paths = [...badCharacterPaths(request.query), ...(Buffer.isBuffer(request.body) ? [] : badCharacterPaths(request.body))]
      if (paths.length)
        throw unprocessable(
          Object.fromEntries(paths.map((p) => [p, 'invalidCharacters'])),
          'Text fields cannot contain NUL or unpaired surrogate characters',
        )
    })
  },
  { name: 'input-hygiene', dependencies: ['errors'] },
)
