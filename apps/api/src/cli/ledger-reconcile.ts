/**
 * npm run ledger:reconcile [-- --from 2026-11-01 --to 2026-12-01]
 *
 * Compares the ledger with the payment provider's records over [from, to) (days of Chile, or ISO
 * times; default the last 30 days): see modules/reconcile. Prints every difference and exits 1
 * if there is any, 0 when both agree. The run is stored; the operator console shows the newest.
 * On the embedded database held by a running server, the server runs it (cli/run.ts).
 */
import { parseArgs } from 'node:util'
import { commands, LedgerReconcileArgsSchema } from './commands.ts'
import { finish, runCommand } from './run.ts'

const usage = 'Usage: npm run ledger:reconcile -- [--from YYYY-MM-DD] [--to YYYY-MM-DD]'
let values
try {
  ;({ values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean' } }, strict: true }))
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`)
  process.exit(2)
}
if (values.help) {
  console.log(usage)
  process.exit(0)
}
const args = LedgerReconcileArgsSchema.safeParse({ from: values.from, to: values.to })
if (!args.success) {
  console.error(`--from and --to take a date (YYYY-MM-DD) or an ISO time.\n${usage}`)
  process.exit(2)
}
finish('ledger:reconcile', runCommand(commands['ledger:reconcile']!, args.data))
