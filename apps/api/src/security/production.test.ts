import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { ConfigError, loadConfig, testConfig } from '../config.ts'
import { openTestDatabase } from '../testing/app.ts'
import { httpRequest, PRODUCTION_ENV, startServer, startServerExpectingFailure, type ServerProcess } from '../testing/server-process.ts'

const tmp = () => mkdtempSync(join(tmpdir(), 'config-'))
const SECRETS = { JWT_ACCESS_SECRET: PRODUCTION_ENV.JWT_ACCESS_SECRET, JWT_REFRESH_SECRET: PRODUCTION_ENV.JWT_REFRESH_SECRET }
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' }
const SMTP = { SMTP_URL: 'smtp://mail.example.com:587' }
const production = (env: Record<string, string>) => loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', ...SECRETS, ...env })
const messageOf = (fn: () => unknown) => {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError)
    return (err as Error).message
  }
  throw new Error('no ConfigError')
}

describe('a production start needs a real payment provider and real mail (issue 9 item 2)', () => {
  it('refuses to start without Stripe and SMTP, naming the variables and the opt-ins', () => {
    const message = messageOf(() => production({}))
    expect(message).toContain('STRIPE_SECRET_KEY')
    expect(message).toContain('ALLOW_SANDBOX_PAYMENTS=true')
    expect(message).toContain('SMTP_URL')
    expect(message).toContain('MAIL_TRANSPORT=log')
  })

  it('names only what is missing', () => {
    const noMail = messageOf(() => production(STRIPE))
    expect(noMail).toContain('SMTP_URL')
    expect(noMail).not.toContain('STRIPE_SECRET_KEY')
    const noPayments = messageOf(() => production(SMTP))
    expect(noPayments).toContain('STRIPE_SECRET_KEY')
    expect(noPayments).not.toContain('SMTP_URL')
  })

  it('starts with real providers, or with the loudly named opt-ins', () => {
    expect(production({ ...STRIPE, ...SMTP }).MAIL_TRANSPORT).toBe('smtp')
    const optedIn = production({ ALLOW_SANDBOX_PAYMENTS: 'true', MAIL_TRANSPORT: 'log' })
    expect(optedIn.ALLOW_SANDBOX_PAYMENTS).toBe(true)
    expect(optedIn.MAIL_TRANSPORT).toBe('log')
  })

  it('an opt-in must say true: other values do not count', () => {
    expect(() => production({ ...SMTP, ALLOW_SANDBOX_PAYMENTS: 'yes' })).toThrow('ALLOW_SANDBOX_PAYMENTS')
    expect(messageOf(() => production({ ...SMTP, ALLOW_SANDBOX_PAYMENTS: 'false' }))).toContain('STRIPE_SECRET_KEY')
  })

  it('MAIL_TRANSPORT: derived from SMTP_URL, mailbox only outside production, smtp needs SMTP_URL', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).MAIL_TRANSPORT).toBe('mailbox')
    expect(loadConfig({ DATA_DIR: tmp(), ...SMTP }).MAIL_TRANSPORT).toBe('smtp')
    expect(loadConfig({ DATA_DIR: tmp(), ...SMTP, MAIL_TRANSPORT: 'mailbox' }).MAIL_TRANSPORT).toBe('mailbox')
    expect(loadConfig({ DATA_DIR: tmp(), MAIL_TRANSPORT: 'log' }).MAIL_TRANSPORT).toBe('log')
    expect(() => loadConfig({ DATA_DIR: tmp(), MAIL_TRANSPORT: 'smtp' })).toThrow('SMTP_URL')
    expect(() => loadConfig({ DATA_DIR: tmp(), MAIL_TRANSPORT: 'carrier-pigeon' })).toThrow('MAIL_TRANSPORT')
    expect(() => production({ ...STRIPE, ...SMTP, MAIL_TRANSPORT: 'mailbox' })).toThrow('MAIL_TRANSPORT')
  })

  it('MAIL_RETENTION_DAYS: a whole number of days, at least 1, default 7', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).MAIL_RETENTION_DAYS).toBe(7)
    expect(loadConfig({ DATA_DIR: tmp(), MAIL_RETENTION_DAYS: '30' }).MAIL_RETENTION_DAYS).toBe(30)
    for (const bad of ['0', '-1', '1.5', 'week'])
      expect(() => loadConfig({ DATA_DIR: tmp(), MAIL_RETENTION_DAYS: bad })).toThrow('MAIL_RETENTION_DAYS')
  })

  it('HOST: 127.0.0.1 outside production, 0.0.0.0 in production, unless set', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).HOST).toBe('127.0.0.1')
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'test' }).HOST).toBe('127.0.0.1')
    expect(production({ ...STRIPE, ...SMTP }).HOST).toBe('0.0.0.0')
    expect(loadConfig({ DATA_DIR: tmp(), HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0')
    expect(production({ ...STRIPE, ...SMTP, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5')
  })

  it('TRUST_PROXY: off by default, a hop count or proxy addresses; never "trust everyone"', () => {
    const trust = (v?: string) => loadConfig({ DATA_DIR: tmp(), ...(v === undefined ? {} : { TRUST_PROXY: v }) }).TRUST_PROXY
    expect(trust()).toBe(false)
    expect(trust('')).toBe(false)
    expect(trust('false')).toBe(false)
    expect(trust('0')).toBe(false)
    expect(trust('1')).toBe(1)
    expect(trust('2')).toBe(2)
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1'])
    expect(trust(' 10.0.0.0/8, 192.168.1.1 ,::1, fd00::/8, loopback')).toEqual(['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8', 'loopback'])
    for (const bad of ['true', 'yes', '*', '10.0.0.0/33', '300.1.1.1', 'proxy.example.com', '11']) {
      expect(() => trust(bad), bad).toThrow('TRUST_PROXY')
    }
  })
})

describe('the real server refuses an unsafe production start', () => {
  it('exits with a message naming the missing variables', async () => {
    const { code, output } = await startServerExpectingFailure({ NODE_ENV: 'production', ...SECRETS })
    // 78: a setting is wrong, so the supervisor does not start it again (src/supervise.ts).
    expect(code).toBe(78)
    expect(output).toContain('STRIPE_SECRET_KEY')
    expect(output).toContain('SMTP_URL')
    expect(output).not.toContain('Listening')
  }, 160_000)
})

describe('production with ALLOW_SANDBOX_PAYMENTS', () => {
  let server: ServerProcess
  beforeAll(async () => {
    server = await startServer({ env: { ...PRODUCTION_ENV } })
  }, 200_000)
  afterAll(async () => server?.stop())

  it('says loudly at start-up that anyone can subscribe for free', async () => {
    const warnings = () => server.output().match(/WARNING: ALLOW_SANDBOX_PAYMENTS=true in production/g) ?? []
    // Once in the log (for whoever reads the logs), once on the console banner: the banner is
    // written after the server listens, so on a busy machine it may reach us after the health check.
    await expect.poll(() => warnings().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    expect(server.stdout()).toMatch(/"level":40.*ALLOW_SANDBOX_PAYMENTS/)
  })

  it('serves the sandbox pages it was told to serve', async () => {
    // An unknown id is the sandbox's own "link not valid" page, not the generic 404.
    const res = await httpRequest(`${server.url}/sandbox/checkout/cs_sbx_unknown`)
    expect(res.status).toBe(404)
    expect(res.body).toContain('Sandbox')
  })
})

describe('the sandbox pages are 404 whenever Stripe is configured', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  let app: Awaited<ReturnType<typeof buildApp>>
  beforeAll(async () => {
    database = await openTestDatabase()
    app = await buildApp({ config: testConfig({ ...STRIPE }), database, serveWeb: false, mailAutoDeliver: false })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.drop()
    await database?.close().catch(() => {})
  })

  it.each([
    ['GET', '/sandbox/checkout/cs_sbx_abc'],
    ['POST', '/sandbox/checkout/cs_sbx_abc/pay'],
    ['POST', '/sandbox/checkout/cs_sbx_abc/cancel'],
    ['GET', '/sandbox/portal/abc'],
    ['POST', '/sandbox/portal/abc/cancel'],
    ['GET', '/sandbox/connect/abc'],
    ['POST', '/sandbox/connect/abc/complete'],
  ] as const)('%s %s', async (method, url) => {
    expect(app.payments.name).toBe('stripe')
    const res = await app.inject({ method, url })
    expect(res.statusCode).toBe(404)
    expect(res.json().status).toBe(404)
  })
})
