import { ApiErrorSchema } from '@app/contracts'
import type { RouteOptions } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { acceptsIdempotencyKey } from './idempotency.ts'

/**
 * The OpenAPI contract (docs/api.md, decision 120). Route files give what only they know
 * (operationId, summary, description, success and domain error responses, examples in the
 * contracts' zod schemas); this module derives the rest from how the route is built:
 * security from its auth check, the standard error answers from its checks, body and parameters.
 */

/** Every tag an operation may use, with the description clients see (tags group a generated client). */
export const API_TAGS = [
  { name: 'health', description: 'Liveness and readiness for load balancers and monitors.' },
  { name: 'auth', description: 'Sign in, tokens, sessions, password resets and e-mail verification.' },
  { name: 'signup', description: 'Trainer self-service sign-up: one-time code, verification and registration.' },
  { name: 'users', description: 'Public look-ups of accounts.' },
  { name: 'plans', description: 'The subscription plan catalogue.' },
  { name: 'forms', description: 'Contact forms from the public site (free-access requests).' },
  { name: 'business', description: 'Business (gym owner) registration.' },
  { name: 'gyms', description: "A gym owner's gym." },
  { name: 'trainers', description: "The trainers of an owner's gym." },
  { name: 'billing', description: "A trainer's subscription to the platform: checkout, status, billing portal, provider webhook." },
  { name: 'connect', description: 'Payout accounts of trainers (onboarding with the payment provider).' },
  {
    name: 'client billing: trainer',
    description: 'A trainer charges their clients: offers, invitations, clients, payments, refunds, income.',
  },
  { name: 'client billing: client', description: "A client's side of client billing: invitations, checkout, subscriptions." },
  { name: 'client billing: gym', description: "Commissions of a gym's trainers' client payments." },
  { name: 'privacy', description: "A person's data-protection rights: close and reopen the account, export, rectify, consents." },
  {
    name: 'admin',
    description: 'The operator console (platform_admin only): leads, trainers, gyms, money, audit log, review moderation, backups.',
  },
  { name: 'trainer profiles', description: "A trainer's public profile and photo, and the public search of published trainers." },
  { name: 'availability', description: "A trainer's session types, weekly hours and days off: what clients can book." },
  { name: 'bookings', description: 'Open times of a trainer, booking and cancelling sessions, confirmation, attendance, week calendars.' },
  { name: 'calendar feeds', description: 'Secret .ics URLs that calendar apps subscribe to: create, revoke, read.' },
  { name: 'reviews', description: 'Reviews of trainers by clients who attended a session, and the trainer’s answers.' },
  { name: 'routines', description: 'Exercise library, programs, workout logs and progress (trainers, their clients, gym owners).' },
  {
    name: 'progress',
    description: 'Health-data consent, body measurements, progress photos and adherence (clients, their trainers, gym owners).',
  },
  { name: 'tax identity', description: "A trainer's RUT; a business's RUT, razón social and giro (issue 27)." },
  {
    name: 'tax start',
    description:
      "Sellers' tax start (inicio de actividades) or exemption with its proof, reviewed by operators every six months (issue 27).",
  },
  {
    name: 'tax documents',
    description:
      'Electronic tax documents the platform issues to whoever pays it: boletas, facturas and credit notes, with their PDFs (issue 27).',
  },
] as const

/** The bearer schemes of components.securitySchemes. */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token of a session (login, business registration or refresh), valid ACCESS_TOKEN_TTL seconds.',
  },
  signupToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The sign-up token of POST /auth/email/register: the sign-up flow calls (checkout, payouts) before the trainer signs in.',
  },
  refreshToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The refresh token of a session, sent only to POST /auth/refresh.',
  },
} as const

type SecurityRequirement = Record<string, string[]>

// Traits a preHandler carries so that the contract can be derived from the route (auth.ts, rate-limit.ts mark them).
const TRAITS = Symbol('contract traits')
export interface HookTraits {
  /** An authentication check (access token). */
  authenticates?: boolean
  /** Authentication that also accepts a sign-up token. */
  acceptsSignupToken?: boolean
  /** Refuses some authenticated callers with 403 (a role check). */
  checksRole?: boolean
  /** Answers 429 with Retry-After past its limit. */
  rateLimited?: boolean
}

/** Marks a hook with what it can answer, for the contract; returns the same function. */
export function withTraits<T extends object>(hook: T, traits: HookTraits): T {
  const own = (hook as Record<symbol, HookTraits | undefined>)[TRAITS] ?? {}
  Object.defineProperty(hook, TRAITS, { value: { ...own, ...traits }, configurable: true })
  return hook
}

const hooksOf = (hook: unknown): unknown[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook])

