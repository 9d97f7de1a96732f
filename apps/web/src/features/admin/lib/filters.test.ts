import { describe, expect, it } from 'vitest'
import { apiFilters, localMidnight } from './filters'

describe('admin list filters', () => {
  it('sends the local midnight of a day with its offset, and the next one for an inclusive end', () => {
    const from = localMidnight('2026-11-01')!
    expect(from).toMatch(/^2026-11-01T00:00:00[+-]\d\d:\d\d$/)
    expect(new Date(from).getTime()).toBe(new Date(2026, 10, 1).getTime())
    expect(new Date(localMidnight('2026-11-30', true)!).getTime()).toBe(new Date(2026, 11, 1).getTime())
    expect(localMidnight('1/11/2026')).toBeUndefined()
  })

  it('keeps only the listed, non-empty filters', () => {
    const params = apiFilters(new URLSearchParams('q=%20ana%20&status=&from=2026-11-01&to=2026-11-02&cursor=x'), [
      'q',
      'status',
      'from',
      'to',
    ])
    expect(params.q).toBe('ana')
    expect(params).not.toHaveProperty('status')
    expect(params).not.toHaveProperty('cursor')
    expect(new Date(String(params.to)).getTime() - new Date(String(params.from)).getTime()).toBeGreaterThanOrEqual(47 * 3600_000)
  })
})
