import { afterAll, beforeAll } from 'vitest'
import type { Config } from '../../config.ts'
import {
  startFakeMercadoPago,
  type FakeMercadoPago,
  type FakeMercadoPagoOptions,
} from '../../providers/payments/mercadopago/fake/server.ts'
import { useTestApp } from '../../testing/app.ts'

/**
 * A test app whose payout accounts link at the fake Mercado Pago (decision 207), started for the
 * file and closed after it. `mp.fake` is the running fake (set once the file's hooks ran).
 */
export function useMercadoPagoTestApp(extra: Partial<Config> = {}, fakeOptions: FakeMercadoPagoOptions = {}) {
  const overrides: Partial<Config> = {
    PAYMENTS_PROVIDER: 'mercadopago',
    MERCADOPAGO_CLIENT_ID: '4815162342',
    MERCADOPAGO_CLIENT_SECRET: 'fake-client-secret',
    MERCADOPAGO_WEBHOOK_SECRET: 'fake-webhook-secret',
    MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-4815162342-platform',
    MERCADOPAGO_PUBLIC_KEY: 'TEST-4815162342-public',
    MERCADOPAGO_CARD_ON_FILE: true,
    MERCADOPAGO_SPLIT_PAYMENTS: true,
    // Below the outage tests' injected delays (4.5 s), above what a loaded test machine needs (checkouts now go to the fake too).
    MERCADOPAGO_TIMEOUT_MS: 3_000,
    ...extra,
  }
  let fake: FakeMercadoPago | undefined
  beforeAll(async () => {
    fake = await startFakeMercadoPago(fakeOptions)
    overrides.MERCADOPAGO_BASE_URL = fake.url
    overrides.MERCADOPAGO_AUTH_URL = fake.url
    overrides.MERCADOPAGO_CARD_FORM_URL = `${fake.url}/checkout/card_form`
  })
  afterAll(() => fake?.close())
  const ctx = useTestApp(overrides)
  return {
    ctx,
    get fake(): FakeMercadoPago {
      if (!fake) throw new Error('the fake Mercado Pago starts in beforeAll')
      return fake
    },
  }
}
