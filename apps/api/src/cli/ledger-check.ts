/**
 * npm run ledger:check [-- --since 2026-11-25]
 *
 * Verifies the client-billing ledger of the usual database (DATABASE_URL, else the embedded
 * database in DATA_DIR, through the running server if one holds it): see modules/ledger/check.ts
 * for the rules. With --since (a day of Chile or an ISO time) only what changed from then on is
 * checked, with the cheap global invariants: the nightly run (decision 217). Prints each break and
 * exits 1 if there is any, 0 when the ledger holds.
 */
import { parseArgs } from 'node:util'
import { commands, LedgerCheckArgsSchema } from './commands.ts'
import { finish, runCommand } from './run.ts'

const usage = 'Usage: npm run ledger:check -- [--since YYYY-MM-DD]'
let values
try {
  ;({ values } = parseArgs({ options: { since: { type: 'string' }, help: { type: 'boolean' } }, strict: true }))
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`)
  process.exit(2)
}
if (values.help) {
  console.log(usage)
  process.exit(0)
}
const args = LedgerCheckArgsSchema.safeParse({ since: values.since })
if (!args.success) {
  console.error(`--since takes a date (YYYY-MM-DD) or an ISO time.\n${usage}`)
  process.exit(2)
}
finish('ledger:check', runCommand(commands['ledger:check']!, args.data))
