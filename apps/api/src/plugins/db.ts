import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Database, Db } from '../db/client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    database: Database
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
// Accepted while the disk is under its reserve: tiny writes that keep people signed in (the
// reserve's margin covers them), and the backup, which only reads the database.
const ALLOWED_ON_LOW_DISK = new Set([
  '/api/v1/auth/email/login',
  '/api/v1/auth/business/login',
  '/api/v1/auth/refresh',
  '/api/v1/auth/logout',
  '/api/ops/backup',
])

/** Exposes an open database; closes it with the app. */
export default fp(
  async function db(app: FastifyInstance, opts: { database: Database; closeWithApp: boolean }) {
    const { database } = opts
    app.decorate('database', database)
    app.decorate('db', database.db)
    // "database unreachable" / "database back", "disk full" / "space back": once per change.
    const log = app.log.child({ component: 'database' })
    database.monitor.setLogger(log)
    database.storage?.monitor.setLogger(log)
    if (opts.closeWithApp) app.addHook('onClose', () => database.close())

    // Embedded database: refuse writes (507) before the disk is too full for PGlite's next WAL
    // segment, which would wedge it (docs/pglite-wedge.md). Reads keep working.
    const storage = database.storage
    if (storage && storage.reserveBytes > 0) {
      app.addHook('preValidation', async (request) => {
        if (WRITES.has(request.method) && !ALLOWED_ON_LOW_DISK.has(request.routeOptions.url ?? '')) storage.assertWritable()
      })
    }
  },
  { name: 'db' },
)
