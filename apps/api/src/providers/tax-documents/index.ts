import type { Config } from '../../config.ts'
import { openFacturaProvider } from './openfactura/client.ts'
import type { DteIssuer, TaxDocumentProvider } from './types.ts'

/** A fictitious company (the RUT's check digit is right) for the fake; config.ts requires the real one with a key. */
const FAKE_ISSUER: DteIssuer = {
  rut: '76543210-3',
  legalName: 'Plataforma Fitness SpA',
  activity: 'Servicios de plataformas digitales',
  activityCode: 631200,
  address: 'Av. Providencia 1234',
  commune: 'Providencia',
}

export const issuerOf = (config: Config): DteIssuer => ({
  rut: config.TAX_ISSUER_RUT ?? FAKE_ISSUER.rut,
  legalName: config.TAX_ISSUER_NAME ?? FAKE_ISSUER.legalName,
  activity: config.TAX_ISSUER_ACTIVITY ?? FAKE_ISSUER.activity,
  activityCode: config.TAX_ISSUER_ACTIVITY_CODE ? Number(config.TAX_ISSUER_ACTIVITY_CODE) : FAKE_ISSUER.activityCode,
  address: config.TAX_ISSUER_ADDRESS ?? FAKE_ISSUER.address,
  commune: config.TAX_ISSUER_COMMUNE ?? FAKE_ISSUER.commune,
})

/**
 * The tax-document provider in use (decision 223), started: OpenFactura when OPENFACTURA_API_KEY
 * is set; otherwise, outside production, the fake OpenFactura on a loopback port; in production
 * without a key, none (documents wait as pending, and the start-up log says so).
 */
export async function startTaxDocuments(
  config: Config,
): Promise<{ provider: TaxDocumentProvider | null; fakeUrl: string | null; close(): Promise<void> }> {
  const base = { timeoutMs: config.OPENFACTURA_TIMEOUT_MS, issuer: issuerOf(config) }
  if (config.OPENFACTURA_API_KEY) {
    const baseUrl = config.OPENFACTURA_BASE_URL ?? 'https://api.haulmer.com'
    return { provider: openFacturaProvider({ ...base, baseUrl, apiKey: config.OPENFACTURA_API_KEY }), fakeUrl: null, close: async () => {} }
  }
  if (config.NODE_ENV === 'production') return { provider: null, fakeUrl: null, close: async () => {} }
  const { startFakeOpenFactura } = await import('./openfactura/fake/server.ts')
  const fake = await startFakeOpenFactura()
  return { provider: openFacturaProvider({ ...base, baseUrl: fake.url, apiKey: fake.apiKey }), fakeUrl: fake.url, close: fake.close }
}
