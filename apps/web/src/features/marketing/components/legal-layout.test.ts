import { PRIVACY_VERSION, TERMS_VERSION } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { LEGAL_UPDATED_AT } from './legal-layout'

const spanishDay = (version: string) =>
  new Intl.DateTimeFormat('es-CL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(version))

describe('the legal pages’ dates', () => {
  it('are the versions people accept and the consent records store', () => {
    expect(LEGAL_UPDATED_AT.terms).toBe(spanishDay(TERMS_VERSION))
    expect(LEGAL_UPDATED_AT.privacy).toBe(spanishDay(PRIVACY_VERSION))
  })
})
