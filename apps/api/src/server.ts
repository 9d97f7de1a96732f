import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'

async function main() {
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
      config.NODE_ENV !== 'production' && !config.SMTP_URL ? `  Mailbox   ${base}/dev/mailbox` : '',
      `  Database  ${db}`,
      '',
    ]
      .filter((l) => l !== '')
      .join('\n'),
  )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