/** What a route's hooks and schema say about the answers it can give. */
export function routeTraits(route: Pick<RouteOptions, 'onRequest' | 'preHandler' | 'method' | 'url' | 'schema' | 'config'>) {
  const traits: HookTraits = {}
  for (const hook of [...hooksOf(route.onRequest), ...hooksOf(route.preHandler)]) {
    Object.assign(traits, (hook as Record<symbol, HookTraits | undefined> | null)?.[TRAITS] ?? {})
  }
  const schema = (route.schema ?? {}) as Record<string, unknown>
  const methods = hooksOf(route.method) as string[]
  return {
    ...traits,
    // Fastify parses a body on these methods whether or not the route takes one.
    takesBody: methods.some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m)),
    acceptsIdempotencyKey: acceptsIdempotencyKey(route),
    hasPathParams: Boolean(schema.params) || /[:*]/.test(route.url),
  }
}

/** The security an operation requires, from its auth check. */
export function derivedSecurity(traits: ReturnType<typeof routeTraits>): SecurityRequirement[] {
  if (traits.acceptsSignupToken) return [{ bearer: [] }, { signupToken: [] }]
  if (traits.authenticates) return [{ bearer: [] }]
  return []
}

const errorExample = (status: number, message: string, errors?: Record<string, string>) => ({
  status,
  message,
  ...(errors ? { errors } : {}),
})

const retryAfter = {
  'Retry-After': { type: 'integer', minimum: 1, description: 'Seconds to wait before trying again.' },
}

/** The standard error answers: description and example of each status (spec §8 shape). */
export const STANDARD_ERRORS: Record<number, { description: string; example: object; headers?: object }> = {
  400: {
    description: 'Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode.',
    example: errorExample(400, 'Malformed JSON in request body'),
  },
  401: {
    description: 'Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again.',
    example: errorExample(401, 'Invalid or expired token'),
  },
  403: { description: 'Signed in, but this account may not do this.', example: errorExample(403, 'Your account cannot do this') },
  404: { description: 'No such resource, or not one of yours.', example: errorExample(404, 'Not found') },
  409: {
    description:
      'Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After).',
    example: errorExample(409, 'Conflict'),
    headers: { 'Retry-After': { ...retryAfter['Retry-After'], description: 'With idempotencyKeyInProgress: seconds to wait.' } },
  },
  413: { description: 'The request body is larger than the limit (1 MiB).', example: errorExample(413, 'Request body is too large') },
  415: { description: 'Unsupported Content-Type: send application/json.', example: errorExample(415, 'Unsupported media type') },
  422: {
    description:
      'Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused).',
    example: errorExample(422, 'Unprocessable entity', { email: 'invalidEmail' }),
  },
  429: {
    description: 'Too many requests: wait the seconds of the Retry-After header.',
    example: errorExample(429, 'Too many requests. Try again in 60 seconds.'),
    headers: retryAfter,
  },
  500: {
    description: 'Unexpected server error; the message carries the request id (also in the X-Request-Id header).',
    example: errorExample(500, 'Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)'),
  },
  503: {
    description:
      'Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After.',
    example: { status: 503, message: 'The database is not answering; try again in a few seconds.', code: 'databaseUnavailable' },
    headers: retryAfter,
  },
  507: {
    description: 'No room left to store data (`code` storageFull); reads still work. Retry after Retry-After.',
    example: { status: 507, message: 'The server has no room to store this right now; try again later.', code: 'storageFull' },
    headers: retryAfter,
  },
}

/** Error statuses a route gives by how it is built (docs/api.md lists the rules). */
export function derivedErrorStatuses(traits: ReturnType<typeof routeTraits>): number[] {
  // 503: a database fault or the request deadline (plugins/deadline.ts) can stop any call.
  const statuses = new Set<number>([422, 500, 503])
  // 507: a write when the disk is under its reserve.
  if (traits.takesBody) [400, 413, 415, 507].forEach((s) => statuses.add(s))
  if (traits.acceptsIdempotencyKey) statuses.add(409)
  if (traits.hasPathParams) [400, 404].forEach((s) => statuses.add(s))
  if (traits.authenticates || traits.acceptsSignupToken) statuses.add(401)
  if (traits.checksRole) statuses.add(403)
  if (traits.rateLimited) statuses.add(429)
  return [...statuses]
}

/** A route's own description of one of its error answers: `404: apiError('You have no gym yet')`. */
export const apiError = (description: string) => ApiErrorSchema.describe(description)

/** A success answer that is a CSV file (e.g. `200: csvResponse('Leads, one per line', 'id,email\n…')`). */
export function csvResponse(description: string, example: string) {
  return { description, content: { 'text/csv': { schema: z.string().meta({ examples: [example] }) } } }
}

// @fastify/swagger reads a response's description from this key and drops it from the schema.
const RESPONSE_DESCRIPTION = 'x-response-description'

