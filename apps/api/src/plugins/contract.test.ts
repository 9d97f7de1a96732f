import { ApiErrorSchema } from '@app/contracts'
import Fastify, { type FastifyReply } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { SNAPSHOT_PATH, renderDocument } from '../cli/openapi-document.ts'
import { testConfig } from '../config.ts'
import { useTestApp } from '../testing/app.ts'
import { checkAnswers } from '../testing/contract-check.ts'
import { API_TAGS, SECURITY_SCHEMES, isApiUrl } from './contract.ts'
import docsPlugin from './docs.ts'

const ctx = useTestApp()

interface Operation {
  operationId?: string
  summary?: string
  description?: string
  tags?: string[]
  security?: Record<string, string[]>[]
  parameters?: { in: string; name: string }[]
  requestBody?: { content: Record<string, { schema?: unknown; example?: unknown }> }
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown }> }>
}
interface Document {
  info: { version: string }
  tags: { name: string; description: string }[]
  paths: Record<string, Record<string, Operation>>
}

const documentOf = () => ctx.app.swagger() as unknown as Document
const operations = () =>
  Object.entries(documentOf().paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
  )
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

// How an operation is named (docs/api.md): a verb, then what it acts on, in camelCase.
const OPERATION_ID =
  /^(list|get|create|update|delete|add|send|resend|verify|confirm|register|login|logout|refresh|request|reset|complete|submit|lookup|setup|receive|invite|revoke|cancel|retire|refund|export|deactivate|reactivate|search|publish|upload|set|mark|rotate|save|reply|hide|unhide|approve|reject|withdraw)[A-Z][A-Za-z]*$|^logout$/

describe('the OpenAPI contract (issue 28)', () => {
  it('names, summarises, describes, tags and secures every operation once', () => {
    const ops = operations()
    expect(ops.length).toBeGreaterThanOrEqual(80)
    const ids = new Set<string>()
    const tags = new Set(API_TAGS.map((t) => t.name))
    for (const { where, op } of ops) {
      expect(op.operationId, `${where}: operationId (verb + noun) in its route schema`).toMatch(OPERATION_ID)
      expect(ids.has(op.operationId!), `${where}: operationId ${op.operationId} is used twice`).toBe(false)
      ids.add(op.operationId!)
      expect(op.summary, `${where}: summary`).toBeTruthy()
      expect(op.description, `${where}: description`).toBeTruthy()
      expect(op.description, `${where}: description repeats the summary`).not.toBe(op.summary)
      expect(op.tags?.length, `${where}: one tag`).toBe(1)
      for (const tag of op.tags!) expect(tags.has(tag as never), `${where}: tag ${tag} is not in API_TAGS`).toBe(true)
      expect(Array.isArray(op.security), `${where}: security`).toBe(true)
      for (const requirement of op.security!)
        for (const scheme of Object.keys(requirement)) expect(Object.keys(SECURITY_SCHEMES), where).toContain(scheme)
    }
    const used = new Set(ops.flatMap(({ op }) => op.tags ?? []))
    for (const tag of documentOf().tags) {
      expect(tag.description, tag.name).toBeTruthy()
      expect(used.has(tag.name), `tag ${tag.name} is defined but no operation uses it`).toBe(true)
    }
  })

  it('documents every API route, and nothing else: no web page, dev or sandbox surface', () => {
    const paths = documentOf().paths
    for (const path of Object.keys(paths)) expect(isApiUrl(path), path).toBe(true)
    for (const { method, url } of ctx.app.routeAuth) {
      if (method === 'HEAD' || !isApiUrl(url)) continue
      expect(paths[openapiPath(url)]?.[method.toLowerCase()], `${method} ${url} is not in the document`).toBeDefined()
    }
    expect(isApiUrl('/')).toBe(false)
    expect(isApiUrl('/precios')).toBe(false)
    expect(isApiUrl('/robots.txt')).toBe(false)
    expect(isApiUrl('/sitemap.xml')).toBe(false)
    expect(isApiUrl('/dev/mailbox')).toBe(false)
    expect(isApiUrl('/sandbox/checkout/:id')).toBe(false)
  })

  it('derives security from the route’s auth check; a declared one must agree', () => {
    const byRoute = new Map(ctx.app.routeAuth.map((r) => [`${r.method} ${openapiPath(r.url)}`, r]))
    for (const { where, op } of operations()) {
      const route = byRoute.get(where)!
      const bearer = op.security!.some((s) => 'bearer' in s || 'signupToken' in s)
      expect(
        bearer,
        `${where}: security says ${JSON.stringify(op.security)}, the route ${route.authenticated ? 'authenticates' : 'is public'}`,
      ).toBe(route.authenticated)
      if (route.authenticated) expect(op.responses['401'], where).toBeDefined()
    }
    expect(documentOf().paths['/api/v1/auth/refresh']!.post!.security).toEqual([{ refreshToken: [] }])
    expect(documentOf().paths['/api/v1/platform/subscriptions/checkout']!.post!.security).toEqual([{ bearer: [] }, { signupToken: [] }])
    expect(documentOf().paths['/api/v1/plans']!.get!.security).toEqual([])
  })

  it('lists the standard error answers each route can give, in the one error shape, with Retry-After on 429', () => {
    const paths = documentOf().paths
    for (const { where, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description, `${where} ${status}`).toBeTruthy()
        expect(response.description, `${where} ${status}`).not.toBe('Default Response')
        if (Number(status) >= 400 && !where.includes('/api/health') && !where.includes('/api/ready'))
          expect(response.content?.['application/json']?.schema, `${where} ${status}`).toEqual({ $ref: '#/components/schemas/ApiError' })
      }
      expect(op.responses['500'], where).toBeDefined()
      if (/^(POST|PUT|PATCH|DELETE)/.test(where))
        for (const s of ['400', '413', '415']) expect(op.responses[s], `${where} ${s}`).toBeDefined()
      if (op.responses['429']) expect(op.responses['429'].headers, where).toHaveProperty('Retry-After')
    }
    const forms = paths['/api/v1/forms']!.post!
    expect(Object.keys(forms.responses).sort()).toEqual(['201', '400', '409', '413', '415', '422', '429', '500', '503', '507'])
    expect(forms.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['header idempotency-key'])
    const leads = paths['/api/v1/admin/leads']!.get!
    for (const s of ['401', '403', '422', '429']) expect(leads.responses[s], s).toBeDefined()
    expect(paths['/api/v1/auth/me']!.get!.responses['403']).toBeUndefined()
  })

  it('declares CSV exports as text/csv, with an example', () => {
    const csv = operations().filter(({ where }) => where.endsWith('.csv'))
    expect(csv.length).toBe(8)
    for (const { where, op } of csv) {
      expect(Object.keys(op.responses['200']!.content!), where).toEqual(['text/csv'])
      expect(op.responses['200']!.content!['text/csv'], where).toHaveProperty('example')
    }
  })

  it('gives request examples for the bodies of the main flows', () => {
    const paths = documentOf().paths
    for (const [path, method] of [
      ['/api/v1/auth/email/login', 'post'],
      ['/api/v1/auth/email/otp/generate', 'post'],
      ['/api/v1/auth/email/otp/verify', 'post'],
      ['/api/v1/auth/email/register', 'post'],
      ['/api/v1/gyms', 'post'],
      ['/api/v1/forms', 'post'],
    ] as const) {
      const media = paths[path]![method]!.requestBody!.content['application/json']!
      expect(media.example, `${method} ${path}`).toBeDefined()
    }
  })

  it('docs/api/openapi.json is the document of the routes (npm run api:generate)', async () => {
    const current = await renderDocument(ctx.app.swagger())
    const committed = readFileSync(SNAPSHOT_PATH, 'utf8')
    expect(committed === current, 'docs/api/openapi.json is stale: run `npm run api:generate` and commit it').toBe(true)
  })
})

