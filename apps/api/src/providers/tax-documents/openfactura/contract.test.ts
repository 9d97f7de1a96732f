import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ivaFromGross } from '../../../modules/tax-documents/iva.ts'
import type { DteIssuer } from '../types.ts'
import { openFacturaProvider } from './client.ts'

// Opt-in (decision 223): the client against OpenFactura's real test environment. Skipped unless
// OPENFACTURA_API_KEY is set; OPENFACTURA_BASE_URL defaults to their test environment, and the
// issuer must be the one that key belongs to (TAX_ISSUER_* as in the configuration).
const apiKey = process.env.OPENFACTURA_API_KEY
const issuer: DteIssuer = {
  rut: process.env.TAX_ISSUER_RUT ?? '76795561-8',
  legalName: process.env.TAX_ISSUER_NAME ?? 'HAULMER SPA',
  activity: process.env.TAX_ISSUER_ACTIVITY ?? 'VENTA AL POR MENOR EN EMPRESAS DE VENTA A DISTANCIA VIA INTERNET',
  activityCode: Number(process.env.TAX_ISSUER_ACTIVITY_CODE ?? 479100),
  address: process.env.TAX_ISSUER_ADDRESS ?? 'ARTURO PRAT 527',
  commune: process.env.TAX_ISSUER_COMMUNE ?? 'Curicó',
}

describe.skipIf(!apiKey)('OpenFactura contract (OPENFACTURA_API_KEY)', () => {
  const provider = openFacturaProvider({
    baseUrl: process.env.OPENFACTURA_BASE_URL ?? 'https://dev-api.haulmer.com',
    apiKey: apiKey ?? '',
    timeoutMs: 20_000,
    issuer,
  })
  const today = new Date().toISOString().slice(0, 10)

  it('issues a boleta with folio, PDF and XML, and the same key answers the same document', { timeout: 60_000 }, async () => {
    const key = `contract-${randomUUID()}`
    const request = {
      type: 39 as const,
      issuedOn: today,
      receiver: { rut: '66666666-6', legalName: null, activity: null },
      description: 'Prueba de contrato',
      ...ivaFromGross(1190),
    }
    const first = await provider.issue(request, key)
    expect(first.folio).toBeGreaterThan(0)
    expect(first.pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(first.xml).toContain('<TipoDTE>39</TipoDTE>')
    const again = await provider.issue(request, key)
    expect(again.folio).toBe(first.folio)
  })

  it('issues a factura and a credit note that references it', { timeout: 60_000 }, async () => {
    const receiver = { rut: '76430498-5', legalName: 'HOSTY SPA', activity: 'EMPRESAS DE SERVICIOS INTEGRALES DE INFORMATICA' }
    const factura = await provider.issue(
      { type: 33, issuedOn: today, receiver, description: 'Prueba de contrato', ...ivaFromGross(11_900) },
      `contract-${randomUUID()}`,
    )
    const note = await provider.issue(
      {
        type: 61,
        issuedOn: today,
        receiver,
        description: 'Devolución de prueba',
        ...ivaFromGross(11_900),
        reference: { type: 33, folio: factura.folio, issuedOn: today, code: 1, reason: 'Devolución de prueba' },
      },
      `contract-${randomUUID()}`,
    )
    expect(note.folio).toBeGreaterThan(0)
  })
})
