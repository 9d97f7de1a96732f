import { buildApp, databaseOptionsOf } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { DataDirBusyError, restrictNewFiles, secureDataDir } from './data-dir.ts'
import { DatabaseStartError, openDatabase } from './db/client.ts'
import { databaseFault } from './db/faults.ts'
import { providerStartupWarning } from './providers/payments/startup.ts'
import { EXIT_DO_NOT_RESTART } from './supervise.ts'

// Under the supervisor (src/supervisor.ts, src/cluster.ts): a heartbeat while the event loop runs.
if (process.send) {
  const beat = setInterval(() => process.connected && process.send!({ type: 'heartbeat' }), 1_000)
  beat.unref()
}

// A database error that escapes a request (a background task, an 'error' event) is told once by
// the database monitor; it never ends the process (issue 34). Anything else still does, and the
// supervisor starts a fresh one.
const escaped = (kind: string) => (err: unknown) => {
  if (databaseFault(err)) {
    console.error(`${kind} (database): ${String((err as Error)?.message ?? err).split('\n')[0]}`)
    return
  }
  console.error(err)
  process.exit(1)
}
process.on('unhandledRejection', escaped('unhandled rejection'))
process.on('uncaughtException', escaped('uncaught exception'))

async function main() {
  // Before anything is written to DATA_DIR (secrets.json, the database).
  restrictNewFiles()
  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(EXIT_DO_NOT_RESTART)
    }
    throw err
  }
  secureDataDir(config.DATA_DIR)
  // Waits for an unreachable database (or a full disk) with backoff, one line per attempt,
  // for DATABASE_START_WAIT seconds (default: forever).
  const database = await openDatabase(databaseOptionsOf(config))
  const app = await buildApp({ config, database, closeDatabase: true })
  const shutdown = async (signal: string) => {
    // Stops accepting, lets in-flight requests finish (up to SHUTDOWN_TIMEOUT_MS), then the onClose
    // hooks flush: the mail worker's current run, the database (PGlite checkpoints on close).
    app.log.info(`${signal}: shutting down`)
    const timer = setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS)
    await app.close()
    clearTimeout(timer)
    process.exit(0)
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.PORT, host: config.HOST })
  if (process.send && process.connected) process.send({ type: 'ready' })
  const base = config.APP_URL
  const db = app.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}/pglite`
  console.log(
    [
      '',
      `  Web app   ${base}/`,
      `  API       ${base}/api/v1`,
      `  API docs  ${base}/api/docs`,
      `  Health    ${base}/api/health`,
      config.NODE_ENV !== 'production' && config.MAIL_TRANSPORT === 'mailbox'
        ? `  Mailbox   ${base}/dev/mailbox (from this machine only)`
        : '',
      `  Database  ${db}`,
      `  Listening ${config.HOST}:${config.PORT}`,
      '',
    ]
      .filter((l) => l !== '')
      .join('\n'),
  )
  const providerWarning = providerStartupWarning(config)
  if (providerWarning) console.warn(`\n  ${providerWarning}\n`)
  if (config.NODE_ENV === 'production' && config.MAIL_TRANSPORT === 'log') {
    console.warn('\n  WARNING: MAIL_TRANSPORT=log in production: no mail is delivered (codes and reset links reach nobody).\n')
  }
}

main().catch((err) => {
  if (err instanceof DataDirBusyError) {
    // Another process holds the embedded database: its message says which. Another server: do not restart.
    console.error(err.message)
    process.exit(err.holder.owner === 'server' ? EXIT_DO_NOT_RESTART : 1)
  }
  if (err instanceof DatabaseStartError) {
    // One line naming the database or DATA_DIR, no stack (the supervisor does not restart: 78).
    console.error(err.message)
    process.exit(EXIT_DO_NOT_RESTART)
  }
  console.error(err)
  process.exit(1)
})
