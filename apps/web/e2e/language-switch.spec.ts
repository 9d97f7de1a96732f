// The Español / English switch (issue 10, decision 047): each screen starts in the spec's language,
// a choice is remembered in this browser for every screen with the switch, <html lang> follows.
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible } from './support'

const switchButton = (page: Page, name: 'Español' | 'English') => page.getByRole('group', { name: /^(Idioma|Language)$/ }).getByRole('button', { name })

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
