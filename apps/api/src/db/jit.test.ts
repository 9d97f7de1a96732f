import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../testing/app.ts'

// Issue 30: the server's connections run without JIT compilation (db/client.ts).
describe.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL connections', () => {
  const opened = openTestDatabase()
  afterAll(async () => (await opened).drop())

  it('have JIT compilation off, on every pooled connection', async () => {
    const database = await opened
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => database.db.transaction(async (tx) => (await tx.execute(sql`show jit`)).rows[0])),
    )
    expect(answers).toEqual(Array.from({ length: 4 }, () => ({ jit: 'off' })))
  })
})
