// Shared E2E helpers: one e-mail generator, one mailbox poller, one axe check, one screenshot path, one dialog opener.
import AxeBuilder from '@axe-core/playwright'
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/** A fresh address for one test (the server keeps every account of a run). */
export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`

export interface Mail {
  subject: string
  text: string
}

/** The newest mail of the built-in mailbox for `to` that `accept` takes (polls until one arrives). */
export async function latestMail(request: APIRequestContext, to: string, accept: (mail: Mail) => boolean = () => true): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`)
        const newest = (await res.json()).data[0] as Mail | undefined
        found = newest && accept(newest) ? newest : undefined
        return Boolean(found)
      },
      { timeout: 10_000 },
    )
    .toBe(true)
  return found!
}

/** The WCAG levels every flow is checked against. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']

/** axe-core as @axe-core/playwright bundles it (the same version). */
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
)
const axeOptions: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] }

/**
 * axe's violations on the page. AxeBuilder.analyze() injects axe into every frame and then opens a
 * new page (a renderer process) to merge the frames' results, each call: about 1 s of CPU, a third of
 * a loaded E2E's Chromium time (decision 258). Our screens have no frames, so axe is loaded once per
 * document and run in it; a page with frames still goes through AxeBuilder.
 */
async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  if (await page.locator('iframe').count()) return (await new AxeBuilder({ page: page as never }).withTags(WCAG_TAGS).analyze()).violations
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
      return await page
        .evaluate((options) => (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, options), axeOptions)
        .then((r) => r.violations)
    } catch (err) {
      // A navigation between loading axe and running it: the new document gets axe again.
      if (attempt === 2) throw err
    }
  }
}

/** No serious or critical axe violation on the current screen. */
export async function expectAccessible(page: Page, screen: string) {
  // A colour transition caught halfway (a button changing variant as data arrives) is not the
  // colour a person reads: let running CSS transitions and animations finish first. A toast fades
  // in only once marked mounted (a frame after it is added): wait for that mark first, or its
  // transparent first frame reads as too little contrast (a flaky failure on a loaded run).
  await page
    .waitForFunction(
      () => [...document.querySelectorAll('[data-sonner-toast]')].every((t) => t.getAttribute('data-mounted') === 'true'),
      null,
      {
        timeout: 5_000,
      },
    )
    .catch(() => {})
  // Two frames: a transition the mark starts is listed by getAnimations from the next one.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
  const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/**
 * A full-page screenshot in this test's own output folder (test-results/…), never a fixed path, for
 * a person to look at. Not taken with E2E_SCREENSHOTS=0 (.ci/run: nobody opens a clean clone's
 * test-results, and they cost a tenth of the E2E's time; decision 248).
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS !== '0'
export async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  if (!screenshotsWanted) return
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage })
}

/** Puts a session in local storage, as a login would (on a same-origin page that does not run the app). */
export async function storeSession(page: Page, session: { user: unknown; token: string; refreshToken: string }) {
  await page.goto('/api/health')
  await page.evaluate((s) => {
    localStorage.setItem('entrenapp.user', JSON.stringify(s.user))
    localStorage.setItem('entrenapp.token', s.token)
    localStorage.setItem('entrenapp.refreshToken', s.refreshToken)
  }, session)
}

/**
 * Clicks `button` until `field` (inside the dialog it opens) shows. A dialog that just closed gives
 * the focus back to its own button a moment later; on a loaded run a click can come first, and
 * that late focus then closes the new dialog (seen once in CI). A person would click again.
 */
export async function openDialog(button: Locator, field: Locator) {
  await expect(async () => {
    if (!(await field.isVisible())) await button.click({ timeout: 5_000 })
    await expect(field).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout: 30_000 })
}
