// Child process of durability.test.ts: writes one user, reports it, then waits to be killed.
import { openDatabase } from '../db/client.ts'
import { insertUser } from '../modules/users/service.ts'

const [dataDir, email] = process.argv.slice(2)
const database = await openDatabase({ dataDir })
await insertUser(database.db, { email, password: 'Secret123!', firstName: 'Kill', lastName: 'Nine' })
process.stdout.write('written\n')
setInterval(() => {}, 1000)
