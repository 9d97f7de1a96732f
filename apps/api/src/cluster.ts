// `npm run start:cluster`: WEB_CONCURRENCY (default: one per core) workers of src/server.ts behind
// one port (node:cluster). Several processes need PostgreSQL (DATABASE_URL): PGlite is one
// process's embedded database. Rate limits are per process unless REDIS_URL is set; session
// revocations reach every worker through Redis or LISTEN/NOTIFY (plugins/session-cache.ts).
import cluster, { type Worker } from 'node:cluster'
import { availableParallelism } from 'node:os'

const RESTART_DELAY_MS = 1_000

if (cluster.isPrimary) {
  const workers = Number(process.env.WEB_CONCURRENCY || availableParallelism())
  if (!Number.isInteger(workers) || workers < 1) {
    console.error(`WEB_CONCURRENCY must be a whole number ≥ 1 (got "${process.env.WEB_CONCURRENCY}")`)
    process.exit(1)
  }
  if (workers > 1 && !process.env.DATABASE_URL) {
    console.error(
      'Several processes need PostgreSQL: set DATABASE_URL (the embedded PGlite database belongs to one process).\n' +
        'For one process on the embedded database use `npm start`, or WEB_CONCURRENCY=1.',
    )
    process.exit(1)
  }
  if (workers > 1 && !process.env.REDIS_URL) console.warn('cluster: REDIS_URL is not set, so each worker keeps its own rate-limit counters')

  // Migrations once, before any worker starts (workers then find nothing to do).
  const { openDatabase } = await import('./db/client.ts')
  if (process.env.DATABASE_URL) await (await openDatabase({ url: process.env.DATABASE_URL, poolMax: 2 })).close()

  let stopping = false
  const fork = () => cluster.fork()
  for (let i = 0; i < workers; i++) fork()
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    console.error(`cluster: worker ${worker.process.pid} exited (${signal ?? code}); starting another`)
    setTimeout(fork, RESTART_DELAY_MS)
  })
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    // Each worker shuts down gracefully on its own SIGTERM (src/server.ts).
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
    setTimeout(() => process.exit(1), 15_000).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGTERM'))
} else {
  await import('./server.ts')
}
