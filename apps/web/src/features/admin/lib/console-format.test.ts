import { describe, expect, it } from 'vitest'
import { formatters } from '@/lib/i18n'
import { dateTimeFormatter, formatMonth, formatSplit } from './console-format'

// Issue 23 point 7: months in words on Chile's calendar, rates in percent as the gym form types them.
describe('console formats', () => {
  it('a ledger month in words, month and year only, in both languages', () => {
    expect(formatMonth('2026-11', 'en')).toBe('November 2026')
    expect(formatMonth('2026-11', 'es')).toBe('noviembre 2026')
    // The first and last months of a year stay themselves whatever the browser's own zone.
    expect(formatMonth('2027-01', 'es')).toBe('enero 2027')
    expect(formatMonth('2026-12', 'en')).toBe('December 2026')
    // Anything else is shown as given rather than guessed.
    expect(formatMonth('soon', 'en')).toBe('soon')
  })

  it('a split in percent, never as fractions of one', () => {
    const rates = { trainer: 0.6, gym: 0.35, platform: 0.05 }
    expect(formatSplit(rates, formatters('en').percent)).toBe('60% / 35% / 5%')
    expect(formatSplit({ trainer: 0.6, gym: 0.355, platform: 0.045 }, formatters('es').percent)).toBe('60% / 35,5% / 4,5%')
    expect(formatSplit(rates, formatters('en').percent)).not.toContain('0.35')
  })

  it('an event time on Chile’s clock', () => {
    // 06:30 UTC on 25 November is 03:30 in Santiago (summer time).
    expect(dateTimeFormatter('en')('2026-11-25T06:30:00.000Z')).toMatch(/Nov 25, 2026.*3:30/)
    expect(dateTimeFormatter('es')('2026-11-25T06:30:00.000Z')).toMatch(/25-11-2026.*3:30/)
  })
})
