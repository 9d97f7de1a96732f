import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
  globalThis.localStorage?.clear() // absent in node-environment tests
})
