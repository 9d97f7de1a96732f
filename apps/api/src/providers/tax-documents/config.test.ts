import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { issuerOf } from './index.ts'

// Decision 223: real documents name the company the OpenFactura key belongs to; the fake's issuer
// is a fictitious one.
const dir = () => mkdtempSync(join(tmpdir(), 'taxdocs-config-'))
const issuer = {
  TAX_ISSUER_RUT: '76086428-5',
  TAX_ISSUER_NAME: 'Entrenapp SpA',
  TAX_ISSUER_ACTIVITY: 'Servicios de plataformas digitales',
  TAX_ISSUER_ACTIVITY_CODE: '631200',
  TAX_ISSUER_ADDRESS: 'Av. Apoquindo 1',
  TAX_ISSUER_COMMUNE: 'Las Condes',
}

describe('tax document configuration', () => {
  it('without a key: the fake with a fictitious issuer (empty values are unset)', () => {
    const config = loadConfig({ DATA_DIR: dir(), TAX_ISSUER_RUT: '', OPENFACTURA_API_KEY: '' })
    expect(issuerOf(config)).toMatchObject({ rut: '76543210-3', activityCode: 631200 })
  })

  it('a key needs every issuer field, and the activity code is six digits', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), OPENFACTURA_API_KEY: 'k' })).toThrow(/TAX_ISSUER_RUT: is required with OPENFACTURA_API_KEY/)
    expect(() => loadConfig({ DATA_DIR: dir(), OPENFACTURA_API_KEY: 'k', ...issuer, TAX_ISSUER_ACTIVITY_CODE: '63' })).toThrow(
      /TAX_ISSUER_ACTIVITY_CODE/,
    )
    const config = loadConfig({ DATA_DIR: dir(), OPENFACTURA_API_KEY: 'k', ...issuer })
    expect(issuerOf(config)).toEqual({
      rut: '76086428-5',
      legalName: 'Entrenapp SpA',
      activity: 'Servicios de plataformas digitales',
      activityCode: 631200,
      address: 'Av. Apoquindo 1',
      commune: 'Las Condes',
    })
  })
})
