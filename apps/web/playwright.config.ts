import { defineConfig, devices } from '@playwright/test'
import { existsSync } from 'node:fs'
import { adminLinkFile, E2E_ADMIN_EMAIL, e2eDataDir } from './e2e/admin-setup'

const port = Number(process.env.E2E_PORT ?? 3100)
/** The second server: Mercado Pago in sandbox mode (its fake in the server's process), for e2e/mercadopago.spec.ts (decision 249). */
const mpPort = port + 1
// Debian's Chromium: Playwright cannot download its own browser on this network. Headless runs
// take Debian's chromium-headless-shell when installed (.ci/run installs it), the build Playwright
// itself runs headless tests on: the same Blink, without the full browser's UI and GPU processes,
// and each test about a third faster (decision 252). `--headed` needs the full browser.
const headed = process.argv.includes('--headed') || process.argv.includes('--ui') || !!process.env.PWDEBUG
const headlessShell = '/usr/lib/chromium/chromium-headless-shell'
const executablePath =
  process.env.CHROME_PATH ??
  (!headed && existsSync(headlessShell) ? headlessShell : existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Tests are independent of each other and of order (decision 102), so they spread one by one
  // over two workers: two cores, shared with the server under test.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    // Recording a trace for every test cost a third of the E2E's time and CPU (decision 248): in CI
    // only the retry of a failed test records one; a local run (no retries) keeps each failure's.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  // A test tagged @mobile runs in both projects (at both widths); @mobile-only only at 375 px.
  // The Mercado Pago journeys run against their own server (mercadopago project) only.
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      grepInvert: /@mobile-only/,
      testIgnore: /mercadopago\.spec\.ts/,
    },
    {
      name: 'mobile',
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 740 }, isMobile: false, hasTouch: true },
      grep: /@mobile/,
      testIgnore: /mercadopago\.spec\.ts/,
    },
    {
      name: 'mercadopago',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: `http://localhost:${mpPort}` },
      testMatch: /mercadopago\.spec\.ts/,
    },
  ],
  webServer: [server(port), server(mpPort, { PAYMENTS_PROVIDER: 'mercadopago', MERCADOPAGO_SANDBOX: 'true' })],
})

/**
 * The built server on `at`, as `npm start` runs it; `extra`: its payment provider's settings. The
 * console's operator is made by the admin command before the server opens the embedded database:
 * PGlite serves one process per data directory, so the command cannot reach a running server's.
 * Its output (the one-time set-password link) is kept readable by this user only.
 */
function server(at: number, extra: Record<string, string> = {}) {
  const dataDir = e2eDataDir(at)
  const adminLink = adminLinkFile(at)
  return {
    // The built server, as `npm start` runs it, on a copy of the migrated template database (the API
    // tests' cache, else built now: apps/api/src/testing/db-template.ts).
    // `node apps/api/dist/admin-create.js` is `npm run admin:create` built (apps/api/tsup.config.ts).
    command: `rm -rf ${dataDir} ${adminLink}* && node --import tsx ../api/src/testing/seed-data-dir.ts ${dataDir} && (umask 077 && node ../api/dist/admin-create.js --email ${E2E_ADMIN_EMAIL} > ${adminLink}) && node ../api/dist/server.js`,
    url: `http://localhost:${at}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(at),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Many sign-ups and logins come from one IP in a run.
      RATE_LIMIT_MULTIPLIER: '50',
      // "Download my data" of more rows than this is mailed as a link (account.spec.ts, decision 206).
      PRIVACY_EXPORT_INLINE_MAX_ROWS: '150',
      // The booking journey waits for a reminder: looked for every 2 s instead of every minute.
      BOOKING_REMINDERS_EVERY_MS: '2000',
      ...extra,
    },
  }
}
