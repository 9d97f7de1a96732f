import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { migrationsFolder } from '../db/client.ts'
import { BackupError } from './errors.ts'

export const BACKUP_FORMAT = 'entrenapp-backup'
/** Raised when the layout of a backup file changes; a newer one is refused with a clear message. */
export const FORMAT_VERSION = 1
/** This release: the API package's version and its last migration (the migration decides older/newer). */
export function release(): string {
  const { version } = JSON.parse(readFileSync(join(migrationsFolder, '..', 'package.json'), 'utf8')) as { version: string }
  return `${version}+${thisLevel().tag ?? 'none'}`
}

/** How far the schema is: the applied migrations (drizzle.__drizzle_migrations, `when` of the journal). */
export const MigrationLevelSchema = z.object({ count: z.number().int().min(0), tag: z.string().nullable(), when: z.number().nullable() })
export type MigrationLevel = z.infer<typeof MigrationLevelSchema>

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  database: z.enum(['pglite', 'postgres']),
  release: z.string(),
  migration: MigrationLevelSchema,
  createdAt: z.iso.datetime(),
  /** Rows of every table of the public schema at the moment of the backup. */
  rows: z.record(z.string(), z.number().int().min(0)),
  payload: z.object({ name: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  /** Fingerprint of the token signing keys of the deployment (never the keys). */
  keys: z.string().nullable(),
})
export type Manifest = z.infer<typeof ManifestSchema>

interface JournalEntry {
  idx: number
  when: number
  tag: string
}

export function journal(): JournalEntry[] {
  return (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries
}

/** The migration level of this release. */
export function thisLevel(): MigrationLevel {
  const entries = journal()
  const last = entries.at(-1)
  return { count: entries.length, tag: last?.tag ?? null, when: last?.when ?? null }
}

/** The level of a database from its migrations table (`when` is drizzle's created_at). */
export function levelOf(rows: { when: number | null; count: number }): MigrationLevel {
  const tag = rows.when === null ? null : (journal().find((e) => e.when === rows.when)?.tag ?? null)
  return { count: rows.count, tag, when: rows.when }
}

export const LEVEL_SQL = `select count(*)::int as count, max(created_at)::text as "when" from drizzle.__drizzle_migrations`

/**
 * Refuses a database newer than this release (a migration it does not know): this code would run
 * on a schema it was not written for. An older one is fine: the next start migrates it.
 */
export function assertNotNewer(level: MigrationLevel, file: string) {
  const ours = thisLevel()
  if (level.when !== null && ours.when !== null && level.when > ours.when) {
    throw new BackupError(
      `${file} was taken by a newer release (schema migration ${level.tag ?? `#${level.count}`}, this release knows up to ${ours.tag}): restore it with that release or newer.`,
    )
  }
  if (level.when !== null && !journal().some((e) => e.when === level.when)) {
    throw new BackupError(
      `${file} holds a schema migration this release does not know (${level.tag ?? level.when}): restore it with the release that took it.`,
    )
  }
}

/** The fingerprint of a pair of signing keys: a short hash, so that a backup can tell whether keys match. */
export function keysFingerprint(keys: { access: string; refresh: string } | undefined): string | null {
  if (!keys) return null
  return createHash('sha256').update(`entrenapp-keys-v1\0${keys.access}\0${keys.refresh}`).digest('hex').slice(0, 16)
}

/**
 * The signing keys this deployment uses, read only (never created): JWT_* from the environment,
 * else DATA_DIR/secrets.json. Undefined when neither exists yet.
 */
export function deploymentKeys(env: NodeJS.ProcessEnv, dataDir: string): { access: string; refresh: string } | undefined {
  if (env.JWT_ACCESS_SECRET && env.JWT_REFRESH_SECRET) return { access: env.JWT_ACCESS_SECRET, refresh: env.JWT_REFRESH_SECRET }
  const file = join(dataDir, 'secrets.json')
  if (!existsSync(file)) return undefined
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { access: string; refresh: string }
  } catch {
    return undefined
  }
}

/** Row counts that differ between the manifest and what the backup holds. */
export function rowDifferences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(found)])
  return [...names]
    .filter((n) => expected[n] !== found[n])
    .map((n) => `${n}: manifest ${expected[n] ?? 'none'}, file ${found[n] ?? 'none'}`)
}
