// Issue 27, decision 231: the terms and the privacy policy in English at /en/terms and /en/privacy,
// for the people of the English screens. Prerendered with <html lang="en">, no i18next (like the
// Spanish pages), a link to the other language both ways, and the English screens' links lead there.
import { RENEWAL_NOTICE_DAYS, TRIAL_DAYS, WITHDRAWAL_DAYS } from '@app/contracts/constants'
import { expect, test, type Page } from '@playwright/test'
import { gymTrainerSignedIn } from './business-helpers'
import { expectAccessible, screenshot, storeSession } from './support'
import { PASSWORD } from './trainer-helpers'

/** The scripts a page downloads, to check that i18next is not among them. */
function scriptsOf(page: Page) {
  const scripts: string[] = []
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
  return scripts
}
const i18nChunks = (scripts: string[]) => scripts.filter((s) => /\/i18n[\w-]*\.js$|i18next/.test(s))

test.describe('/en/terms', () => {
  test('the terms in English, prerendered with lang="en": withdrawal, cancel, notices, tax documents @mobile', async ({
    page,
    request,
  }, testInfo) => {
    const prerendered = await (await request.get('/en/terms')).text()
    expect(prerendered).toContain('<html lang="en">')
    expect(prerendered).toMatch(/<h1[^>]*>Terms and conditions/)
    expect(prerendered).toContain('<meta property="og:locale" content="en_US" />')

    const scripts = scriptsOf(page)
    await page.goto('/en/terms')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page).toHaveTitle('Terms and conditions · Entrenapp')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible()
    await expect(main).toContainText('Last updated: 1 December 2026')
    for (const heading of [
      '4. Plans, free trial and billing',
      '5. Right of withdrawal',
      '6. Tax documents',
      '7. Registered start of activities for those who charge',
      '8. Client payments and commissions',
    ])
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    // 13 sections and the table of contents, as in Spanish.
    await expect(main.getByRole('heading', { level: 2 })).toHaveCount(14)
    await expect(main.locator('#retracto')).toContainText(`you have ${WITHDRAWAL_DAYS} days from signing up to withdraw`)
    await expect(main).toContainText(`${TRIAL_DAYS}-day free trial`)
    await expect(main).toContainText(`We email you ${RENEWAL_NOTICE_DAYS} days before`)
    await expect(main).toContainText('cancel at any time')
    await expect(main).toContainText('credit note (nota de crédito)')
    await expect(main).toContainText('60% for the trainer, 35% for the gym and 5% for the platform')
    await expect(page.getByRole('contentinfo')).toContainText('All rights reserved.')
    await screenshot(page, testInfo, 'en-terms')

    // The table of contents jumps to a section (same ids as the Spanish page).
    await main.getByRole('link', { name: 'Right of withdrawal' }).click()
    await expect(page.locator('#retracto')).toBeInViewport()

    // The Spanish version prevails, said in each (decision 231).
    await expect(page.getByTestId('legal-prevails')).toHaveText(/if the two versions differ, the Spanish one prevails/)

    // To the Spanish version and back.
    const toSpanish = main.getByRole('link', { name: 'Leer en español' })
    await expect(toSpanish).toHaveAttribute('lang', 'es')
    await toSpanish.click()
    await expect(page).toHaveURL(/\/terminos$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(main.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeVisible()
    await expect(page.getByTestId('legal-prevails')).toHaveText(/si las dos versiones difieren, prevalece esta, en español/)
    const toEnglish = main.getByRole('link', { name: 'Read in English' })
    await expect(toEnglish).toHaveAttribute('lang', 'en')
    await toEnglish.click()
    await expect(page).toHaveURL(/\/en\/terms$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(main.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible()

    // The English privacy policy from the terms, in English.
    await main.getByRole('link', { name: 'Privacy policy' }).click()
    await expect(page).toHaveURL(/\/en\/privacy$/)
    await expect(main.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible()
    expect(i18nChunks(scripts)).toEqual([])
  })

  test('axe: no serious or critical violation on /en/terms @mobile', async ({ page }) => {
    await page.goto('/en/terms')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page, page.url())
  })
})

test.describe('/en/privacy', () => {
  test('the privacy policy in English, prerendered with lang="en", and a link to the Spanish @mobile', async ({
    page,
    request,
  }, testInfo) => {
    const prerendered = await (await request.get('/en/privacy')).text()
    expect(prerendered).toContain('<html lang="en">')
    expect(prerendered).toMatch(/<h1[^>]*>Privacy policy/)

    const scripts = scriptsOf(page)
    await page.goto('/en/privacy')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page).toHaveTitle('Privacy policy · Entrenapp')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible()
    await expect(main).toContainText('Last updated: 1 December 2026')
    await expect(main).toContainText('Law No. 21.719')
    for (const heading of ['2. What data we collect', '7. How long we keep your data', '8. Your rights', '9. Minimum age'])
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    await expect(main.getByRole('heading', { level: 2 })).toHaveCount(11)
    await expect(main.locator('#conservacion')).toContainText('90 days')
    await expect(main.locator('#conservacion')).toContainText('(6 years)')
    await expect(main).toContainText('30 calendar days')
    await expect(main).toContainText('aged 16 or over')
    await expect(main).toContainText(`the notice ${RENEWAL_NOTICE_DAYS} days before each renewal`)
    await screenshot(page, testInfo, 'en-privacy')

    const toSpanish = main.getByRole('link', { name: 'Leer en español' })
    await toSpanish.click()
    await expect(page).toHaveURL(/\/privacidad$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(main.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible()
    await main.getByRole('link', { name: 'Read in English' }).click()
    await expect(page).toHaveURL(/\/en\/privacy$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    expect(i18nChunks(scripts)).toEqual([])
  })

  test('axe: no serious or critical violation on /en/privacy @mobile', async ({ page }) => {
    await page.goto('/en/privacy')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(page, page.url())
  })

  test('the Spanish pages link to the English ones and still load no i18next', async ({ page }) => {
    const scripts = scriptsOf(page)
    for (const [spanish, english] of [
      ['/terminos', '/en/terms'],
      ['/privacidad', '/en/privacy'],
    ]) {
      await page.goto(spanish!)
      await expect(page.getByRole('main').getByRole('link', { name: 'Read in English' })).toHaveAttribute('href', english!)
      await page.waitForLoadState('networkidle')
    }
    expect(i18nChunks(scripts)).toEqual([])
  })
})

test('each legal page names its canonical URL and both language versions in its <head>, also after switching (decision 234)', async ({
  page,
  baseURL,
}) => {
  const headLinks = () =>
    page.evaluate(() =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"], link[rel="alternate"][hreflang]')].map((l) =>
        [l.rel, l.hreflang, l.getAttribute('href')].filter(Boolean).join(' '),
      ),
    )
  const expected = (path: string, spanish: string, english: string) =>
    [`canonical ${path}`, `alternate es-CL ${spanish}`, `alternate en ${english}`, `alternate x-default ${spanish}`].map((line) =>
      line.replace(/ \//, ` ${baseURL}/`),
    )
  for (const [path, spanish, english] of [
    ['/terminos', '/terminos', '/en/terms'],
    ['/en/terms', '/terminos', '/en/terms'],
    ['/privacidad', '/privacidad', '/en/privacy'],
    ['/en/privacy', '/privacidad', '/en/privacy'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await headLinks(), path).toEqual(expected(path, spanish, english))
  }
  // Client-side to the other version and to a page of one language: the head follows.
  await page.getByRole('main').getByRole('link', { name: 'Leer en español' }).click()
  await expect(page).toHaveURL(/\/privacidad$/)
  await expect.poll(headLinks).toEqual(expected('/privacidad', '/privacidad', '/en/privacy'))
  await page.getByRole('contentinfo').getByRole('link', { name: 'Precios' }).click()
  await expect(page).toHaveURL(/\/precios$/)
  await expect.poll(headLinks).toEqual([])
})

test.describe('the English screens link to the English documents', () => {
  test("a gym trainer's English dashboard asks to accept the English terms", async ({ page, request }) => {
    const { session } = await gymTrainerSignedIn(request, 'Terms', PASSWORD)
    await storeSession(page, session)
    await page.addInitScript(() => localStorage.setItem('language', 'en'))
    await page.goto('/dashboard')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    const prompt = page.getByRole('region', { name: 'Updated documents' })
    await expect(prompt).toBeVisible()
    await expect(prompt.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', '/en/privacy')
    const terms = prompt.getByRole('link', { name: /Terms and conditions/ })
    await expect(terms).toHaveAttribute('href', '/en/terms')
    const [tab] = await Promise.all([page.waitForEvent('popup'), terms.click()])
    await expect(tab).toHaveURL(/\/en\/terms$/)
    await expect(tab.locator('html')).toHaveAttribute('lang', 'en')
    await expect(tab.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible()
    await expect(tab.locator('#retracto')).toContainText(`${WITHDRAWAL_DAYS} days`)
  })

  test('the gym registration in English links its consents to the English documents, in Spanish to the Spanish', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'en'))
    await page.goto('/business/registro')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/en/terms')
    await expect(page.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/en/privacy')

    await page.addInitScript(() => localStorage.setItem('language', 'es'))
    await page.goto('/business/registro')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('link', { name: 'términos y condiciones' })).toHaveAttribute('href', '/terminos')
    await expect(page.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute('href', '/privacidad')
  })
})
