// Issue 10: ordinary paths that crashed, messages that were not human, and controls that lost clicks.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { createGym, createTrainers, openDashboardAs, registerOwner } from './business-helpers'
import { latestMail, screenshot, uniqueEmail } from './support'

const PASSWORD = 'Entrena123!'

/** A member who verified the e-mail and registered, but never paid (as after /auth/verify). */
async function registerMember(request: APIRequestContext, email: string) {
  expect((await request.post('/api/v1/auth/email/otp/generate', { data: { email } })).ok()).toBe(true)
  const mail = await latestMail(request, email, (m) => /código/.test(m.subject))
  const otp = mail.text.match(/\b(\d{6})\b/)![1]
  const verified = await request.post('/api/v1/auth/email/otp/verify', { data: { email, otp } })
  expect(verified.ok()).toBe(true)
  const { verificationToken } = (await verified.json()) as { verificationToken: string }
  const res = await request.post('/api/v1/auth/email/register', {
    data: {
      email,
      password: PASSWORD,
      firstName: 'Marta',
      lastName: 'Soto',
      userType: 'member',
      birthDate: '1990-04-02',
      verificationToken,
    },
  })
  expect(res.ok(), await res.text()).toBe(true)
  return (await res.json()) as { id: string }
}

test.describe('the plan list (one query, one shape)', () => {
  test('/auth/select-plan, then the logo: the landing page and /precios show the plans @mobile', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (err) => errors.push(err.message))
    await page.goto('/api/health')
    await page.evaluate(() => {
      localStorage.setItem('entrenapp.signup.email', 'plan-path@example.com')
      localStorage.setItem('entrenapp.signup.userId', '00000000-0000-4000-8000-000000000000')
    })
    await page.goto('/auth/select-plan')
    await expect(page.getByRole('radio')).toHaveCount(3)
    await page.getByRole('link', { name: 'Entrenapp' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator('#pricing [data-plan]')).toHaveCount(4)
    await expect(page.getByText('Ups, ocurrió un error')).toHaveCount(0)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Precios' }).click()
    await expect(page.locator('[data-plan]')).toHaveCount(4)
    // And back to plan selection from a warm cache.
    await page.goto('/auth/select-plan')
    await expect(page.getByRole('radio')).toHaveCount(3)
    expect(errors).toEqual([])
  })

  test('landing → Únete como entrenador → Inicia sesión → a member without subscription sees the plans', async ({ page, request }) => {
    const email = uniqueEmail('member')
    await registerMember(request, email)
    await page.goto('/')
    await expect(page.locator('#pricing [data-plan]')).toHaveCount(4)
    await page.getByRole('banner').getByRole('link', { name: 'Únete como entrenador' }).click()
    await page.getByRole('link', { name: 'Inicia sesión' }).click()
    await expect(page).toHaveURL(/\/auth\/login$/)
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel('Contraseña').fill(PASSWORD)
    await page.getByRole('button', { name: 'Ingresar' }).click()
    await expect(page).toHaveURL(/\/auth\/select-plan$/)
    await expect(page.getByRole('radio', { name: 'Starter' })).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByText('No se pudieron cargar los planes')).toHaveCount(0)
  })
})

test('gym and trainer dialogs: human messages, never the library’s', async ({ page, request }) => {
  const owner = await registerOwner(request)
  await openDashboardAs(page, owner)
  await page.getByRole('button', { name: 'Add New Gym' }).click()
  const gymDialog = page.getByRole('dialog', { name: 'Create New Gym' })
  await gymDialog.getByRole('button', { name: 'Create Gym' }).click()
  await expect(gymDialog.getByText('Email is required')).toBeVisible()
  await gymDialog.getByLabel('Email *').fill('not-an-email')
  await gymDialog.getByLabel('Phone *').fill('12')
  await gymDialog.getByRole('button', { name: 'Create Gym' }).click()
  await expect(gymDialog.getByText('Enter a valid email address')).toBeVisible()
  await expect(gymDialog.getByText('Enter a valid phone number (6 to 15 digits)')).toBeVisible()
  await expect(gymDialog.getByText(/Too small|Invalid email address|expected string/)).toHaveCount(0)
  await page.keyboard.press('Escape')

  await createGym(request, owner)
  await page.reload()
  await page.getByRole('button', { name: 'Add Trainer' }).click()
  const trainerDialog = page.getByRole('dialog', { name: 'Create New Trainer Account' })
  await trainerDialog.getByLabel('Email *').fill('bad@')
  await trainerDialog.getByRole('button', { name: 'Create Trainer' }).click()
  await expect(trainerDialog.getByText('First Name is required')).toBeVisible()
  await expect(trainerDialog.getByText('Enter a valid email address')).toBeVisible()
  await expect(trainerDialog.getByText(/Too small|Invalid email address|expected string/)).toHaveCount(0)
})

