import { randomUUID } from 'node:crypto'
import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { testConfig } from '../config.ts'
import { isLoopback } from '../plugins/dev-only.ts'
import { openTestDatabase, useTestApp } from '../testing/app.ts'
import { httpRequest, PRODUCTION_ENV, startServer, type ServerProcess } from '../testing/server-process.ts'

/** An IPv4 address of this machine that is not loopback, if it has one. */
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address

const login = (url: string, headers: Record<string, string> = {}, localAddress?: string) =>
  httpRequest(`${url}/api/v1/auth/email/login`, {
    method: 'POST',
    headers,
    localAddress,
    body: { email: `nobody-${randomUUID().slice(0, 8)}@example.com`, password: 'Wrong123!' },
  })

/** Sends `n` logins, each from a new (spoofed) address; the statuses in order. */
async function loginStatuses(n: number, headersOf: (i: number) => Record<string, string>, localAddress?: string) {
  const statuses: number[] = []
  for (let i = 0; i < n; i++) statuses.push((await login(server.url, headersOf(i), localAddress)).status)
  return statuses
}
let server: ServerProcess

// The per-address login limit: 30 per 10 minutes (modules/auth/routes.ts).
const LOGIN_IP_LIMIT = 30

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.45.6.7', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::FFFF:127.9.9.9', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['128.0.0.1', false],
    ['1270.0.0.1', false],
    ['127.0.0.1.evil', false],
    ['fe80::1', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected)
  })
})

describe('dev-only routes answer loopback callers only (issue 9 item 1)', () => {
  const ctx = useTestApp()
  const unknown = () => ctx.app.inject({ method: 'GET', url: '/dev/no-such-page', remoteAddress: '127.0.0.1' })

  it('the mailbox answers a caller on this machine', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress })
      expect(res.statusCode, remoteAddress).toBe(200)
    }
  })

  it('anyone else gets exactly the answer of an unknown route, whatever headers they send', async () => {
    const notFound = await unknown()
    expect(notFound.statusCode).toBe(404)
    const attempts = [
      { remoteAddress: '10.1.2.3', headers: {} },
      { remoteAddress: '192.168.1.20', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '::ffff:10.0.0.1', headers: { 'x-real-ip': '127.0.0.1' } },
      // A reverse proxy on this machine: the socket is loopback, the caller is not.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } },
    ]
    for (const { remoteAddress, headers } of attempts) {
      for (const url of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox.json?limit=200']) {
        const res = await ctx.app.inject({ method: 'GET', url, remoteAddress, headers })
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404)
        expect(res.body).toBe(notFound.body)
        expect(res.headers['content-type']).toBe(notFound.headers['content-type'])
      }
    }
  })
})

describe('dev-only routes are off while mail goes to SMTP, and in production', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
    await database.close().catch(() => {})
  })

  it.each([
    ['SMTP_URL set', { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_TRANSPORT: 'smtp' as const }],
    ['production', { NODE_ENV: 'production' as const, MAIL_TRANSPORT: 'log' as const }],
  ])('%s: /dev/mailbox answers 404 even to loopback', async (_label, overrides) => {
    const app = await buildApp({ config: testConfig(overrides), database, serveWeb: false, mailAutoDeliver: false })
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
        const res = await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })
        expect(res.statusCode).toBe(404)
        expect(res.json()).toEqual({ status: 404, message: 'Not found' })
      }
    } finally {
      await app.close()
    }
  })
})

