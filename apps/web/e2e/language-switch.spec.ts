// The Español / English switch (issue 10, decision 047): each screen starts in the spec's language,
// a choice is remembered in this browser for every screen with the switch, <html lang> follows.
import { expect, test, type Page } from '@playwright/test'
import { createGym, openDashboardAs, registerOwner } from './business-helpers'
import { expectAccessible, uniqueEmail } from './support'

const switchButton = (page: Page, name: 'Español' | 'English') =>
  page.getByRole('group', { name: /^(Idioma|Language)$/ }).getByRole('button', { name })

async function expectLanguage(page: Page, lang: 'es' | 'en') {
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
  await expect(switchButton(page, lang === 'es' ? 'Español' : 'English')).toHaveAttribute('aria-pressed', 'true')
}

test.describe('sign-in screens @mobile', () => {
  test('business login: English by default, Spanish once picked, kept on reload and on the other screens', async ({ page }) => {
    await page.goto('/business/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Business Login' })).toBeVisible()
    await expectLanguage(page, 'en')
    await expect(page).toHaveTitle(/^Business Login/)

    await switchButton(page, 'Español').click()
    await expect(page.getByRole('heading', { level: 1, name: 'Ingreso de gimnasios' })).toBeVisible()
    await expect(page.getByLabel('Contraseña')).toBeVisible()
    await expectLanguage(page, 'es')
    await expect(page).toHaveTitle(/^Ingreso de gimnasios/)
    await expectAccessible(page, 'business login (es)')

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Ingreso de gimnasios' })).toBeVisible()
    await expectLanguage(page, 'es')
    // The empty form's messages come from the errors namespace in the chosen language.
    await page.getByRole('button', { name: 'Ingresar' }).click()
    await expect(page.getByText('El correo electrónico es requerido')).toBeVisible()

    // Picked once, English is used by the Spanish-default trainer login too.
    await switchButton(page, 'English').click()
    await expectLanguage(page, 'en')
    await page.goto('/auth/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expectLanguage(page, 'en')
  })

  test('trainer login: Spanish by default (spec texts), English once picked, kept on reload', async ({ page }) => {
    await page.goto('/auth/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión' })).toBeVisible()
    await expectLanguage(page, 'es')
    await switchButton(page, 'English').click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expectLanguage(page, 'en')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
    await expectLanguage(page, 'en')
    await page.getByLabel('Email').fill('nobody@example.com')
    await page.getByLabel('Password').fill('Wrong123!')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByText('No account is registered with this e-mail').first()).toBeVisible()
    await expectAccessible(page, 'trainer login (en)')
    // The Spanish-only public pages are not affected.
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  })
})

test.describe('management screens @mobile', () => {
  test('business dashboard: English by default; Spanish everywhere once picked, dialogs and numbers included; kept on reload', async ({
    page,
    request,
  }) => {
    const owner = await registerOwner(request)
    await createGym(request, owner, 'Gimnasio Idiomas')
    await openDashboardAs(page, owner)
    await expectLanguage(page, 'en')
    await expect(page.getByRole('tab', { name: 'Gym Management' })).toBeVisible()
    await expect(page).toHaveTitle(/^Business Dashboard/)

    await switchButton(page, 'Español').click()
    await expect(page.getByRole('heading', { level: 1, name: `Hola, ${owner.firstName} ${owner.lastName}` })).toBeVisible()
    await expectLanguage(page, 'es')
    await expect(page).toHaveTitle(/^Panel del gimnasio/)
    await expect(page.getByRole('tab', { name: 'Entrenadores' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: `Hola, ${owner.firstName} ${owner.lastName}` })).toBeVisible()
    await expectLanguage(page, 'es')

    // A dialog and its field messages (errors namespace) in Spanish.
    await page.getByRole('tab', { name: 'Entrenadores' }).click()
    await page.getByRole('button', { name: 'Agregar entrenador' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Crear cuenta de entrenador' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Crear entrenador' }).click()
    await expect(dialog.getByText('Correo electrónico es requerido')).toBeVisible()
    await expectAccessible(page, 'trainer dialog (es)')
    await dialog.getByRole('button', { name: 'Cancelar' }).click()

    // The other management screen follows the choice: the trainer dashboard would start in Spanish
    // anyway, so switch back to English here and check the business login keeps it.
    await switchButton(page, 'English').click()
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${owner.firstName} ${owner.lastName}` })).toBeVisible()
    await expectLanguage(page, 'en')
  })

  test('trainer dashboard: Spanish by default (decision 033), English once picked, dates in the language shown, kept on reload', async ({
    page,
    request,
  }) => {
    const owner = await registerOwner(request)
    const gym = await createGym(request, owner, 'Gimnasio Fechas')
    const email = uniqueEmail('coach-lang')
    const created = await request.post('/api/v1/trainers/with-user', {
      headers: { authorization: `Bearer ${owner.token}` },
      data: {
        firstName: 'Tomás',
        lastName: 'Vidal',
        email,
        phone: '+56 9 1111 2222',
        password: 'Entrena123!',
        specialization: 'Yoga',
        experience: 3,
        gymId: gym.id,
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    const login = await request.post('/api/v1/auth/email/login', { data: { email, password: 'Entrena123!' } })
    expect(login.status(), await login.text()).toBe(200)
    const session = await login.json()
    await page.goto('/api/health')
    await page.evaluate((s) => {
      localStorage.setItem('entrenapp.user', JSON.stringify(s.user))
      localStorage.setItem('entrenapp.token', s.token)
      localStorage.setItem('entrenapp.refreshToken', s.refreshToken)
    }, session)
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Tomás Vidal' })).toBeVisible()
    await expectLanguage(page, 'es')
    await expect(page.getByText('Aún no tienes una suscripción activa.')).toBeVisible()

    await switchButton(page, 'English').click()
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Tomás Vidal' })).toBeVisible()
    await expectLanguage(page, 'en')
    await expect(page.getByText('You do not have an active subscription yet.')).toBeVisible()
    await expect(page).toHaveTitle(/^Trainer dashboard/)
    await expectAccessible(page, 'trainer dashboard (en)')

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Tomás Vidal' })).toBeVisible()
    await expectLanguage(page, 'en')
  })
})
