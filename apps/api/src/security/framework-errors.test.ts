import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createUserAndLogin, freshIp, useTestApp } from '../testing/app.ts'
import { httpRequest, rawRequest, startServer, type ServerProcess } from '../testing/server-process.ts'

// A marker in every hostile input: no answer may contain it. Headers and bodies carry HIDDEN,
// which no log line may contain either (the log shows a URL, shortened, never headers or bodies).
const MARK = 'ECHOMARKER'
const HIDDEN = `${MARK}HIDDEN`
const errorShape = (body: string) => {
  const json = JSON.parse(body)
  expect(Object.keys(json).sort()).toEqual(['message', 'status'])
  expect(typeof json.message).toBe('string')
  return json as { status: number; message: string }
}

describe('framework-level refusals answer {status, message} and never echo the input (issue 9 item 14)', () => {
  let server: ServerProcess
  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: 'trace' } })
  }, 200_000)
  afterAll(async () => server?.stop())

  const raw = (text: string) => rawRequest(server.port, text)
  const get = (path: string, headers = '') => raw(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`)

  it('an unknown route of 4 KB answers 404 without repeating the path', async () => {
    const path = `/api/v1/${MARK}${'a'.repeat(4096)}`
    const res = await get(path)
    expect(res.status).toBe(404)
    expect(errorShape(res.body)).toEqual({ status: 404, message: 'Not found' })
    expect(res.body).not.toContain(MARK)
  })

  it('a URL over 8 KB answers 414', async () => {
    for (const path of [`/api/v1/plans?q=${MARK}${'b'.repeat(9000)}`, `/${MARK}${'c'.repeat(9000)}`]) {
      const res = await get(path)
      expect(res.status).toBe(414)
      expect(errorShape(res.body)).toEqual({ status: 414, message: 'URI too long' })
      expect(res.body).not.toContain(MARK)
    }
  })

  it('a path parameter longer than any id answers 414', async () => {
    const res = await get(`/api/v1/gyms/${MARK}${'d'.repeat(300)}`)
    expect(res.status).toBe(414)
    expect(errorShape(res.body).status).toBe(414)
    expect(res.body).not.toContain(MARK)
  })

  it('bad percent-encoding answers 400', async () => {
    for (const path of [`/api/v1/gyms/${MARK}%zz`, `/api/v1/${MARK}%E0%A4%A`, `/sandbox/checkout/${MARK}%`]) {
      const res = await get(path)
      expect(res.status, path).toBe(400)
      expect(errorShape(res.body)).toEqual({ status: 400, message: 'Malformed URL' })
      expect(res.body).not.toContain(MARK)
      expect(res.head.toLowerCase()).toContain('x-request-id:')
    }
  })

  it('malformed requests and headers answer 400 on the raw socket', async () => {
    const cases = [
      `GET /api/v1/plans HTTP/1.1\r\nHost: localhost\r\nBad Header ${HIDDEN}: x\r\n\r\n`,
      `GET /api/v1/plans HTTP/1.1\r\nHost: localhost\r\nX-A: ${HIDDEN}\x01\r\n\r\n`,
      `${HIDDEN} NONSENSE\r\n\r\n`,
      `GET /api/v1/plans HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n${HIDDEN}`,
      `POST /api/v1/auth/refresh HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz${HIDDEN}\r\n`,
    ]
    for (const text of cases) {
      const res = await raw(text)
      expect(res.status, JSON.stringify(text)).toBe(400)
      expect(errorShape(res.body)).toEqual({ status: 400, message: 'Bad request' })
      expect(res.body).not.toContain(MARK)
    }
  })

  it('headers over 16 KB answer 431', async () => {
    const res = await get('/api/v1/plans', `X-Big: ${HIDDEN}${'e'.repeat(20_000)}\r\n`)
    expect(res.status).toBe(431)
    expect(errorShape(res.body)).toEqual({ status: 431, message: 'Request header fields too large' })
    expect(res.body).not.toContain(MARK)
  })

  it('an unsupported content type answers 415, bad JSON 400, a large body 413', async () => {
    const url = `${server.url}/api/v1/auth/email/login`
    const xml = await httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': `application/${HIDDEN}+xml` },
      body: `<a>${HIDDEN}</a>`,
    })
    expect(xml.status).toBe(415)
    expect(errorShape(xml.body)).toEqual({ status: 415, message: 'Unsupported media type' })

    const bad = await httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"email": ${HIDDEN}` })
    expect(bad.status).toBe(400)
    expect(errorShape(bad.body)).toEqual({ status: 400, message: 'Malformed JSON in request body' })

    const big = await httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: HIDDEN.repeat(100_000) }),
    })
    expect(big.status).toBe(413)
    expect(errorShape(big.body)).toEqual({ status: 413, message: 'Request body is too large' })

    for (const res of [xml, bad, big]) expect(res.body).not.toContain(MARK)
  })

  it('no header, body or unparsable request reached the log, and logged URLs are shortened', async () => {
    await new Promise((r) => setTimeout(r, 300))
    const log = server.output()
    expect(log).toContain(MARK)
    expect(log).not.toContain(HIDDEN)
    for (const line of log.split('\n')) expect(line.length).toBeLessThan(3000)
  })
})