describe('the real server in development', () => {
  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: 'development', HOST: undefined } })
  }, 200_000)
  afterAll(async () => server?.stop())

  it('listens on 127.0.0.1 unless HOST says otherwise', async () => {
    expect(server.output()).toContain(`Listening 127.0.0.1:${server.port}`)
    expect((await httpRequest(`${server.url}/api/health`)).status).toBe(200)
  })

  it.skipIf(!externalAddress)('cannot be reached on the machine’s network address', async () => {
    await expect(httpRequest(`http://${externalAddress}:${server.port}/api/health`)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  })

  it('serves the mailbox to any loopback address, over a real socket', async () => {
    const res = await httpRequest(`${server.url}/dev/mailbox.json`, { localAddress: '127.0.0.77' })
    expect(res.status).toBe(200)
    expect(res.json()).toHaveProperty('data')
  })

  it('the mailbox page answers once: nothing in the log says headers already sent (issue 23 point 10)', async () => {
    const id = `mailbox-${randomUUID().slice(0, 8)}`
    const res = await httpRequest(`${server.url}/dev/mailbox`, { headers: { 'x-request-id': id } })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    // The request's own log lines, once the request-completed line is written.
    const lines = async () => {
      for (let i = 0; i < 50 && !server.stdout().includes(`"reqId":"${id}"`); i++) await new Promise((r) => setTimeout(r, 100))
      await new Promise((r) => setTimeout(r, 300))
      return server
        .output()
        .split('\n')
        .filter((line) => line.includes(id))
    }
    const logged = await lines()
    expect(logged.length).toBeGreaterThan(0)
    expect(logged.join('\n')).not.toMatch(/headers after they are sent|ERR_HTTP_HEADERS_SENT|already sent/i)
    expect(logged.filter((line) => /"level":(4|5|6)0/.test(line))).toEqual([])
  })

  it('refuses the mailbox through a proxy header, even from loopback', async () => {
    const res = await httpRequest(`${server.url}/dev/mailbox.json`, { headers: { 'x-forwarded-for': '198.51.100.4' } })
    expect(res.status).toBe(404)
  })

  it('a safe client x-request-id is echoed and used as the log id; anything else is replaced', async () => {
    const safe = `trace-${randomUUID().slice(0, 8)}.1_a`
    const kept = await httpRequest(`${server.url}/api/v1/plans`, { headers: { 'x-request-id': safe } })
    expect(kept.headers['x-request-id']).toBe(safe)

    const unsafe = [`evil ${randomUUID()}`, `x${'a'.repeat(64)}`, '{"level":60}', 'a/b', 'é']
    for (const id of unsafe) {
      const res = await httpRequest(`${server.url}/api/v1/plans`, { headers: { 'x-request-id': id } })
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    }
    const generated = await httpRequest(`${server.url}/api/v1/plans`)
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)

    await new Promise((r) => setTimeout(r, 300))
    const log = server.stdout()
    expect(log).toContain(`"reqId":"${safe}"`)
    expect(log).toContain(`"reqId":"${generated.headers['x-request-id']}"`)
    for (const id of unsafe) expect(log).not.toContain(JSON.stringify(id).slice(1, -1))
  })
})

describe.skipIf(!externalAddress)('the real server with HOST=0.0.0.0 in development', () => {
  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: 'development', HOST: '0.0.0.0' } })
  }, 200_000)
  afterAll(async () => server?.stop())

  it('refuses the mailbox to a caller from the network, even one claiming to be loopback', async () => {
    const base = `http://${externalAddress}:${server.port}`
    expect((await httpRequest(`${base}/api/health`)).status).toBe(200)
    const unknown = await httpRequest(`${base}/dev/nothing-here`)
    const spoofs: Record<string, string>[] = [{}, { 'x-forwarded-for': '127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }, { host: 'localhost' }]
    for (const headers of spoofs) {
      const res = await httpRequest(`${base}/dev/mailbox.json`, { headers })
      expect(res.status).toBe(404)
      expect(res.body).toBe(unknown.body)
    }
    expect((await httpRequest(`${server.url}/dev/mailbox.json`)).status).toBe(200)
  })
})

