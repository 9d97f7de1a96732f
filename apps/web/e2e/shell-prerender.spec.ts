import { expect, test } from '@playwright/test'

// Decision 013: / is prerendered at build time and served compressed; other paths get the empty shell.

test('/ arrives with the landing page in the HTML, compressed; other pages get the empty shell', async ({ request }) => {
  const landing = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } })
  expect(landing.headers()['content-encoding']).toBe('br')
  expect(landing.headers()['cache-control']).toBe('no-cache')
  const html = await landing.text()
  expect(html).toMatch(/<h1[^>]*>Tu negocio de entrenamiento, en piloto automático/)
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/public-[\w-]+\.js">/)
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/) // no inline scripts (CSP script-src 'self')

  for (const path of ['/business/login', '/auth/register', '/no/such/page']) {
    const res = await request.get(path, { headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers()['content-encoding']).toBe('gzip')
    expect(await res.text()).toContain('<div id="root"></div>')
  }
  const script = (await landing.text()).match(/<script type="module" crossorigin src="([^"]+)"/)![1]
  const asset = await request.get(script, { headers: { 'accept-encoding': 'br' } })
  expect(asset.headers()['content-encoding']).toBe('br')
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
})

test('the landing page hydrates without errors and works @mobile', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()))
  page.on('pageerror', (err) => problems.push(err.message))
  await page.goto('/')
  await expect(page.locator('#pricing [data-plan]')).toHaveCount(4)
  await page.getByRole('button', { name: 'Ver demo' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(problems).toEqual([])
})

test('a toast raised before the toaster has mounted is still shown (expired stored session)', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return
    sessionStorage.setItem('seeded', '1')
    localStorage.setItem('entrenapp.user', JSON.stringify({ id: 'x', email: 'x@example.com', firstName: 'X', lastName: 'Y', role: 'trainer' }))
    localStorage.setItem('entrenapp.token', 'expired')
    localStorage.setItem('entrenapp.refreshToken', 'expired')
  })
  await page.goto('/business/login')
  // No interaction: the session check fails, the toaster is requested and shows the toast.
  await expect(page.locator('[data-sonner-toast]').getByText('Session expired')).toBeVisible({ timeout: 3_000 })
  expect(await page.evaluate(() => localStorage.getItem('entrenapp.token'))).toBeNull()
})