test('the header’s call to action stays visible on a phone, in Inter or in a wider fallback font @mobile', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  for (const font of ['inter', 'fallback'] as const) {
    // The text font is font-display: optional (decision 232): a slow first visit keeps the fallback.
    if (font === 'fallback') await page.route('**/*.woff2', (route) => route.abort())
    for (const path of ['/', '/precios', '/terminos', '/entrenadores', '/auth/register', '/business/registro']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      if (path === '/' || path === '/precios') {
        const header = page.getByRole('banner')
        await expect(header.getByRole('link', { name: 'Únete como entrenador' })).toBeVisible()
        await expect(header.getByRole('button', { name: 'Abrir menú' })).toBeVisible()
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} in ${font}`).toBeLessThanOrEqual(375)
    }
    await page.goto('/')
    await page.evaluate(() => document.fonts.ready)
    const interLoaded = await page.evaluate(() => [...document.fonts].some((f) => /Inter/.test(f.family) && f.status === 'loaded'))
    expect(interLoaded, font).toBe(font === 'inter')
    await screenshot(page, test.info(), `landing-header-375-${font}`, false)
  }
})

test('business registration failure: the spec’s Spanish fallback, never the API’s English message (decision 160)', async ({ page }) => {
  const fill = async () => {
    await page.goto('/business/registro')
    await page.getByLabel('Nombre *', { exact: true }).fill('Ana')
    await page.getByLabel('Apellido *').fill('Soto')
    await page.getByLabel('Nombre del gimnasio *').fill('Soto Gym')
    await page.getByLabel('Dirección *').fill('Calle 2')
    await page.getByLabel('Correo electrónico *').fill(uniqueEmail('fail'))
    await page.getByLabel('Contraseña *', { exact: true }).fill('abcdef')
    await page.getByLabel('Confirmar contraseña *').fill('abcdef')
    await page.getByRole('checkbox', { name: /términos y condiciones/ }).click()
    await page.getByRole('checkbox', { name: /política de privacidad/ }).click()
    await page.getByRole('button', { name: 'Registrar gimnasio' }).click()
  }
  await page.route('**/api/v1/auth/business/register', (route) =>
    route.fulfill({ status: 403, json: { status: 403, message: 'Registrations are closed today' } }),
  )
  await fill()
  await expect(page.getByRole('alert')).toHaveText('Error al registrar el gimnasio. Inténtelo nuevamente.')
  await page.unroute('**/api/v1/auth/business/register')
  await page.route('**/api/v1/auth/business/register', (route) => route.fulfill({ status: 500, body: '' }))
  await fill()
  await expect(page.getByRole('alert')).toHaveText('Error al registrar el gimnasio. Inténtelo nuevamente.')
  await page.unroute('**/api/v1/auth/business/register')
  await page.route('**/api/v1/auth/business/register', (route) => route.abort())
  await fill()
  await expect(page.getByRole('alert')).toHaveText('Error al registrar el gimnasio. Inténtelo nuevamente.')
})

test('logging out never shows an error, even when the session cannot be refreshed', async ({ page, request }) => {
  const owner = await registerOwner(request)
  await openDashboardAs(page, owner)
  // The server no longer knows the session: logout and refresh both answer 401.
  await page.route('**/api/v1/auth/logout', (route) => route.fulfill({ status: 401, json: { status: 401, message: 'Unauthorized' } }))
  await page.route('**/api/v1/auth/refresh', (route) => route.fulfill({ status: 401, json: { status: 401, message: 'Session expired' } }))
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/business\/login$/)
  await expect(page.getByRole('heading', { name: 'Business Login' })).toBeVisible()
  await page.waitForTimeout(500)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  await expect(page.getByText('Session expired')).toHaveCount(0)
})

test('the owner deletes the gym after a confirmation; trainers still in it are named as the reason', async ({ page, request }) => {
  const owner = await registerOwner(request)
  const gym = await createGym(request, owner)
  await createTrainers(request, owner, 1)
  await openDashboardAs(page, owner)
  const card = page.getByTestId('gym-card')
  await card.getByRole('button', { name: 'Delete Gym' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm.getByText(`Are you sure you want to delete ${gym.name}? This cannot be undone.`)).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(card).toBeVisible()

  await card.getByRole('button', { name: 'Delete Gym' }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm.getByRole('alert')).toHaveText('This gym still has trainers. Delete them before deleting the gym.')
  await confirm.getByRole('button', { name: 'Cancel' }).click()

  // Without trainers it goes.
  await page.getByRole('tab', { name: 'Trainer Management' }).click()
  await page.getByRole('button', { name: /^Delete / }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('No trainers found')).toBeVisible()
  await page.getByRole('tab', { name: 'Gym Management' }).click()
  await card.getByRole('button', { name: 'Delete Gym' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Gym deleted successfully!')).toBeVisible()
  await expect(page.getByText('No gym found')).toBeVisible()
  await expect(page.getByTestId('gym-count')).toHaveText('0')
})

test('a click on a prerendered landing button before the app has started is not lost @mobile', async ({ page }) => {
  // Hold the app's code back: the page is the prerendered HTML only.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  // DOMContentLoaded waits for module scripts: only wait for the response to start.
  await page.goto('/', { waitUntil: 'commit' })
  const demo = page.getByRole('button', { name: 'Ver demo' })
  await expect(demo).toBeVisible()
  await demo.click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  release()
  await expect(page.getByRole('dialog', { name: /Demo de/ })).toBeVisible()
  await page.getByRole('button', { name: 'Entendido' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
