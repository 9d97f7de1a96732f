import type { FastifyInstance } from 'fastify'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { testConfig } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { mailOutbox } from '../db/schema.ts'
import { openTestDatabase, recordingTransport } from '../testing/app.ts'

const MAILS = 1000
const DRAINERS = 3

// On PostgreSQL: three app instances, each with its own connection pool (three processes in
// production), drain one outbox. On PGlite (one process by design): three flush loops on one instance.
describe(`${DRAINERS} drainers on one outbox`, () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  const extraDatabases: Database[] = []
  const apps: FastifyInstance[] = []
  const transports: ReturnType<typeof recordingTransport>[] = []

  beforeAll(async () => {
    database = await openTestDatabase()
    for (let i = 0; i < DRAINERS; i++) {
      const own = database.kind === 'postgres' && i > 0 ? await openDatabase({ url: database.url, poolMax: 4 }) : database
      if (own !== database) extraDatabases.push(own)
      const transport = recordingTransport()
      transports.push(transport)
      if (database.kind === 'pglite' && i > 0) continue
      const app = await buildApp({ config: testConfig(), database: own, mailTransport: transport, mailAutoDeliver: false, serveWeb: false })
      await app.ready()
      apps.push(app)
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    for (const db of extraDatabases) await db.close()
    await database?.drop()
  })

  it(`delivers each of ${MAILS} queued mails exactly once`, async () => {
    const rows = Array.from({ length: MAILS }, (_, i) => ({ to: `client-${i}@example.com`, subject: `mail ${i}`, text: `body ${i}` }))
    for (let i = 0; i < rows.length; i += 250) await database.db.insert(mailOutbox).values(rows.slice(i, i + 250))

    const drain = async (app: FastifyInstance) => {
      while ((await app.mailer.flush()) > 0) {
        /* next batch */
      }
    }
    const loops = apps.length === DRAINERS ? apps.map(drain) : Array.from({ length: DRAINERS }, () => drain(apps[0]))
    await Promise.all(loops)

    const delivered = transports.flatMap((t) => t.sent.map((m) => m.subject))
    expect(delivered).toHaveLength(MAILS)
    expect(new Set(delivered).size).toBe(MAILS)
    const [{ sent }] = await database.db
      .select({ sent: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'sent'))
    expect(sent).toBe(MAILS)
    if (database.kind === 'postgres') expect(transports.filter((t) => t.sent.length > 0).length).toBeGreaterThan(1)
  }, 120_000)
})
