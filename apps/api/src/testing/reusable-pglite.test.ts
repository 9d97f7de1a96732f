// The worker's reused PGlite (decision 259): what one test file leaves behind never reaches the next.
import type { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/client.ts'
import { pgliteTemplateDump } from './db-template.ts'
import { reusablePglite } from './reusable-pglite.ts'

const open = async () => openDatabase({ inMemory: true, loadDataDir: await pgliteTemplateDump(), sharedBuffersMb: 16 })
const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client
const count = async (database: Database, table: string) =>
  (await clientOf(database).query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n

// PGlite's own mechanism: the PostgreSQL suite has nothing to reuse.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('one PGlite per test worker, reset between files', () => {
  it('the next file gets the same copy with only the template rows, no session setting and no open transaction', async () => {
    const first = await reusablePglite(open)
    const plans = await count(first, 'plans')
    const exercises = await count(first, 'exercises')
    expect(exercises).toBeGreaterThan(0)
    const client = clientOf(first)
    await client.exec(
      `insert into users (email, password_hash, first_name, last_name, role) values ('left@example.com', 'x', 'L', 'B', 'member')`,
    )
    await client.exec(`delete from plans`)
    await client.exec(`delete from exercises`)
    await client.exec(`set time zone 'Pacific/Auckland'`)
    await client.exec('begin')
    await first.close()

    const second = await reusablePglite(open)
    try {
      expect(clientOf(second)).toBe(client)
      expect(await count(second, 'users')).toBe(0)
      expect(await count(second, 'plans')).toBe(plans)
      expect(await count(second, 'exercises')).toBe(exercises)
      expect((await clientOf(second).query<{ TimeZone: string }>('show time zone')).rows[0]!.TimeZone).not.toBe('Pacific/Auckland')
      // Not inside the transaction the first file left open: this statement needs to be outside one.
      await clientOf(second).exec('vacuum plans')
    } finally {
      await second.close()
    }
  })

  it('a file that changed the schema leaves its copy behind: the next gets a fresh one', async () => {
    const first = await reusablePglite(open)
    await clientOf(first).exec('alter table ledger_entries disable trigger user')
    await first.close()

    const second = await reusablePglite(open)
    try {
      expect(clientOf(second)).not.toBe(clientOf(first))
      const disabled = await clientOf(second).query(
        `select tgname from pg_trigger where tgrelid = 'ledger_entries'::regclass and not tgisinternal and tgenabled = 'D'`,
      )
      expect(disabled.rows).toEqual([])
    } finally {
      await second.close()
    }
  })

  it('a second database while the copy is lent out is a fresh one of its own; TEST_PGLITE_FRESH=1 never lends', async () => {
    const lent = await reusablePglite(open)
    const other = await reusablePglite(open)
    try {
      expect(clientOf(other)).not.toBe(clientOf(lent))
    } finally {
      await other.close()
      await lent.close()
    }
    expect(clientOf(other).closed).toBe(true)
    expect(clientOf(lent).closed).toBe(false)

    process.env.TEST_PGLITE_FRESH = '1'
    try {
      const fresh = await reusablePglite(open)
      expect(clientOf(fresh)).not.toBe(clientOf(lent))
      await fresh.close()
      expect(clientOf(fresh).closed).toBe(true)
    } finally {
      delete process.env.TEST_PGLITE_FRESH
    }
  })
})
