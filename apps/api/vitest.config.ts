import { fileURLToPath } from 'node:url'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import LongestFirst from './src/testing/sequencer.ts'
import { testFiles } from './src/testing/test-files.ts'

// Projects (decision 101): `unit` runs the files that never open a database, once; the database
// files run on PGlite when TEST_DATABASE_URL is empty or unset, on that PostgreSQL server when it
// is set. Database files copy a database migrated once per run (src/testing/global-setup.ts) and
// share their worker's loaded modules (isolate: false), except those that mock a module.
const files = testFiles(fileURLToPath(new URL('.', import.meta.url)))
const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'
const databaseTests = (name: string, include: string[], isolate: boolean): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name, include, isolate, globalSetup: ['src/testing/global-setup.ts'], setupFiles: ['src/testing/shared-worker.ts'] },
})

export default defineConfig({
  test: {
    // Two cores here.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // On a loaded CI machine a slow test can pass its time limit once; one retry absorbs that, and
    // the flaky reporter names each such test (decision 238).
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', './src/testing/flaky-reporter.ts'],
    // Longest files first, also on a fresh clone (src/testing/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      { extends: true, test: { name: 'unit', include: files.unit, setupFiles: ['src/testing/no-database.ts'] } },
      databaseTests(database, files.database, false),
      databaseTests(`${database}-mocking`, files.databaseMocking, true),
    ],
  },
})
