import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Database, Db } from '../db/client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    database: Database
  }
}

/** Exposes an open database; closes it with the app. */
export default fp(
  async function db(app: FastifyInstance, opts: { database: Database; closeWithApp: boolean }) {
    app.decorate('database', opts.database)
    app.decorate('db', opts.database.db)
    if (opts.closeWithApp) app.addHook('onClose', () => opts.database.close())
  },
  { name: 'db' },
)
