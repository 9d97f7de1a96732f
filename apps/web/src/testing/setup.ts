import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// npm test runs the web's tests beside the API suites and the E2E on two cores: a first render that
// loads a lazy chunk can take over the library's default second (today-page.test failed so in CI).
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  globalThis.localStorage?.clear() // absent in node-environment tests
})
