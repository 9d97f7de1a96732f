import { describe, expect, it } from 'vitest'
import { formatDay } from './client-layout'

describe('formatDay', () => {
  it("is Chile's calendar day, whatever the browser's time zone", () => {
    // 00:07 UTC on 24 November is 21:07 on 23 November in Santiago.
    expect(formatDay('2026-11-24T00:07:00Z')).toBe('23 de noviembre de 2026')
  })
})
