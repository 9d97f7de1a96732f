// The server, the cluster and the commands bundled once per test run, as `npm run build` makes
// dist/ (tsup.config.ts), into .test-build/: each process a test starts then loads one file
// instead of compiling ~200 TypeScript modules through tsx, ~2.5 CPU-seconds less (decision 100).
import { existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const apiDir = fileURLToPath(new URL('../..', import.meta.url))
// At dist/'s depth below apps/api, so that the bundle finds drizzle/ and ../web/dist as dist/ does.
const buildDir = join(apiDir, '.test-build')

/** Set by globalSetup once .test-build/ matches the sources: an older build is never used. */
export const BUILD_READY_ENV = 'TEST_BUILD_READY'

export type Entry = 'server' | 'supervisor' | 'cluster' | 'cli/backup' | 'admin-create'
const sources: Record<Entry, string> = {
  server: 'src/server.ts',
  supervisor: 'src/supervisor.ts',
  cluster: 'src/cluster.ts',
  'cli/backup': 'src/cli/backup.ts',
  'admin-create': 'src/cli/admin-create.ts',
}

/** Builds .test-build/ from the sources as they are now (vitest globalSetup; about 2 CPU-seconds). */
export async function buildForTests() {
  const { build } = await import('tsup')
  const config = (await import('../../tsup.config.ts')).default as Parameters<typeof build>[0]
  const building = `${buildDir}.${process.pid}`
  await build({ ...config, config: false, entry: sources, outDir: building, sourcemap: false, silent: true })
  rmSync(buildDir, { recursive: true, force: true })
  renameSync(building, buildDir)
}

/** `node` arguments that run `entry`: its bundle when built this run, else its source through tsx. */
export function nodeArgs(entry: Entry): string[] {
  const bundle = join(buildDir, `${entry}.js`)
  if (process.env[BUILD_READY_ENV] && existsSync(bundle)) return [bundle]
  return ['--import', 'tsx', join(apiDir, sources[entry])]
}
