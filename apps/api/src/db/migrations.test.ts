// The migrations themselves (decision 100): every other test file starts from a copy of a database
// migrated once per run, so this file is where migrating is proven — from an empty database, and
// from the schema of the previous migration with rows in it (an upgrade loses nothing).
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { testConfig } from '../config.ts'
import { hashPassword } from '../modules/users/hashing.ts'
import { call, openTestDatabase, recordingTransport, uniqueEmail } from '../testing/app.ts'
import { createTestDatabase, type TestDatabase } from '../testing/db-template.ts'
import { migrationsFolder, openDatabase, pgliteExtensions, type Database, type Db } from './client.ts'
import { libraryExercises, loadExerciseLibrary } from './exercise-library.ts'

const serverUrl = process.env.TEST_DATABASE_URL
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** The migrations folder as it was before its newest `dropped` migrations. */
function olderMigrations(dropped: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'))
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }))
  cpSync(migrationsFolder, dir, { recursive: true })
  const older = { ...journal, entries: journal.entries.slice(0, journal.entries.length - dropped) }
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(older))
  return dir
}

/** An empty database (no template), migrated with `folder` only; `reopen` opens it as the app does. */
async function emptyDatabaseMigratedWith(folder: string): Promise<{ db: Db; reopen(): Promise<Database> }> {
  if (serverUrl) {
    const created: TestDatabase = await createTestDatabase(serverUrl, { migrated: false })
    cleanups.push(created.drop)
    const pool = new pg.Pool({ connectionString: created.url, max: 2 })
    // The scratch database is dropped WITH (FORCE) at the end: an idle client's "terminating
    // connection" is expected then, not an error of the run.
    pool.on('error', () => {})
    cleanups.push(() => pool.end().catch(() => {}))
    const db = drizzlePg(pool) as unknown as Db
    await migratePg(db as never, { migrationsFolder: folder })
    return {
      db,
      reopen: async () => {
        await pool.end()
        return track(await openDatabase({ url: created.url, poolMax: 2 }))
      },
    }
  }
  const client = await PGlite.create({ extensions: pgliteExtensions })
  const db = drizzlePglite(client) as unknown as Db
  await migratePglite(db as never, { migrationsFolder: folder })
  return {
    db,
    reopen: async () => {
      await client.query('CHECKPOINT')
      const dump = (await client.dumpDataDir('none')) as Blob
      await client.close()
      return track(await openDatabase({ inMemory: true, loadDataDir: dump }))
    },
  }
}

const track = (database: Database) => {
  cleanups.push(() => database.close().catch(() => {}))
  return database
}

