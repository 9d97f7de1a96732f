import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

// Two projects (decision 229). A file that mocks a module, stubs a global or swaps the clock gets
// a fresh module graph and DOM of its own (isolated); every other file shares its worker's loaded
// modules and jsdom (isolate: false), which takes the suite from ~165 to ~40 CPU-seconds: creating
// jsdom and importing React, the router and the UI kit again for each file was most of the cost.
// Each test still starts clean: Testing Library unmounts and localStorage is cleared after each one
// (src/testing/setup.ts).
const src = fileURLToPath(new URL('./src', import.meta.url))
const needsIsolation = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|resetModules)\(/
const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `src/${f}`)
  .sort()
const isolated = files.filter((f) => needsIsolation.test(readFileSync(join(src, '..', f), 'utf8')))
const shared = files.filter((f) => !isolated.includes(f))

const project = (name: string, include: string[], isolate: boolean): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name, include, isolate },
})

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/testing/setup.ts'],
    // Vitest's 5 s is too short on a shared 2-core machine under load (whole-table and render tests
    // timed out at load 30); no test here measures time with the real clock.
    testTimeout: 30_000,
    projects: [project('isolated', isolated, true), project('shared', shared, false)],
  },
})
