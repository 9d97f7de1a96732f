import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Issue 22: services, routes, the web and the contracts never name a payment provider; only the
// provider folders, the configuration and tests do. What the spec itself names stays (its paths
// and its field), as does the built-in provider's page prefix that the web and log plugins route.
const root = fileURLToPath(new URL('../../../../..', import.meta.url))
const scanned = ['apps/api/src', 'apps/web/src', 'packages/contracts/src']
const allowedFiles = [
  /^apps\/api\/src\/providers\/payments\//,
  /^apps\/api\/src\/config\.ts$/,
  /^apps\/api\/src\/testing\//,
  /\.test\.tsx?$/,
  /\/test-helpers\.ts$/,
  // The stored provider of each money row ('sandbox' | 'stripe'): data, not code paths.
  /^apps\/api\/src\/db\/schema\//,
]
const specNames = [
  '/auth/stripe/onboarding', // spec §2: the payout onboarding page
  '/payments/stripe/billing-portal-session', // spec §7
  '/payments/stripe/webhook', // the webhook's earlier address, kept for registered endpoints (decision 091)
  'stripeOnboardingComplete', // spec §4: the trainer onboarding status field
  '/auth/stripe/', // the same page's prefix in the web plugin's no-cache list
  "'/sandbox/'", // the built-in provider's pages: routed around the web app and the access log
  '|sandbox)', // the same prefix in a route pattern
  '\\/sandbox\\/', // and in the log redaction pattern
  'receiveStripeWebhook', // the earlier webhook address's operation id (renaming it would break clients)
]
/** Configuration variables (STRIPE_SECRET_KEY, …) may be named wherever they are read or explained. */
const configNames = /\b(?:STRIPE|MERCADOPAGO|SANDBOX)_[A-Z0-9_]+\b/g
const providerName = /stripe|sandbox|mercado\s?pago/i

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => relative(root, join(root, dir, f)))
}

describe('provider names', () => {
  it('appear only in the provider folders, the configuration, tests and the names the spec gives', () => {
    const found: string[] = []
    for (const file of scanned.flatMap(files)) {
      if (allowedFiles.some((re) => re.test(file))) continue
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          let rest = line
          for (const name of specNames) rest = rest.split(name).join('')
          rest = rest.replace(configNames, '')
          if (providerName.test(rest)) found.push(`${file}:${i + 1}: ${line.trim()}`)
        })
    }
    expect(found).toEqual([])
  })
})
