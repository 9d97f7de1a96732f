import type { FastifyInstance, InjectOptions } from 'fastify'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../app.ts'
import { testConfig, type Config } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import type { Mail, MailTransport } from '../plugins/mailer.ts'
import { insertUser, type NewUser } from '../modules/users/service.ts'
import { createTestDatabase, pgliteTemplateDump } from './db-template.ts'
import { reusablePglite } from './reusable-pglite.ts'
import { useContractCheck } from './contract-check.ts'
import type { LoginResponse, Role } from '@app/contracts'

/**
 * A fresh database for one test file: in-memory PGlite (the worker's copy reset to the template
 * when it is free, testing/reusable-pglite.ts), or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL (dropped afterwards). Both start as copies of this run's migrated template
 * (testing/db-template.ts); opening still runs the migrator, which finds nothing to do.
 */
export async function openTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const database = await reusablePglite(async () =>
      openDatabase({ inMemory: true, loadDataDir: await pgliteTemplateDump(), sharedBuffersMb: 16 }),
    )
    return { ...database, drop: async () => {} }
  }
  const created = await createTestDatabase(serverUrl)
  const database = await openDatabase({ url: created.url, poolMax: 4 })
  return {
    ...database,
    drop: async () => {
      await database.close()
      await created.drop()
    },
  }
}

/** Records mail instead of sending it; `failing` makes every delivery throw (an SMTP outage). */
export function recordingTransport() {
  const sent: Mail[] = []
  const transport: MailTransport & { sent: Mail[]; failing: boolean } = {
    name: 'smtp',
    sent,
    failing: false,
    async deliver(mail) {
      if (transport.failing) throw new Error('SMTP down')
      sent.push(mail)
    },
  }
  return transport
}

export interface TestContext {
  app: FastifyInstance
  config: Config
  mail: ReturnType<typeof recordingTransport>
  database: Database
}

/**
 * Builds the app once for a test file (call at the top level of a describe or file).
 * Returns a context object whose fields are set in beforeAll.
 */
export function useTestApp(overrides: Partial<Config> = {}, { backgroundJobs = false }: { backgroundJobs?: boolean } = {}): TestContext {
  const ctx = {} as TestContext
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  const contract = useContractCheck()
  beforeAll(async () => {
    database = await openTestDatabase()
    ctx.database = database
    ctx.config = testConfig(overrides)
    ctx.mail = recordingTransport()
    // The mail worker and the background jobs run only when a test asks (backgroundJobs), as in a server.
    ctx.app = await buildApp({ config: ctx.config, database, mailTransport: ctx.mail, mailAutoDeliver: backgroundJobs, serveWeb: false })
    contract.attach(ctx.app)
    await ctx.app.ready()
  })
  afterAll(async () => {
    await ctx.app?.close()
    await database?.drop()
    await database?.close().catch(() => {})
  })
  return ctx
}

let ipCounter = 0
/** A different client IP per call, so per-IP rate limits of one test do not spill into another. */
export const freshIp = () => `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`

/** Creates a user straight in the database and signs them in through the API. */
export async function createUserAndLogin(
  app: FastifyInstance,
  input: Partial<NewUser> & { role?: Role } = {},
): Promise<LoginResponse & { password: string }> {
  const password = input.password ?? 'Secret123!'
  const email = input.email ?? uniqueEmail(input.role ?? 'member')
  const user = await insertUser(app.db, {
    email,
    password,
    firstName: input.firstName ?? 'Ana',
    lastName: input.lastName ?? 'Pérez',
    role: input.role ?? 'member',
    language: input.language,
  })
  if (!user) throw new Error(`could not create ${email}`)
  const isBusiness = input.role === 'gym_owner' || input.role === 'admin'
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/auth/${isBusiness ? 'business' : 'email'}/login`,
    payload: { email, password },
    remoteAddress: freshIp(),
  })
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`)
  return { ...(res.json() as LoginResponse), password }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** app.inject with JSON and an optional bearer token. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string; body?: unknown; ip?: string } = {},
) {
  return app.inject({
    method,
    url,
    payload: opts.body as InjectOptions['payload'],
    headers: opts.token ? bearer(opts.token) : undefined,
    remoteAddress: opts.ip ?? freshIp(),
  })
}
