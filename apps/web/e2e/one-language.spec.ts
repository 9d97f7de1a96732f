// Issue 23: every signed-in screen speaks one language. A walk through owner, independent trainer,
// gym trainer, client and operator, in Spanish (at 375 px) and in English (at 1280 px): the rendered
// text (with accessible names, placeholders, titles) holds no word that only the other language
// uses. Names, e-mails and brands are not in the word lists, so they need no allow-list entry.
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test'
import { createGym, registerOwner } from './business-helpers'
import { ADMIN_PASSWORD, E2E_ADMIN_EMAIL, setAdminPasswordOnce } from './admin-helpers'
import { latestMail, storeSession, uniqueEmail } from './support'
import { trainerThroughApi } from './trainer-helpers'

const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 300_000 })

type Language = 'es' | 'en'

/** Words only Spanish uses (on an English screen they are a missed translation). */
const SPANISH = new Set(
  (
    'los las del que para por una tus sus está están cuenta clientes cliente entrenador entrenadores pago pagos suscripción ' +
    'suscripciones guardar cerrar sesión correo contraseña inicio días hoy reservas ingresar cancelar nuevo nueva precio bruto ' +
    'neto reembolsado reembolsos comisión comisiones activo activos aún tienes gimnasio gimnasios editar eliminar buscar volver ' +
    'siguiente anterior cargando configurar mes meses sesiones ofertas oferta invitar cobros perfil público reseñas datos'
  ).split(' '),
)
/** Words only English uses (on a Spanish screen they are a missed translation). */
const ENGLISH = new Set(
  (
    'the and your you with from this that account clients trainer trainers payment payments subscription subscriptions save ' +
    'close sign log email password settings month days today bookings loading cancel new price gross refunded refunds ' +
    'commission active yet have edit delete search back next previous add manage welcome logout retry download export ' +
    'offers invite profile reviews dashboard'
  ).split(' '),
)

/** What people typed (the test data's gym description): their words, not ours. */
const USER_CONTENT = new Set(['Weights, cardio and classes'])
/** People's names in the test data that happen to be words of one language. */
const NAMES = ['Carla Cliente']
/** Chile's tax terms, kept in Spanish in English texts beside their meaning (the SII has no English names for them). */
const CHILEAN_TERMS = ['inicio de actividades']

/** Every word a person sees or hears on the page: text, accessible names, placeholders, titles. */
async function shownText(page: Page, exclude?: string) {
  return page.evaluate((exclude) => {
    const parts: string[] = [document.title]
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    while (walker.nextNode()) {
      const el = walker.currentNode.parentElement
      // <code> holds codes shown beside their words (client.refund, password reset).
      if (!el || el.closest('script, style, noscript, template, code') || (exclude && el.closest(exclude))) continue
      const style = getComputedStyle(el)
      if (style.display === 'none' || style.visibility === 'hidden') continue
      parts.push(walker.currentNode.textContent ?? '')
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      if (exclude && el.closest(exclude)) continue
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) parts.push(el.getAttribute(name) ?? '')
    }
    return parts.join('\n')
  }, exclude)
}

/** The other language's words on this screen, each with the line it was found in. */
async function foreignWords(page: Page, language: Language, exclude?: string) {
  const other = language === 'es' ? ENGLISH : SPANISH
  const found: string[] = []
  for (const line of (await shownText(page, exclude)).split('\n')) {
    if (USER_CONTENT.has(line.trim())) continue
    // Paths (/entrenadores/ana) and codes shown beside their words (trainer:<id>, platform_revenue, account.close)
    // are names, not words; so are people's names.
    const words =
      [...NAMES, ...CHILEAN_TERMS]
        .reduce((text, name) => text.replaceAll(name, ' '), line)
        .replace(/\S*[/:_]\S*|[\w*]+\.[\w*]+/g, ' ')
        .toLowerCase()
        .match(/\p{L}+/gu) ?? []
    for (const word of words) if (other.has(word)) found.push(`${word} ← "${line.trim().slice(0, 80)}"`)
  }
  return [...new Set(found)]
}

async function expectOneLanguage(page: Page, language: Language, screen: string, exclude?: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', language)
  // Wait for the screen to settle: every section's data in, no spinner.
  await page.waitForLoadState('networkidle')
  await expect(page.locator('.animate-spin')).toHaveCount(0)
  expect(await foreignWords(page, language, exclude), `${screen} (${language})`).toEqual([])
}

