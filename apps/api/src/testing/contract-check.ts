import type { ValidateFunction } from 'ajv'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { OpenAPIBackend, type Document } from 'openapi-backend'
import { afterEach, expect } from 'vitest'
import { isApiUrl } from '../plugins/contract.ts'

interface ResponseObject {
  content?: Record<string, { schema?: object }>
  headers?: Record<string, { required?: boolean }>
}
interface Operation {
  operationId: string
  responses: Record<string, ResponseObject>
}

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

/**
 * Every answer an API test receives is checked against the OpenAPI document the app publishes
 * (decision 122): its status must be listed for the operation, its Content-Type must be one the
 * response declares, and a JSON body must match the response schema (openapi-backend, Ajv).
 * Call `useContractCheck()` where the app is set up (collection time) and `attach(app)` before
 * `app.ready()`; a test whose app answered off-contract fails after it with every violation.
 */
export function useContractCheck() {
  const violations: string[] = []
  afterEach(() => {
    const found = violations.splice(0)
    expect(found, 'answers that the OpenAPI document does not list (docs/api.md)').toEqual([])
  })
  return { attach: (app: FastifyInstance) => checkAnswers(app, (violation) => violations.push(violation)) }
}

interface Checker {
  api: OpenAPIBackend
  validatorOf: (schema: object) => ValidateFunction
}

// The apps of a worker's test files mostly publish the same document: its backend and compiled
// validators are built once per distinct document (about 0.3 CPU-seconds per file otherwise).
const checkers = new Map<string, Promise<Checker>>()

function checkerOf(document: object): Promise<Checker> {
  const key = JSON.stringify(document)
  let checker = checkers.get(key)
  if (!checker) {
    checker = buildChecker(document)
    checkers.set(key, checker)
  }
  return checker
}

async function buildChecker(document: object): Promise<Checker> {
  const api = new OpenAPIBackend({
    // A copy: dereferencing works in place, and the app keeps serving its own document.
    definition: structuredClone(document) as Document,
    quick: true,
    strict: true,
    validate: false,
  })
  await api.init()
  // One Ajv for every response schema, each compiled once when first seen: the shared ApiError
  // schema of ten statuses of eighty operations is compiled once, not eight hundred times.
  // JSON Schema 2020-12: the dialect of OpenAPI 3.1 and of zod's output.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  const compiled = new Map<string, ValidateFunction>()
  const validatorOf = (schema: object) => {
    const key = JSON.stringify(schema)
    const validate = compiled.get(key) ?? ajv.compile(schema)
    compiled.set(key, validate)
    return validate
  }
  return { api, validatorOf }
}

/** Adds the onSend hook that reports each answer of `app` that its own document does not list. */
export function checkAnswers(app: FastifyInstance, report: (violation: string) => void) {
  let checker: Promise<Checker> | undefined
  const backend = () => (checker ??= checkerOf(app.swagger()))

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Never changes the answer: what is wrong is reported after the test.
    await check(request, reply, payload).catch((err: Error) => report(`contract check failed: ${err.stack}`))
    return payload
  })

  const check = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const route = request.routeOptions
    if (!route.url || !isApiUrl(route.url) || request.method === 'HEAD' || request.method === 'OPTIONS') return
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return
    const where = `${request.method} ${route.url}`
    const { api, validatorOf } = await backend()
    const operation = api.definition.paths?.[openapiPath(route.url)]?.[request.method.toLowerCase() as 'get'] as Operation | undefined
    if (!operation) {
      report(`${where}: not in the document`)
      return
    }
    const status = String(reply.statusCode)
    const response = operation.responses[status]
    if (!response) {
      report(`${where} answered ${status}; the document lists ${Object.keys(operation.responses).join(', ')}`)
      return
    }
    for (const [name, header] of Object.entries(response.headers ?? {}))
      if (header.required && reply.getHeader(name) === undefined) report(`${where} ${status}: no ${name} header`)

    const type = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]!
      .trim()
    const declared = Object.keys(response.content ?? {})
    const hasBody = payload !== undefined && payload !== null && payload !== ''
    if (!hasBody) {
      if (declared.length) report(`${where} ${status}: empty body, the document declares ${declared}`)
      return
    }
    if (!declared.includes(type)) {
      report(`${where} ${status}: Content-Type ${type || '(none)'}, the document declares ${declared.join(', ') || 'no body'}`)
      return
    }
    const schema = response.content?.[type]?.schema
    if (type === 'application/json' && schema && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const validate = validatorOf(schema)
      if (!validate(JSON.parse(String(payload))))
        for (const error of validate.errors ?? [])
          report(`${where} ${status}: body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`)
    }
  }
}
