import { PRIVACY_VERSION, TERMS_VERSION } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { LEGAL_UPDATED_AT, LEGAL_UPDATED_AT_EN } from './legal-layout'

const day = (locale: string, version: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(version))

describe('the legal pages’ dates', () => {
  it('are the versions people accept and the consent records store', () => {
    expect(LEGAL_UPDATED_AT.terms).toBe(day('es-CL', TERMS_VERSION))
    expect(LEGAL_UPDATED_AT.privacy).toBe(day('es-CL', PRIVACY_VERSION))
  })

  it('are the same in the English versions (decision 231)', () => {
    expect(LEGAL_UPDATED_AT_EN.terms).toBe(day('en-GB', TERMS_VERSION))
    expect(LEGAL_UPDATED_AT_EN.privacy).toBe(day('en-GB', PRIVACY_VERSION))
  })
})
