import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // Vitest's 5 s is too short on a shared 2-core machine under load (whole-table and render tests
    // timed out at load 30); no test here measures time with the real clock.
    testTimeout: 30_000,
  },
})
