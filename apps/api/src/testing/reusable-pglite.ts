// One in-memory PGlite per test worker, put back to the migrated template between test files
// (decision 259): opening one from the template's dump cost ~1.3 CPU-seconds per file, a reset
// ~0.05. A reset empties every table, puts back the rows the template holds (the exercise
// library) and the sequences, and ends every session setting; a file that changed the schema
// (a trigger switched off, a table added) or broke the database gets a fresh one instead.
import type { PGlite } from '@electric-sql/pglite'
import type { Database } from '../db/client.ts'

const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client

/** Everything a test file could change besides rows: if it differs after a reset, the copy is not reused. */
const SHAPE = `
  select md5(string_agg(x, '|' order by x)) as shape from (
    select concat_ws(',', 'n', nspname) as x from pg_namespace where nspname not like 'pg_temp%' and nspname not like 'pg_toast_temp%'
    union all select concat_ws(',', 'c', c.oid, c.relname, c.relkind, c.relnamespace) from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'
    union all select concat_ws(',', 'a', attrelid, attname, atttypid, attnotnull, attisdropped, atthasdef) from pg_attribute where attrelid >= 16384
    union all select concat_ws(',', 'd', adrelid, adnum, pg_get_expr(adbin, adrelid)) from pg_attrdef
    union all select concat_ws(',', 't', oid, tgname, tgenabled) from pg_trigger
    union all select concat_ws(',', 'k', oid, conname, convalidated) from pg_constraint where oid >= 16384
    union all select concat_ws(',', 'p', oid, proname, md5(prosrc)) from pg_proc where oid >= 16384
    union all select concat_ws(',', 'i', indexrelid, indisvalid) from pg_index where indexrelid >= 16384
    union all select concat_ws(',', 'r', rolname, rolsuper) from pg_roles
    union all select concat_ws(',', 's', setdatabase, setrole, array_to_string(setconfig, ',')) from pg_db_role_setting
    union all select concat_ws(',', 'e', extname, extversion) from pg_extension
    union all select concat_ws(',', 'm', count(*)) from drizzle.__drizzle_migrations
  ) shape`

interface Template {
  shape: string
  tables: string[]
  /** The template's rows of the tables that have any, as COPY text. */
  rows: { table: string; blob: Blob }[]
  sequences: { name: string; value: string; called: boolean }[]
}

async function readTemplate(client: PGlite): Promise<Template> {
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1`,
    )
  ).rows.map((r) => r.name)
  const rows: Template['rows'] = []
  for (const table of tables) {
    const { rows: first } = await client.query(`select 1 from ${table} limit 1`)
    if (first.length === 0) continue
    const copied = await client.query(`copy ${table} to '/dev/blob'`)
    rows.push({ table, blob: copied.blob! })
  }
  const sequences = (
    await client.query<{ name: string; value: string; called: boolean }>(
      `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value, last_value is not null as called
       from pg_sequences where schemaname = 'public'`,
    )
  ).rows
  const shape = (await client.query<{ shape: string }>(SHAPE)).rows[0]!.shape
  return { shape, tables, rows, sequences }
}

/** Puts the copy back as the template was; false when it cannot be (the caller opens a fresh one). */
async function reset(client: PGlite, template: Template): Promise<boolean> {
  try {
    await client.exec('rollback') // a transaction a test left open, if any (a warning otherwise)
    await client.exec('discard all')
    await client.transaction(async (tx) => {
      // No trigger fires (the ledger refuses TRUNCATE) and no foreign key is checked while refilling.
      await tx.exec(`set local session_replication_role = replica`)
      if (template.tables.length) await tx.exec(`truncate ${template.tables.join(', ')} restart identity`)
      for (const { table, blob } of template.rows) await tx.query(`copy ${table} from '/dev/blob'`, [], { blob })
      for (const s of template.sequences) await tx.query(`select setval($1, $2::bigint, $3)`, [s.name, s.value, s.called])
    })
    const shape = (await client.query<{ shape: string }>(SHAPE)).rows[0]!.shape
    return shape === template.shape
  } catch {
    return false
  }
}

let kept: { database: Database; template: Template; inUse: boolean } | undefined

/**
 * A migrated in-memory database for one test file: this worker's kept copy, reset, when it is free
 * and resets cleanly; otherwise a fresh one from `open`, kept for the next file when none is.
 * Closing a kept copy hands it back. TEST_PGLITE_FRESH=1 opens a fresh one for every file (to tell
 * whether a failure comes from sharing).
 */
export async function reusablePglite(open: () => Promise<Database>): Promise<Database> {
  if (process.env.TEST_PGLITE_FRESH === '1') return open()
  if (kept && !kept.inUse) {
    const current = kept
    if (await reset(clientOf(current.database), current.template)) {
      current.inUse = true
      return lend(current)
    }
    kept = undefined
    await current.database.close().catch(() => {})
  }
  const database = await open()
  if (kept) return database
  const entry = { database, template: await readTemplate(clientOf(database)), inUse: true }
  kept = entry
  return lend(entry)
}

function lend(entry: NonNullable<typeof kept>): Database {
  let returned = false
  return {
    ...entry.database,
    close: async () => {
      if (returned) return
      returned = true
      entry.inUse = false
    },
  }
}
