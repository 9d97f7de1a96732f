/**
 * npm run admin:create -- --email someone@example.com [--first-name Ana --last-name Soto]
 *
 * Creates a platform admin (or promotes the account of that e-mail) in the database of the usual
 * configuration (DATABASE_URL, else the embedded database in DATA_DIR) and prints a one-time
 * set-password link. The link is printed once, to stdout only, and never logged.
 */
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { EmailSchema } from '@app/contracts'
import { ConfigError, loadConfig } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { ADMIN_SETUP_LINK_TTL_HOURS, createPlatformAdmin } from '../modules/admin/service.ts'

const usage = 'Usage: npm run admin:create -- --email someone@example.com [--first-name Ana] [--last-name Soto]'
const name = z.string().trim().min(1).max(100).optional()

async function main() {
  let values
  try {
    ;({ values } = parseArgs({
      options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
    }))
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`)
    return 2
  }
  if (values.help) {
    console.log(usage)
    return 0
  }
  const email = EmailSchema.safeParse(values.email ?? '')
  const firstName = name.safeParse(values['first-name'])
  const lastName = name.safeParse(values['last-name'])
  if (!email.success || !firstName.success || !lastName.success) {
    console.error(`${!email.success ? 'A valid --email is required.' : 'Names must be 1 to 100 characters.'}\n${usage}`)
    return 2
  }
  const config = loadConfig()
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolMax: 2 })
  try {
    const result = await createPlatformAdmin(database.db, config.APP_URL, {
      email: email.data,
      firstName: firstName.data,
      lastName: lastName.data,
    })
    console.log(
      result.created
        ? `Created platform admin ${result.email}.`
        : `Promoted ${result.email} (was ${result.previousRole}) to platform admin.`,
    )
    console.log(`Set the password within ${ADMIN_SETUP_LINK_TTL_HOURS} hours with this one-time link (shown only now):`)
    console.log(result.link)
    console.log(`Then sign in to the operator console at ${new URL('/admin', config.APP_URL)} (the admin API is under /api/v1/admin).`)
    return 0
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError ? err.message : `admin:create failed: ${(err as Error).message}`)
    process.exit(1)
  },
)