/** What the migrations made: columns, indexes, constraints, triggers, functions, and rows per table. */
async function schemaOf(db: Db) {
  const rows = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows as Record<string, unknown>[]
  const tables = (await rows(sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`)).map(
    (r) => r.table_name as string,
  )
  const counts: Record<string, number> = {}
  for (const table of tables) counts[table] = Number((await rows(sql.raw(`select count(*) as n from "${table}"`)))[0]!.n)
  return {
    columns: await rows(sql`select table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema = 'public' order by table_name, column_name`),
    indexes: await rows(sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`),
    constraints: await rows(sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint
      where connamespace = 'public'::regnamespace order by conname, def`),
    triggers: await rows(
      sql`select tgname, tgrelid::regclass::text as on_table from pg_trigger where not tgisinternal order by tgname, on_table`,
    ),
    functions: await rows(sql`select proname from pg_proc where pronamespace = 'public'::regnamespace order by proname`),
    counts,
  }
}

describe(`migrations on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  // A PGlite made from nothing costs ~5 CPU-seconds: generous on a shared machine.
  it('an empty database migrates from scratch to exactly the schema the other tests copy', { timeout: 120_000 }, async () => {
    const scratch = await emptyDatabaseMigratedWith(migrationsFolder)
    const applied = await scratch.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
    expect(applied.rows[0]).toEqual({ n: journal.entries.length })
    // Opening a database loads the exercise library after the migrations (decision 131): so does this one.
    expect(await loadExerciseLibrary(scratch.db)).toBe(true)
    const template = await openTestDatabase()
    cleanups.push(async () => {
      await template.drop()
      await template.close().catch(() => {})
    })
    expect(await schemaOf(scratch.db)).toEqual(await schemaOf(template.db))
  })

  it.runIf(journal.entries.length > 1)(
    `a database at the previous migration (before ${journal.entries.at(-1)!.tag}) upgrades, keeps its rows and its users sign in`,
    { timeout: 120_000 },
    async () => {
      const previous = await emptyDatabaseMigratedWith(olderMigrations(1))
      const email = uniqueEmail('upgrade')
      const passwordHash = await hashPassword('Upgrade-1')
      // Columns of the users table since the first migration: a row as the previous release wrote it.
      await previous.db.execute(
        sql`insert into users (email, password_hash, first_name, last_name, role) values (${email}, ${passwordHash}, 'Ana', 'Previa', 'member')`,
      )
      const before = (await schemaOf(previous.db)).counts

      const upgraded = await previous.reopen()
      const after = (await schemaOf(upgraded.db)).counts
      for (const [table, rows] of Object.entries(before)) if (table in after) expect(after[table], table).toBeGreaterThanOrEqual(rows)

      const app = await buildApp({
        config: testConfig(),
        database: upgraded,
        mailTransport: recordingTransport(),
        mailAutoDeliver: false,
        serveWeb: false,
      })
      cleanups.push(() => app.close())
      const login = await call(app, 'POST', '/api/v1/auth/email/login', { body: { email, password: 'Upgrade-1' } })
      expect(login.statusCode, login.body).toBe(200)
    },
  )

  it(
    'a database of the release before the English cues (0012_routines, library loaded) gets them on its next open, ids kept',
    { timeout: 120_000 },
    async () => {
      const upTo = journal.entries.findIndex((e) => e.tag === '0012_routines')
      const previous = await emptyDatabaseMigratedWith(olderMigrations(journal.entries.length - 1 - upTo))
      // Two library rows and the loaded-file digest as that release's loader wrote them: Spanish cues only.
      const pgArray = (values: string[]) => `{${values.join(',')}}`
      const shipped = libraryExercises().filter((e) => ['press-banca-barra', 'sentadilla-bulgara'].includes(e.slug))
      const before: Record<string, string> = {}
      for (const e of shipped) {
        const inserted = await previous.db.execute(sql`insert into exercises
            (slug, source, name_es, name_en, category, level, equipment, primary_muscles, secondary_muscles, cues, search_text)
          values (${e.slug}, 'library', ${e.es}, ${e.en}, ${e.category}, ${e.level}, ${pgArray(e.equipment)}::text[], ${pgArray(e.primary)}::text[],
            ${pgArray(e.secondary)}::text[],
            ${JSON.stringify(e.cues)}::jsonb, ${e.es.toLowerCase()})
          returning id`)
        before[e.slug] = (inserted.rows[0] as { id: string }).id
      }
      await previous.db.execute(sql`insert into exercise_library_state (key, digest) values ('library', 'the-previous-file')`)

      const upgraded = await previous.reopen()
      const rows = (
        await upgraded.db.execute(
          sql`select id, slug, cues, cues_en from exercises where source = 'library' and slug is not null order by slug`,
        )
      ).rows as { id: string; slug: string; cues: string[]; cues_en: string[] }[]
      expect(rows).toHaveLength(libraryExercises().length)
      for (const row of rows) {
        expect(row.cues_en.length, row.slug).toBe(row.cues.length)
        expect(row.cues_en.length, row.slug).toBeGreaterThanOrEqual(3)
      }
      for (const e of shipped) {
        const row = rows.find((r) => r.slug === e.slug)!
        expect(row.id).toBe(before[e.slug])
        expect(row.cues).toEqual(e.cues)
        expect(row.cues_en).toEqual(e.cuesEn)
      }
      expect(rows.find((r) => r.slug === 'sentadilla-bulgara')!.cues_en).toContain('Go straight down, like an elevator')
    },
  )
  it('a gym split stored as fractions by the previous release is in basis points after 0017, exactly', { timeout: 120_000 }, async () => {
    const upTo = journal.entries.findIndex((e) => e.tag === '0017_commission_bps')
    const previous = await emptyDatabaseMigratedWith(olderMigrations(journal.entries.length - upTo))
    const owner = await previous.db.execute(sql`insert into users (email, password_hash, first_name, last_name, role)
      values ('owner@example.cl', 'x', 'Ana', 'Soto', 'gym_owner') returning id`)
    const ownerId = (owner.rows[0] as { id: string }).id
    await previous.db.execute(sql`insert into businesses (owner_id, name, address, commission_trainer, commission_gym, commission_platform)
      values (${ownerId}, 'Gimnasio', 'Av. Uno 1', '0.555', '0.395', '0.050')`)
    const upgraded = await previous.reopen()
    const [row] = (
      await upgraded.db.execute(
        sql`select commission_trainer_bps as trainer, commission_gym_bps as gym, commission_platform_bps as platform from businesses`,
      )
    ).rows as { trainer: number; gym: number; platform: number }[]
    expect(row).toEqual({ trainer: 5550, gym: 3950, platform: 500 })
    // The database refuses a split that does not add up to 100 %.
    await expect(upgraded.db.execute(sql`update businesses set commission_gym_bps = 4000`)).rejects.toThrow()
  })
  it('the plan refunds recorded before 0034 are rows of plan_charge_refunds, from their credit notes', { timeout: 120_000 }, async () => {
    const upTo = journal.entries.findIndex((e) => e.tag === '0034_plan_charge_refunds')
    const previous = await emptyDatabaseMigratedWith(olderMigrations(journal.entries.length - upTo))
    const run = async <T>(query: ReturnType<typeof sql>) => (await previous.db.execute(query)).rows as T[]
    const [user] = await run<{ id: string }>(sql`insert into users (email, password_hash, first_name, last_name, role)
      values ('trainer@example.cl', 'x', 'Ana', 'Soto', 'trainer') returning id`)
    const [plan] = await run<{ id: string }>(sql`select id from plans limit 1`)
    const [sub] = await run<{ id: string }>(sql`insert into subscriptions (user_id, plan_id, provider, provider_subscription_id, status)
      values (${user!.id}, ${plan!.id}, 'stripe', 'sub_1', 'active') returning id`)
    const [charge] = await run<{
      id: string
    }>(sql`insert into plan_charges (subscription_id, user_id, provider_charge_id, provider_payment_id, plan_title, amount_clp, refunded_clp, paid_at)
      values (${sub!.id}, ${user!.id}, 'in_1', 'ch_1', 'Pro', 19990, 5000, now()) returning id`)
    const receiver = JSON.stringify({ rut: '66666666-6', legalName: null, activity: null })
    const [boleta] = await run<{
      id: string
    }>(sql`insert into tax_documents (source_kind, source_id, recipient_user_id, dte_type, receiver, description, net_clp, iva_clp, total_clp)
      values ('plan_charge', ${charge!.id}, ${user!.id}, 39, ${receiver}::jsonb, 'Plan', 16798, 3192, 19990) returning id`)
    await run(sql`insert into tax_documents (source_kind, source_id, recipient_user_id, dte_type, references_id, receiver, description, net_clp, iva_clp, total_clp)
      values ('credit_note', 'plan_refund:re_1', ${user!.id}, 61, ${boleta!.id}, ${receiver}::jsonb, 'Devolución', 4202, 798, 5000)`)
    const upgraded = await previous.reopen()
    const rows = (await upgraded.db.execute(sql`select provider_refund_id, plan_charge_id, amount_clp from plan_charge_refunds`)).rows
    expect(rows).toEqual([{ provider_refund_id: 're_1', plan_charge_id: charge!.id, amount_clp: 5000 }])
  })
})
