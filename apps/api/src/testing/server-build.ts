// The server, the cluster and the commands bundled once per test run, as `npm run build` makes
// dist/ (tsup.config.ts), into .test-build-<pid>/: each process a test starts then loads one file
// instead of compiling ~200 TypeScript modules through tsx, ~2.5 CPU-seconds less (decision 100).
// One directory per run: CI runs the PGlite and the PostgreSQL suites at once (decision 212).
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const apiDir = fileURLToPath(new URL('../..', import.meta.url))
/** Set by globalSetup to this run's bundle directory once it matches the sources: an older build is never used. */
export const BUILD_READY_ENV = 'TEST_BUILD_DIR'

export type Entry = 'server' | 'supervisor' | 'cluster' | 'cli/backup' | 'cli/ledger-check' | 'admin-create'
const sources: Record<Entry, string> = {
  server: 'src/server.ts',
  supervisor: 'src/supervisor.ts',
  cluster: 'src/cluster.ts',
  'cli/backup': 'src/cli/backup.ts',
  'cli/ledger-check': 'src/cli/ledger-check.ts',
  'admin-create': 'src/cli/admin-create.ts',
}

/**
 * Packages left to node_modules in the test bundles: native code, WebAssembly, or files found beside
 * their own module (`__dirname`: fonts, static assets, package.json, worker scripts). Every other
 * package is bundled in: resolving and loading ~1,000 files of node_modules was ~0.55 CPU-s of a spawned
 * server's ~2 CPU-s start (decision 260). `npm run build`'s dist/ keeps them all external.
 */
const keptExternal = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  'pg-native',
  'pdfkit',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'ioredis',
  'pino',
  'thread-stream',
]

/**
 * Builds this run's bundles from the sources as they are now (vitest globalSetup; about 2
 * CPU-seconds) and answers their directory: at dist/'s depth below apps/api, so that a bundle
 * finds drizzle/ and ../web/dist as dist/ does.
 */
export async function buildForTests(): Promise<string> {
  const { build } = await import('tsup')
  const config = (await import('../../tsup.config.ts')).default as Parameters<typeof build>[0]
  const dir = join(apiDir, `.test-build-${process.pid}`)
  await build({
    ...config,
    config: false,
    entry: sources,
    outDir: dir,
    sourcemap: false,
    silent: true,
    // tsup bundles what `noExternal` matches (every import but these) and what a bundled package
    // imports unless `external` names it (pino, reached from fastify, is no dependency of ours).
    noExternal: [new RegExp(`^(?!(${keptExternal.map((p) => p.replace(/[/.]/g, '\\$&')).join('|')})(/|$))`)],
    external: keptExternal,
    // Bundled CommonJS packages call `require` for Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  })
  return dir
}

/** Removes a run's bundles (globalSetup's teardown). */
export const removeTestBuild = (dir: string) => rmSync(dir, { recursive: true, force: true })

/** `node` arguments that run `entry`: its bundle when built this run, else its source through tsx. */
export function nodeArgs(entry: Entry): string[] {
  const dir = process.env[BUILD_READY_ENV]
  const bundle = dir && join(dir, `${entry}.js`)
  if (bundle && existsSync(bundle)) return [bundle]
  return ['--import', 'tsx', join(apiDir, sources[entry])]
}
