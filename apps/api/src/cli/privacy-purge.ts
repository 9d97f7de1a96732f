/**
 * npm run privacy:purge
 *
 * Runs the 90-day purge of closed accounts now (modules/privacy/purge.ts; the server also runs it
 * every hour) on the usual database, through the running server if one holds the embedded one.
 */
import { commands } from './commands.ts'
import { finish, runCommand } from './run.ts'

finish('privacy:purge', runCommand(commands['privacy:purge']!, {}))
