import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { commands } from '../cli/commands.ts'

/** Where a running server on the embedded database tells the commands how to reach it. */
export const serverFile = (dataDir: string) => join(dataDir, 'server.json')

export interface ServerFile {
  pid: number
  url: string
  token: string
}

export function readServerFile(dataDir: string): ServerFile | undefined {
  try {
    return JSON.parse(readFileSync(serverFile(dataDir), 'utf8')) as ServerFile
  } catch {
    return undefined
  }
}

/**
 * The ops channel of a server on the embedded database (PGlite belongs to this process, so the
 * commands ask it): POST /api/ops/backup (a consistent snapshot) and POST /api/ops/commands/NAME
 * (the 'in-server' commands of cli/commands.ts). Answers only a loopback socket holding the token
 * written to DATA_DIR/server.json (mode 600): whoever can read that file can read the database
 * files anyway. Anything else gets the same 404 as an unknown path. Not registered with
 * DATABASE_URL (commands open PostgreSQL themselves).
 */
export default fp(
  async function ops(app: FastifyInstance) {
    if (app.database.kind !== 'pglite' || !app.database.dump || app.config.inMemory) return
    const token = Buffer.from(randomBytes(32).toString('base64url'))
    const file = serverFile(app.config.DATA_DIR)

    const allowed = (request: FastifyRequest) => {
      const remote = request.socket.remoteAddress ?? ''
      const loopback = remote === '127.0.0.1' || remote === '::1' || remote === '::ffff:127.0.0.1'
      const given = Buffer.from((request.headers.authorization ?? '').replace(/^Bearer /, ''))
      return loopback && given.length === token.length && timingSafeEqual(given, token)
    }
    const notFound = { status: 404, message: 'Not found' }

    app.post('/api/ops/backup', { schema: { hide: true }, config: { deadline: false } }, async (request, reply) => {
      if (!allowed(request)) return reply.code(404).send(notFound)
      const dump = await app.database.dump!()
      request.log.info({ bytes: dump.size }, 'database backup taken')
      return reply.type('application/gzip').send(Buffer.from(await dump.arrayBuffer()))
    })

    // No request deadline: a command (ledger:check on a large ledger) may take longer than a request.
    app.post<{ Params: { name: string } }>(
      '/api/ops/commands/:name',
      { schema: { hide: true }, config: { deadline: false } },
      async (request, reply) => {
        const command = commands[request.params.name]
        if (!allowed(request) || !command || command.whileServerRuns !== 'in-server') return reply.code(404).send(notFound)
        const args = command.args.safeParse(request.body ?? {})
        if (!args.success) return reply.code(422).send({ status: 422, message: 'Invalid arguments', errors: { args: 'invalid' } })
        request.log.info({ command: command.name }, 'ops command run for the CLI')
        return command.run(
          { db: app.db, kind: app.database.kind, appUrl: app.config.APP_URL, config: app.config, movementSource: app.movementSource },
          args.data,
        )
      },
    )

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
