// Setup of the database projects, whose test files share a worker (isolate: false): what one file
// switched on must not reach the next.
import { afterAll, vi } from 'vitest'

afterAll(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
})