/** components.schemas.ApiError: the one error body (spec §8). */
export const API_ERROR_COMPONENT = (() => {
  const { $schema: _, ...schema } = z.toJSONSchema(ApiErrorSchema, { io: 'output' }) as Record<string, unknown>
  return { ...schema, description: 'Every error answer: status, a readable message, and one code per field on validation errors.' }
})()

const SUCCESS_DESCRIPTIONS: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' }

interface TransformInput {
  schema: Record<string, unknown> | undefined
  url: string
  route: RouteOptions
  openapiObject: Record<string, unknown>
}

/** Only the API is in the document: web pages, robots.txt, the sitemap, dev and built-in provider pages are not. */
export const isApiUrl = (url: string) => /^\/api\/(v\d+\/|health$|ready$)/.test(url)

// apiError() answers are ApiErrorSchema with a description: the same shape.
const isErrorShape = (value: unknown) =>
  value === ApiErrorSchema || (value instanceof z.ZodObject && value.shape.status === ApiErrorSchema.shape.status)

const isContentForm = (value: unknown): value is { description?: string; content: Record<string, { schema: unknown }> } =>
  typeof value === 'object' && value !== null && 'content' in value && !(value instanceof z.ZodType)

/**
 * @fastify/swagger's `transform`: zod to JSON Schema (fastify-type-provider-zod), plus the derived
 * security and error answers, descriptions and examples of each response, CSV bodies, and hiding
 * everything that is not the API.
 */
export function contractTransform(input: TransformInput) {
  const { schema, url, route } = input
  if (!schema || schema.hide || !isApiUrl(url)) return { schema: { hide: true }, url }
  const traits = routeTraits(route)
  const { response: declared = {}, produces, ...rest } = schema as { response?: Record<string, unknown>; produces?: string[] }

  const errors = Object.fromEntries(derivedErrorStatuses(traits).map((status) => [status, ApiErrorSchema]))
  const responses: Record<string, unknown> = { ...errors, ...declared }
  const zodResponses: Record<string, unknown> = {}
  const contentResponses: Record<string, { description?: string; content: Record<string, { schema: unknown }> }> = {}
  for (const [status, value] of Object.entries(responses)) {
    if (isContentForm(value)) contentResponses[status] = value
    // A success answer of a route that `produces` another type (e.g. text/csv) has that type, its errors JSON.
    else if (produces && /^2/.test(status))
      contentResponses[status] = { content: Object.fromEntries(produces.map((type) => [type, { schema: value }])) }
    else zodResponses[status] = value
  }

  const transformed = jsonSchemaTransform({ ...input, schema: { ...rest, response: zodResponses } } as never) as {
    schema: Record<string, unknown> & { response: Record<string, Record<string, unknown>> }
    url: string
  }
  const out = transformed.schema
  // zod drops the examples of a schema that transforms (e.g. trims) from its input JSON Schema; they are valid input.
  const bodyExamples = schema.body instanceof z.ZodType ? z.globalRegistry.get(schema.body)?.examples : undefined
  if (out.body && bodyExamples && !(out.body as { examples?: unknown }).examples)
    (out.body as { examples?: unknown }).examples = bodyExamples
  out.security = (schema.security as SecurityRequirement[] | undefined) ?? derivedSecurity(traits)

  for (const [status, response] of Object.entries(out.response)) {
    const standard = STANDARD_ERRORS[Number(status)]
    const value = responses[status]
    if (isErrorShape(value)) {
      // Every error answer is the one ApiError component (spec §8), described per status or by the route.
      const own = value === ApiErrorSchema ? undefined : (response.description as string | undefined)
      out.response[status] = {
        description: own ?? standard?.description ?? 'Error',
        ...(standard?.headers ? { headers: standard.headers } : {}),
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/ApiError' },
            example: standard?.example ?? errorExample(Number(status), 'Error'),
          },
        },
      }
      continue
    }
    response[RESPONSE_DESCRIPTION] = response.description ?? SUCCESS_DESCRIPTIONS[status] ?? 'Response'
  }
  for (const [status, { description, content }] of Object.entries(contentResponses)) {
    const media: Record<string, { schema: unknown }> = {}
    for (const [type, { schema: mediaSchema }] of Object.entries(content)) {
      const converted = jsonSchemaTransform({ ...input, schema: { response: { [status]: mediaSchema } } } as never) as {
        schema: { response: Record<string, Record<string, unknown>> }
      }
      const jsonSchema = converted.schema.response[status]!
      const { examples, ...plain } = jsonSchema as { examples?: unknown[] }
      media[type] = { schema: plain, ...(examples?.length ? { example: examples[0] } : {}) }
    }
    out.response[status] = { description: description ?? SUCCESS_DESCRIPTIONS[status] ?? 'Response', content: media }
  }
  return { schema: out, url: transformed.url }
}