describe('the real server in production without TRUST_PROXY', () => {
  beforeAll(async () => {
    server = await startServer({ env: { ...PRODUCTION_ENV, HOST: undefined } })
  }, 200_000)
  afterAll(async () => server?.stop())

  it.skipIf(!externalAddress)('listens on every interface by default', async () => {
    expect(server.output()).toContain(`Listening 0.0.0.0:${server.port}`)
    expect((await httpRequest(`http://${externalAddress}:${server.port}/api/health`)).status).toBe(200)
  })

  it('has no mailbox, not even for loopback', async () => {
    const unknown = await httpRequest(`${server.url}/dev/nothing-here`)
    const res = await httpRequest(`${server.url}/dev/mailbox.json`)
    expect(res.status).toBe(404)
    expect(res.body).toBe(unknown.body)
  })

  it('a per-address limit ignores X-Forwarded-For (TRUST_PROXY is off by default)', async () => {
    const statuses = await loginStatuses(LOGIN_IP_LIMIT + 1, (i) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` }), '127.0.10.1')
    expect(statuses.slice(0, LOGIN_IP_LIMIT)).not.toContain(429)
    expect(statuses[LOGIN_IP_LIMIT]).toBe(429)
    // Another client is not affected.
    expect((await login(server.url, {}, '127.0.10.2')).status).not.toBe(429)
  }, 120_000)
})

describe('TRUST_PROXY=1: one proxy in front, only the address it appended counts (issue 9 item 8)', () => {
  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: '1' } })
  }, 200_000)
  afterAll(async () => server?.stop())

  it('rotating the client-supplied part of X-Forwarded-For does not escape the limit', async () => {
    // The proxy appends the real client (203.0.113.7) after whatever the client sent.
    const statuses = await loginStatuses(LOGIN_IP_LIMIT + 1, (i) => ({ 'x-forwarded-for': `10.9.${i}.1, 192.0.2.${i}, 203.0.113.7` }))
    expect(statuses.slice(0, LOGIN_IP_LIMIT)).not.toContain(429)
    expect(statuses[LOGIN_IP_LIMIT]).toBe(429)
  }, 120_000)

  it('different clients behind the proxy are counted apart', async () => {
    const statuses = await loginStatuses(LOGIN_IP_LIMIT + 5, (i) => ({ 'x-forwarded-for': `203.0.113.7, 198.51.100.${i + 1}` }))
    expect(statuses).not.toContain(429)
  }, 120_000)
})

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  let app: Awaited<ReturnType<typeof buildApp>>
  beforeAll(async () => {
    database = await openTestDatabase()
    app = await buildApp({
      config: testConfig({ TRUST_PROXY: ['127.0.0.1', '10.0.0.0/8'] }),
      database,
      serveWeb: false,
      mailAutoDeliver: false,
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.drop()
    await database?.close().catch(() => {})
  })
  const injectLogins = async (n: number, remoteAddress: string, forwardedFor: (i: number) => string) => {
    const statuses: number[] = []
    for (let i = 0; i < n; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/email/login',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor(i) },
        payload: { email: `nobody-${randomUUID().slice(0, 8)}@example.com`, password: 'Wrong123!' },
      })
      statuses.push(res.statusCode)
    }
    return statuses
  }

  it('a forwarded header counts only when the socket peer is a listed proxy', async () => {
    // From a listed proxy: each forwarded client is its own, also through two listed hops.
    expect(await injectLogins(LOGIN_IP_LIMIT + 5, '127.0.0.1', (i) => `198.51.100.${i + 1}`)).not.toContain(429)
    expect(await injectLogins(LOGIN_IP_LIMIT + 5, '10.1.1.1', (i) => `198.51.101.${i + 1}, 10.2.2.2`)).not.toContain(429)
    // From an address that is not a listed proxy: the header is ignored, the socket address counts.
    const direct = await injectLogins(LOGIN_IP_LIMIT + 1, '192.0.2.50', (i) => `198.51.102.${i + 1}`)
    expect(direct.slice(0, LOGIN_IP_LIMIT)).not.toContain(429)
    expect(direct[LOGIN_IP_LIMIT]).toBe(429)
    // A listed proxy forwarding a spoofed chain: only the first unlisted address from the right counts.
    const spoofed = await injectLogins(LOGIN_IP_LIMIT + 1, '127.0.0.1', (i) => `10.7.${i}.1, 192.0.2.${i + 1}, 203.0.113.99`)
    expect(spoofed[LOGIN_IP_LIMIT]).toBe(429)
  }, 120_000)
})
