import { expect, test, type Page } from '@playwright/test'

/**
 * Issue 21 (decision 205): on a prerendered page the first key or tap gets its reaction before the
 * app has started (it starts on first use and, on a slow phone, takes 1–3 s to load and hydrate).
 * Each test holds the app back (the code that starts hydration, lib/early-input, is not delivered)
 * so what the person sees can only come from the page itself; then lets it go and checks the app
 * takes over from the same state. Not timed: the figures are in `npm run bench`.
 */
async function holdTheApp(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let requested = false
  await page.route(/\/assets\/early-input-[^/]+\.js$/, async (route) => {
    requested = true
    await released
    await route.continue()
  })
  return { release, requested: () => requested }
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root')
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
  })

test('the sign-up checklist ticks on the first key, before the app has started', async ({ page }) => {
  const app = await holdTheApp(page)
  await page.goto('/auth/register')
  const checklist = page.getByRole('list', { name: 'Requisitos de la contraseña' })
  const item = (name: string) => checklist.getByRole('listitem').filter({ hasText: name })
  // What shows: the tick or the cross, and the word a screen reader reads (the other is not shown).
  const met = async (name: string) => {
    await expect(item(name).getByText('(cumplido)')).toBeVisible()
    await expect(item(name).getByText('(pendiente)')).toBeHidden()
    await expect(item(name).locator('svg.lucide-check')).toBeVisible()
  }
  const pending = async (name: string) => {
    await expect(item(name).getByText('(pendiente)')).toBeVisible()
    await expect(item(name).getByText('(cumplido)')).toBeHidden()
    await expect(item(name).locator('svg.lucide-x')).toBeVisible()
  }
  await pending('Una letra minúscula')

  await page.getByLabel('Contraseña', { exact: true }).click()
  await page.keyboard.press('a')
  await met('Una letra minúscula')
  await pending('Una letra mayúscula')
  await page.keyboard.type('B1!')
  await met('Una letra mayúscula')
  await met('Un número')
  await met('Un carácter especial (!@#$%...)')
  await pending('Al menos 8 caracteres')
  // The page itself answered: the app was asked for but has not been let through.
  expect(app.requested()).toBe(true)
  expect(await page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')))).toBe(false)

  // The app takes over with what was typed, and its checklist follows the form from then on.
  app.release()
  await hydrated(page)
  await expect(page.getByLabel('Contraseña', { exact: true })).toHaveValue('aB1!')
  await page.getByLabel('Contraseña', { exact: true }).press('End')
  await page.keyboard.type('cdef')
  await met('Al menos 8 caracteres')
  await page.getByLabel('Contraseña', { exact: true }).fill('abc')
  await pending('Una letra mayúscula')
  await met('Una letra minúscula')
})

test('a tap on the menu button opens the menu before the app has started; the app keeps it open', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  const app = await holdTheApp(page)
  await page.goto('/')
  const toggle = page.getByRole('button', { name: 'Abrir menú' })
  const menu = page.getByRole('navigation', { name: 'Menú' })
  await expect(menu).toBeHidden()

  await toggle.click()
  await expect(menu).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  expect(app.requested()).toBe(true)

  // The app replays the tap from the state it rendered: the menu stays open, now the app's.
  app.release()
  await hydrated(page)
  await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true')
  await expect(menu).toBeVisible()
  await page.getByRole('button', { name: 'Cerrar menú' }).click()
  await expect(menu).toBeHidden()
})

test('a button tapped before the app has started looks pressed until the app does what it asked', async ({ page }) => {
  const app = await holdTheApp(page)
  await page.goto('/')
  const demo = page.getByRole('button', { name: 'Ver demo' })
  await demo.click()
  await expect(demo).toHaveAttribute('data-early-click', '')
  await expect(demo).toHaveCSS('cursor', 'progress')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  app.release()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(demo).not.toHaveAttribute('data-early-click')
})

test('a field typed in before the app’s code has run starts the app without a second key', async ({ page, request }) => {
  // The entry script, as the page names it: held back, like on a slow network.
  const html = await (await request.get('/auth/register')).text()
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1]
  expect(entry).toBeTruthy()
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === entry,
    async (route) => {
      await released
      await route.continue()
    },
  )
  await page.goto('/auth/register', { waitUntil: 'commit' })
  const password = page.getByLabel('Contraseña', { exact: true })
  await password.click()
  await page.keyboard.type('aB')
  const item = page
    .getByRole('list', { name: 'Requisitos de la contraseña' })
    .getByRole('listitem')
    .filter({ hasText: 'Una letra mayúscula' })
  await expect(item.getByText('(cumplido)')).toBeVisible()

  // No further key, tap or focus: the app starts on its own and takes what was typed.
  release()
  await hydrated(page)
  await expect(password).toHaveValue('aB')
  await expect(password).toBeFocused()
})
