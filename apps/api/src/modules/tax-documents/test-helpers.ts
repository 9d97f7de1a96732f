import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../../app.ts'
import { testConfig, type Config } from '../../config.ts'
import { subscriptions } from '../../db/schema/core.ts'
import { taxDocuments } from '../../db/schema/tax-documents.ts'
import { startFakeOpenFactura, type FakeOpenFactura } from '../../providers/tax-documents/openfactura/fake/server.ts'
import { useContractCheck } from '../../testing/contract-check.ts'
import { openTestDatabase, recordingTransport } from '../../testing/app.ts'

/** The client's timeout in these tests: long enough for a loaded machine, short enough to wait out. */
export const TIMEOUT_MS = 3_000

export interface TaxTestContext {
  app: FastifyInstance
  fake: FakeOpenFactura
  mail: ReturnType<typeof recordingTransport>
}

/** The app against a fake OpenFactura this file controls (outages, documents), through the real client. */
export function useTaxDocumentsApp(overrides: Partial<Config> = {}): TaxTestContext {
  const ctx = {} as TaxTestContext
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  const contract = useContractCheck()
  beforeAll(async () => {
    ctx.fake = await startFakeOpenFactura()
    database = await openTestDatabase()
    ctx.mail = recordingTransport()
    const config = testConfig({
      OPENFACTURA_API_KEY: ctx.fake.apiKey,
      OPENFACTURA_BASE_URL: ctx.fake.url,
      OPENFACTURA_TIMEOUT_MS: TIMEOUT_MS,
      ...overrides,
    })
    ctx.app = await buildApp({ config, database, mailTransport: ctx.mail, mailAutoDeliver: false, serveWeb: false })
    contract.attach(ctx.app)
    await ctx.app.ready()
  })
  afterAll(async () => {
    await ctx.app?.close()
    await ctx.fake?.close()
    await database?.drop()
    await database?.close().catch(() => {})
  })
  return ctx
}

export const subscriptionOf = async (app: FastifyInstance, userId: string) =>
  (await app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1))[0]

export const documentsOf = (app: FastifyInstance, userId: string) =>
  app.db.select().from(taxDocuments).where(eq(taxDocuments.recipientUserId, userId)).orderBy(taxDocuments.createdAt)

export const documentOf = async (app: FastifyInstance, sourceKind: 'plan_charge' | 'commission' | 'credit_note', sourceId: string) =>
  (
    await app.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.sourceKind, sourceKind), eq(taxDocuments.sourceId, sourceId)))
  )[0]

/** Later than every lease and backoff: what is pending is due. */
export const later = (hours = 12) => new Date(Date.now() + hours * 3600_000)
