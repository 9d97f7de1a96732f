import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { issueDueDocuments } from '../modules/tax-documents/issue.ts'
import { startTaxDocuments } from '../providers/tax-documents/index.ts'
import type { TaxDocumentProvider } from '../providers/tax-documents/types.ts'
import { databaseFault } from '../db/faults.ts'

declare module 'fastify' {
  interface FastifyInstance {
    taxDocuments: {
      provider: TaxDocumentProvider | null
      /** Issues the documents due now (the job also runs on a timer). */
      issueDue(now?: Date): Promise<number>
    }
  }
}

const EVERY_MS = 5_000

/** Issue 27 (decision 223): the tax-document provider and the job that issues queued documents. */
export default fp(
  async function taxDocuments(app: FastifyInstance, opts: { autoIssue?: boolean }) {
    const { provider, fakeUrl, close } = await startTaxDocuments(app.config)
    if (fakeUrl) app.log.info({ url: fakeUrl }, 'tax documents against the fake OpenFactura (local test mode)')
    if (!provider) app.log.warn('no OPENFACTURA_API_KEY: tax documents are queued and wait until a provider is configured')
    const ctx = { db: app.db, provider, log: app.log, appUrl: app.config.APP_URL }
    let running: Promise<number> | null = null
    const issueDue = async (now?: Date) => {
      while (running) await running.catch(() => 0)
      running = issueDueDocuments(ctx, now).finally(() => (running = null))
      return running
    }
    app.decorate('taxDocuments', { provider, issueDue })
    let timer: NodeJS.Timeout | null = null
    if (opts.autoIssue ?? true)
      app.addHook('onReady', async () => {
        timer = setInterval(() => {
          issueDue().catch((err) => (databaseFault(err) ? undefined : app.log.error({ err }, 'tax document job failed')))
        }, EVERY_MS)
        timer.unref()
      })
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer)
      while (running) await running.catch(() => 0)
      await close()
    })
  },
  { name: 'tax-documents', dependencies: ['db', 'mailer'] },
)
