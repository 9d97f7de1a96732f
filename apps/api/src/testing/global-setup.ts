// Vitest globalSetup of the database projects (vitest.config.ts), before any test file starts:
// migrates once, so that every file copies a migrated database, and bundles the server for the
// tests that start it as a process (decision 100).
import { createPgTemplate, PG_TEMPLATE_ENV, pgliteTemplate } from './db-template.ts'
import { BUILD_READY_ENV, buildForTests, removeTestBuild } from './server-build.ts'

// Two projects run this in one process, maybe at once: they share the work and one PostgreSQL
// template, dropped by the last to finish.
const shared = globalThis as {
  testSetup?: { users: number; ready: Promise<{ buildDir: string; template?: { drop(): Promise<void> } }> }
}

async function prepare() {
  const serverUrl = process.env.TEST_DATABASE_URL
  // PostgreSQL runs need the PGlite template too: some of their tests start servers on it.
  const [, buildDir, template] = await Promise.all([pgliteTemplate(), buildForTests(), serverUrl ? createPgTemplate(serverUrl) : undefined])
  // Test workers start after this, with this process's environment.
  process.env[BUILD_READY_ENV] = buildDir
  if (template) process.env[PG_TEMPLATE_ENV] = template.name
  return { buildDir, template }
}

export default async function setup() {
  shared.testSetup ??= { users: 0, ready: prepare() }
  const entry = shared.testSetup
  entry.users++
  await entry.ready
  return async () => {
    if (--entry.users > 0) return
    shared.testSetup = undefined
    delete process.env[PG_TEMPLATE_ENV]
    delete process.env[BUILD_READY_ENV]
    const { buildDir, template } = await entry.ready
    removeTestBuild(buildDir)
    await template?.drop()
  }
}
