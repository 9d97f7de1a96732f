import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { DataDirBusyError, restrictNewFiles, secureDataDir } from './data-dir.ts'
import { SANDBOX_IN_PRODUCTION_WARNING } from './modules/sandbox/routes.ts'

async function main() {
  // Before anything is written to DATA_DIR (secrets.json, the database).
  restrictNewFiles()
  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
  secureDataDir(config.DATA_DIR)
  const app = await buildApp({ config })
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
  if (config.NODE_ENV === 'production' && !config.STRIPE_SECRET_KEY) console.warn(`\n  ${SANDBOX_IN_PRODUCTION_WARNING}\n`)
  if (config.NODE_ENV === 'production' && config.MAIL_TRANSPORT === 'log') {
    console.warn('\n  WARNING: MAIL_TRANSPORT=log in production: no mail is delivered (codes and reset links reach nobody).\n')
  }
}

main().catch((err) => {
  // Another process holds the embedded database (data-dir.ts): its message says which and what to do.
  console.error(err instanceof DataDirBusyError ? err.message : err)
  process.exit(1)
})