describe('authentication comes before validation (issue 9 item 15)', () => {
  const ctx = useTestApp()
  const fill = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => `garbage-${name}`)

  it('knows every route that takes a bearer token, and each one authenticates', () => {
    const routes = ctx.app.routeAuth
    expect(routes.length).toBeGreaterThan(20)
    const declared = routes.filter((r) => r.declaresBearer)
    expect(declared.length).toBeGreaterThan(10)
    for (const r of declared) expect(r.authenticated, `${r.method} ${r.url}`).toBe(true)
    expect(routes).toContainEqual(expect.objectContaining({ method: 'PUT', url: '/api/v1/gyms/:id', authenticated: true }))
  })

  it('PUT /api/v1/gyms/1 without a token answers 401, not 422', async () => {
    const res = await call(ctx.app, 'PUT', '/api/v1/gyms/1', { body: { name: '' } })
    expect(res.statusCode).toBe(401)
  })

  it('every authenticated route answers 401 to a missing or bad token, whatever the body and parameters', async () => {
    const authenticated = ctx.app.routeAuth.filter((r) => r.authenticated)
    expect(authenticated.length).toBeGreaterThan(15)
    const bodies: { payload?: string; type?: string }[] = [
      {},
      { payload: JSON.stringify({ nope: [1, 2, 3], email: 'not an e-mail', userId: 42 }), type: 'application/json' },
      { payload: '{"broken": ', type: 'application/json' },
      { payload: '', type: 'application/json' },
      { payload: '<xml/>', type: 'application/xml' },
    ]
    const tokens = [undefined, 'Bearer', 'Bearer garbage', 'Basic dXNlcjpwYXNz', `Bearer ${'x'.repeat(500)}`]
    for (const route of authenticated) {
      for (const { payload, type } of bodies) {
        for (const authorization of tokens) {
          const withBody = payload !== undefined && route.method !== 'GET' && route.method !== 'HEAD'
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url: `${fill(route.url)}?${'q'}=${encodeURIComponent('{"$ne": 1}')}`,
            payload: withBody ? payload : undefined,
            headers: { ...(withBody && type ? { 'content-type': type } : {}), ...(authorization ? { authorization } : {}) },
            remoteAddress: freshIp(),
          })
          const label = `${route.method} ${route.url} ${type ?? 'no body'} ${authorization ?? 'no token'}`
          expect(res.statusCode, label).toBe(401)
          if (route.method !== 'HEAD') expect(res.json().status, label).toBe(401)
        }
      }
    }
  }, 180_000) // one request per route and body: over a minute on a loaded CI machine

  it('with a valid token the usual validation still answers 422', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const res = await call(ctx.app, 'PUT', '/api/v1/gyms/1', { token: owner.token, body: { name: '' } })
    expect(res.statusCode).toBe(422)
  })

  it('a role check still answers 403 after authentication', async () => {
    const member = await createUserAndLogin(ctx.app, { role: 'member' })
    const res = await call(ctx.app, 'PUT', '/api/v1/gyms/1', { token: member.token, body: { name: '' } })
    expect(res.statusCode).toBe(403)
  })
})