async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language)
}

async function signedInClient(request: APIRequestContext) {
  const email = uniqueEmail('walk-client')
  const password = 'Entrena123!'
  expect((await request.post('/api/v1/auth/email/otp/generate', { data: { email } })).ok()).toBe(true)
  const otp = (await latestMail(request, email, (m) => /código/.test(m.subject))).text.match(/\b(\d{6})\b/)![1]
  const { verificationToken } = await (await request.post('/api/v1/auth/email/otp/verify', { data: { email, otp } })).json()
  const registered = await request.post('/api/v1/auth/email/register', {
    data: { email, password, firstName: 'Carla', lastName: 'Cliente', birthDate: '1990-04-02', userType: 'member', verificationToken },
  })
  expect(registered.ok(), await registered.text()).toBe(true)
  return (await request.post('/api/v1/auth/email/login', { data: { email, password } })).json()
}

// Each language at one width (issue 22: a test runs in the one project it is for): Spanish, the
// longer texts and the client's own language, at 375 px; English, the gym managers' default, at
// 1280 px. Which words a screen shows does not depend on its width; both widths are still walked.
for (const language of ['es', 'en'] as const) {
  test.describe(`every screen in ${language === 'es' ? 'Spanish @mobile-only' : 'English'}`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, language))

    test('gym owner: gym, trainers, payments; account', async ({ page, request }) => {
      const owner = await registerOwner(request, { language })
      await createGym(request, owner)
      const coachEmail = uniqueEmail('walk-coach')
      const created = await request.post('/api/v1/trainers/with-user', {
        headers: { authorization: `Bearer ${owner.token}` },
        data: {
          firstName: 'Tomás',
          lastName: 'Pérez',
          email: coachEmail,
          password: 'Entrena123!',
          phone: '+56 9 1111 2222',
          specialization: 'Cardio',
          experience: 3,
        },
      })
      expect(created.status(), await created.text()).toBe(201)
      await storeSession(page, owner)
      await page.goto('/business/dashboard')
      await expect(page.getByRole('tab').first()).toBeVisible()
      await expectOneLanguage(page, language, 'owner: gym tab')
      const tabs = page.getByRole('tab')
      for (let i = 1; i < (await tabs.count()); i++) {
        await tabs.nth(i).click()
        await expectOneLanguage(page, language, `owner: tab ${i + 1}`)
      }
      await page.goto('/cuenta')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectOneLanguage(page, language, 'owner: account')

      // The gym's trainer, signed in with the password the gym generated.
      {
        const login = await request.post('/api/v1/auth/email/login', { data: { email: coachEmail, password: 'Entrena123!' } })
        expect(login.status(), await login.text()).toBe(200)
        await storeSession(page, await login.json())
        await page.goto('/dashboard')
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expectOneLanguage(page, language, 'gym trainer: dashboard')
      }
    })

    test('independent trainer: dashboard and account', async ({ page, request }) => {
      const trainer = await trainerThroughApi(request, { firstName: 'Camila', lastName: 'Rojas' })
      await storeSession(page, trainer)
      await page.goto('/dashboard')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectOneLanguage(page, language, 'trainer: dashboard')
      await page.goto('/cuenta')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectOneLanguage(page, language, 'trainer: account')
    })

    test('client: today, bookings, account', async ({ page, request }) => {
      await storeSession(page, await signedInClient(request))
      for (const [path, screen] of [
        ['/cliente', 'client: today'],
        ['/cliente/reservas', 'client: bookings'],
        ['/cuenta', 'client: account'],
      ]) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expectOneLanguage(page, language, screen)
      }
    })

    test('operator: every console section', async ({ page, request }) => {
      await setAdminPasswordOnce(request)
      const login = await request.post('/api/v1/auth/email/login', { data: { email: E2E_ADMIN_EMAIL, password: ADMIN_PASSWORD } })
      await storeSession(page, await login.json())
      for (const section of ['leads', 'trainers', 'gyms', 'money', 'audit', 'reviews', 'privacy']) {
        await page.goto(`/admin/${section}`)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        // The console's rows quote what people typed (leads' messages, reviews, operators' reasons and
        // notes) and raw filters: their words and codes, not ours. Headings, filters, columns and
        // navigation are checked; rows hold whatever earlier tests wrote.
        await expectOneLanguage(page, language, `operator: ${section}`, 'tbody, main li')
      }
    })
  })
}