describe('the response check of the API tests (testing/contract-check.ts)', () => {
  it('reports an answer whose status, type or body the document does not list', async () => {
    const app = Fastify()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    app.decorate('config', testConfig())
    await app.register(docsPlugin)
    const found: string[] = []
    const schema = (operationId: string) => ({
      operationId,
      summary: 'Check',
      description: 'A route of this test.',
      tags: ['health'],
      response: { 200: z.object({ ok: z.boolean() }), 404: ApiErrorSchema },
    })
    app.get('/api/v1/good', { schema: schema('getGood') }, () => ({ ok: true }))
    app.get('/api/v1/teapot', { schema: schema('getTeapot') }, (_req, reply) => (reply as FastifyReply).code(418).send({ ok: true }))
    app.get('/api/v1/text', { schema: schema('getText') }, (_req, reply) => reply.type('text/plain').send('ok'))
    // An answer that slips past the serializer (already a string) with a shape the document does not allow.
    app.get('/api/v1/shape', { schema: schema('getShape') }, (_req, reply) =>
      reply
        .code(404)
        .type('application/json')
        .send(JSON.stringify({ status: 404, reason: 'gone' })),
    )
    checkAnswers(app, (violation) => found.push(violation))
    await app.ready()
    for (const url of ['/api/v1/good', '/api/v1/teapot', '/api/v1/text', '/api/v1/shape']) await app.inject({ method: 'GET', url })
    await app.close()
    expect(found.slice(0, 2)).toEqual([
      expect.stringContaining('GET /api/v1/teapot answered 418; the document lists 200, 404, 422, 500, 503'),
      expect.stringContaining('GET /api/v1/text 200: Content-Type text/plain'),
    ])
    // The error body misses `message` and has an unknown `reason`: each is reported.
    expect(found.slice(2)).toEqual([
      expect.stringMatching(/^GET \/api\/v1\/shape 404: body .*message/),
      expect.stringMatching(/^GET \/api\/v1\/shape 404: body .*reason/),
    ])
  })
})
