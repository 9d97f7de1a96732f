import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Where a running server on the embedded database tells `npm run db:backup` how to reach it. */
export const serverFile = (dataDir: string) => join(dataDir, 'server.json')

export interface ServerFile {
  pid: number
  url: string
  token: string
}

/**
 * POST /api/ops/backup: a snapshot of the embedded database while the server runs (PGlite belongs
 * to this process, so the backup command asks it). Answers only a loopback socket holding the
 * token written to DATA_DIR/server.json (mode 600): whoever can read that file can read the
 * database files anyway. Not registered with DATABASE_URL (pg_dump does that job).
 */
export default fp(
  async function ops(app: FastifyInstance) {
    if (app.database.kind !== 'pglite' || !app.database.dump || app.config.inMemory) return
    const token = Buffer.from(randomBytes(32).toString('base64url'))
    const file = serverFile(app.config.DATA_DIR)

    app.post('/api/ops/backup', { schema: { hide: true } }, async (request, reply) => {
      const remote = request.socket.remoteAddress ?? ''
      const loopback = remote === '127.0.0.1' || remote === '::1' || remote === '::ffff:127.0.0.1'
      const given = Buffer.from((request.headers.authorization ?? '').replace(/^Bearer /, ''))
      if (!loopback || given.length !== token.length || !timingSafeEqual(given, token))
        return reply.code(404).send({ status: 404, message: 'Not found' })
      const dump = await app.database.dump!()
      request.log.info({ bytes: dump.size }, 'database backup taken')
      return reply.type('application/gzip').send(Buffer.from(await dump.arrayBuffer()))
    })

    app.addHook('onListen', async () => {
      const address = app.server.address()
      if (!address || typeof address === 'string') return
      const host =
        address.family === 'IPv6'
          ? address.address === '::'
            ? '[::1]'
            : `[${address.address}]`
          : address.address === '0.0.0.0'
            ? '127.0.0.1'
            : address.address
      const content: ServerFile = { pid: process.pid, url: `http://${host}:${address.port}`, token: token.toString() }
      writeFileSync(file, JSON.stringify(content), { mode: 0o600 })
    })
    app.addHook('onClose', async () => rmSync(file, { force: true }))
  },
  { name: 'ops', dependencies: ['db'] },
)
