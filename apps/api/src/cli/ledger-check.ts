/**
 * npm run ledger:check
 *
 * Verifies the client-billing ledger of the usual database (DATABASE_URL, else the embedded
 * database in DATA_DIR): see modules/ledger/check.ts for the rules. Prints each break and exits
 * 1 if there is any, 0 when the ledger holds.
 */
import { ConfigError, loadConfig } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { checkLedger } from '../modules/ledger/check.ts'

async function main() {
  const config = loadConfig()
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolMax: 2 })
  try {
    const { problems, stats } = await checkLedger(database.db)
    console.log(
      `ledger:check on ${database.kind}: ${stats.transactions} transactions, ${stats.entries} entries, ${stats.accounts} accounts, ${stats.payments} payments`,
    )
    for (const p of problems) console.error(`BREAK ${p.rule}: ${p.subject}: ${p.detail}`)
    if (problems.length) {
      console.error(`ledger:check found ${problems.length} break(s)`)
      return 1
    }
    console.log('ledger:check: every invariant holds')
    return 0
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError ? err.message : `ledger:check failed: ${(err as Error).message}`)
    process.exit(2)
  },
)
