import { expect, test } from '@playwright/test'

test('the app shell renders in Spanish @mobile', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(err.message))
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.locator('#root')).not.toBeEmpty()
  expect(errors).toEqual([])
})

test('an unknown path shows the 404 page in the site’s language, logs the path and links home @mobile', async ({ page }) => {
  const logged: string[] = []
  page.on('console', (msg) => logged.push(msg.text()))
  await page.goto('/business/no-such-page')
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await page.goto('/no/such/page')
  await expect(page.getByText('¡Ups! Página no encontrada')).toBeVisible()
  expect(logged.some((line) => line.includes('/no/such/page'))).toBe(true)
  await page.getByRole('link', { name: 'Volver al inicio' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('health answers from the built server', async ({ request }) => {
  const res = await request.get('/api/health')
  expect(res.ok()).toBe(true)
  expect(await res.json()).toMatchObject({ status: 'ok', database: 'up' })
})

test('API docs are served', async ({ page }) => {
  await page.goto('/api/docs')
  await expect(page.locator('#swagger-ui')).toBeVisible()
  // Swagger UI renders the whole document first (a large one on a busy machine).
  await expect(page.getByText('Entrenapp API').first()).toBeVisible({ timeout: 30_000 })
})
