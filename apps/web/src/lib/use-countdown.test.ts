import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatCountdown, useCountdown } from './use-countdown'

afterEach(() => vi.useRealTimers())

describe('resend countdown', () => {
  it('formats m:ss', () => {
    expect(formatCountdown(120)).toBe('2:00')
    expect(formatCountdown(119)).toBe('1:59')
    expect(formatCountdown(65)).toBe('1:05')
    expect(formatCountdown(9)).toBe('0:09')
    expect(formatCountdown(0)).toBe('0:00')
  })

  it('counts down from 2:00 to zero', () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'))
    const until = Date.now() + 120_000
    const { result } = renderHook(() => useCountdown(until))
    expect(formatCountdown(result.current)).toBe('2:00')
    act(() => vi.advanceTimersByTime(1_000))
    expect(formatCountdown(result.current)).toBe('1:59')
    act(() => vi.advanceTimersByTime(60_000))
    expect(formatCountdown(result.current)).toBe('0:59')
    act(() => vi.advanceTimersByTime(59_000))
    expect(result.current).toBe(0)
  })
})
