// `npm run start:cluster`: WEB_CONCURRENCY (default: one per core) workers of src/server.ts behind
// one port (node:cluster). Several processes need PostgreSQL (DATABASE_URL): PGlite is one
// process's embedded database. Rate limits are per process unless REDIS_URL is set; session
// revocations reach every worker through Redis or LISTEN/NOTIFY (plugins/session-cache.ts).
// Each worker is supervised (src/supervise.ts): restarted with backoff when it exits or stops
// answering its heartbeat.
import cluster from 'node:cluster'
import { availableParallelism } from 'node:os'
import { EXIT_DO_NOT_RESTART, supervise, type Supervision } from './supervise.ts'

if (cluster.isPrimary) {
  const workers = Number(process.env.WEB_CONCURRENCY || availableParallelism())
  if (!Number.isInteger(workers) || workers < 1) {
    console.error(`WEB_CONCURRENCY must be a whole number ≥ 1 (got "${process.env.WEB_CONCURRENCY}")`)
    process.exit(EXIT_DO_NOT_RESTART)
  }
  if (workers > 1 && !process.env.DATABASE_URL) {
    console.error(
      'Several processes need PostgreSQL: set DATABASE_URL (the embedded PGlite database belongs to one process).\n' +
        'For one process on the embedded database use `npm start`, or WEB_CONCURRENCY=1.',
    )
    process.exit(EXIT_DO_NOT_RESTART)
  }
  if (workers > 1 && !process.env.REDIS_URL) console.warn('cluster: REDIS_URL is not set, so each worker keeps its own rate-limit counters')

  // Migrations once, before any worker starts (workers then find nothing to do). An unreachable
  // database is waited for (DATABASE_START_WAIT), one line per attempt, as src/server.ts does.
  const { DatabaseStartError, openDatabase } = await import('./db/client.ts')
  if (process.env.DATABASE_URL) {
    const wait = process.env.DATABASE_START_WAIT?.trim()
    try {
      const database = await openDatabase({
        url: process.env.DATABASE_URL,
        poolMax: 2,
        startWaitSeconds: !wait || wait === 'forever' ? Infinity : Number(wait),
      })
      await database.close()
    } catch (err) {
      console.error(err instanceof DatabaseStartError ? err.message : err)
      process.exit(EXIT_DO_NOT_RESTART)
    }
  }

  const heartbeatTimeoutMs = Number(process.env.SUPERVISOR_HEARTBEAT_TIMEOUT_MS || 20_000)
  const slots: Supervision[] = []
  let stopping = false
  for (let i = 0; i < workers; i++) {
    slots.push(
      supervise({
        name: `cluster: worker ${i + 1}`,
        heartbeatTimeoutMs,
        start: () => {
          const worker = cluster.fork()
          return {
            get pid() {
              return worker.process.pid
            },
            onMessage: (listener) => worker.on('message', listener),
            onExit: (listener) => worker.once('exit', listener),
            kill: (signal) => void worker.process.kill(signal),
          }
        },
        onGiveUp: (code) => {
          if (!stopping) void stop('SIGTERM', code)
        },
      }),
    )
  }
  const stop = async (signal: NodeJS.Signals, code = 0) => {
    if (stopping) return
    stopping = true
    // Each worker shuts down gracefully on its own SIGTERM (src/server.ts).
    const codes = await Promise.all(slots.map((s) => s.stop(signal)))
    process.exit(code || (codes.some((c) => c !== 0) ? 1 : 0))
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGTERM'))
} else {
  await import('./server.ts')
}
