import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from '../db/client.ts'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder, openDatabase } from '../db/client.ts'
import { thisLevel } from './manifest.ts'
import { restoreEmbedded, writeEmbeddedBackup } from './pglite.ts'

// Issue 33: a backup of an older release restores, and the next start migrates it.
const dir = mkdtempSync(join(tmpdir(), 'older-release-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.skipIf(!!process.env.TEST_DATABASE_URL)('a backup taken one migration ago', () => {
  it('restores, says its schema is the older one, and the next open applies the newer migration', async () => {
    // The migrations of the release before: this release's journal without its last entry.
    const older = join(dir, 'drizzle')
    cpSync(migrationsFolder, older, { recursive: true })
    const journalFile = join(older, 'meta', '_journal.json')
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
    const dropped = journal.entries.pop()!
    writeFileSync(journalFile, JSON.stringify(journal))
    const pglite = await PGlite.create({ dataDir: join(dir, 'old-db'), extensions: pgliteExtensions })
    await migrate(drizzle(pglite), { migrationsFolder: older })
    await pglite.query(`insert into users (email, password_hash, first_name, last_name) values ('old@example.cl', 'x', 'Old', 'Release')`)
    const file = join(dir, 'old.tar')
    const taken = await writeEmbeddedBackup(await pglite.dumpDataDir('gzip'), file, null)
    await pglite.close()
    expect(taken.manifest.migration.count).toBe(thisLevel().count - 1)

    const dataDir = join(dir, 'data')
    const restored = await restoreEmbedded(file, dataDir, false)
    expect(restored.level.tag).toBe(journal.entries.at(-1)!.tag)

    const database = await openDatabase({ dataDir, owner: 'test' })
    try {
      const { rows } = (await database.db.execute(`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
        rows: { n: number }[]
      }
      expect(rows[0]!.n).toBe(thisLevel().count)
      const users = (await database.db.execute(`select email from users`)) as unknown as { rows: { email: string }[] }
      expect(users.rows.map((r) => r.email)).toEqual(['old@example.cl'])
    } finally {
      await database.close()
    }
    expect(dropped.tag).toBe(thisLevel().tag)
  }, 180_000)
})
