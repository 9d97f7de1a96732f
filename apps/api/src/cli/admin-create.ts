/**
 * npm run admin:create -- --email someone@example.com [--first-name Ana --last-name Soto] [--force]
 *
 * Creates a platform admin (or promotes the account of that e-mail) in the database of the usual
 * configuration (DATABASE_URL, else the embedded database in DATA_DIR; while a server holds that
 * one, the server runs the command: cli/run.ts) and prints a one-time set-password link. The link
 * is printed once, to stdout only, and never logged. An account whose address is not verified is
 * refused unless --force (which resets its password); a promotion ends the account's sessions.
 */
import { parseArgs } from 'node:util'
import { AdminCreateArgsSchema, commands } from './commands.ts'
import { finish, runCommand } from './run.ts'

const usage = 'Usage: npm run admin:create -- --email someone@example.com [--first-name Ana] [--last-name Soto] [--force]'

function main() {
  let values
  try {
    ;({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
    }))
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`)
    process.exit(2)
  }
  if (values.help) {
    console.log(usage)
    process.exit(0)
  }
  const args = AdminCreateArgsSchema.safeParse({
    email: values.email ?? '',
    firstName: values['first-name'],
    lastName: values['last-name'],
    force: values.force ?? false,
  })
  if (!args.success) {
    const field = args.error.issues[0]?.path[0]
    console.error(`${field === 'email' ? 'A valid --email is required.' : 'Names must be 1 to 100 characters.'}\n${usage}`)
    process.exit(2)
  }
  finish('admin:create', runCommand(commands['admin:create']!, args.data))
}

main()
