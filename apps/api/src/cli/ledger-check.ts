/**
 * npm run ledger:check
 *
 * Verifies the client-billing ledger of the usual database (DATABASE_URL, else the embedded
 * database in DATA_DIR, through the running server if one holds it): see modules/ledger/check.ts
 * for the rules. Prints each break and exits 1 if there is any, 0 when the ledger holds.
 */
import { commands } from './commands.ts'
import { finish, runCommand } from './run.ts'

finish('ledger:check', runCommand(commands['ledger:check']!, {}))
