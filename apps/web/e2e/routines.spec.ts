// Issue 25 end to end: the client's app on the web — sign-in by e-mail code, the shell at 375 px.
import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectAccessible, screenshot } from './support'
import { mailedCode, newEmail, PASSWORD, storeSession, trainerThroughApi } from './trainer-helpers'

/** A client account (role member, verified e-mail) made through the API. */
async function clientThroughApi(request: APIRequestContext, firstName = 'Carla') {
  const email = newEmail('client')
  expect((await request.post('/api/v1/auth/email/otp/generate', { data: { email } })).status()).toBe(200)
  const otp = await mailedCode(request, email)
  const verified = await request.post('/api/v1/auth/email/otp/verify', { data: { email, otp } })
  const { verificationToken } = await verified.json()
  const registered = await request.post('/api/v1/auth/email/register', {
    data: { email, password: PASSWORD, firstName, lastName: 'Cliente', birthDate: '1990-04-02', userType: 'member', verificationToken },
  })
  expect(registered.status(), await registered.text()).toBe(200)
  return { email, firstName, signUpCode: otp }
}

test('@mobile a client signs in with a mailed code and lands on the page they asked for, inside the shell', async ({
  page,
  request,
}, testInfo) => {
  const client = await clientThroughApi(request)
  await page.goto(`/cliente/ingresar?next=${encodeURIComponent('/cliente/reservas')}`)
  await expect(page.getByRole('heading', { name: 'Ingresar' })).toBeVisible({ timeout: 30_000 })
  await expectAccessible(page, 'client sign-in')
  await page.getByLabel('Correo').fill(client.email)
  await page.getByRole('button', { name: 'Enviarme el código' }).click()
  await expect(page.getByText(`Si ${client.email} tiene una cuenta de cliente`)).toBeVisible()
  await expect(page.getByLabel('Código de 6 dígitos')).toBeFocused()
  await page.getByLabel('Código de 6 dígitos').fill(await mailedCode(request, client.email, client.signUpCode))
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page).toHaveURL(/\/cliente\/reservas$/)
  const tabs = page.getByRole('navigation', { name: 'Secciones' })
  await expect(tabs.getByRole('link', { name: 'Reservas' })).toHaveAttribute('aria-current', 'page')
  await tabs.getByRole('link', { name: 'Hoy' }).click()
  await expect(page.getByRole('heading', { name: `Hola, ${client.firstName}` })).toBeVisible()
  await expectAccessible(page, 'client today')
  await screenshot(page, testInfo, 'client-today')
})

test('/cliente sends a visitor to the sign-in and the app is installable (manifest, icons)', async ({ page, request }) => {
  await page.goto('/cliente')
  await expect(page).toHaveURL(/\/cliente\/ingresar\?next=%2Fcliente$/, { timeout: 30_000 })
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  const manifest = await (await request.get(href!)).json()
  expect(manifest).toMatchObject({ start_url: '/cliente', display: 'standalone', lang: 'es-CL' })
  for (const icon of manifest.icons as { src: string }[]) {
    const res = await request.get(icon.src)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('image/png')
  }
})

test('a trainer finds exercises in the library by a misspelt Spanish name and filters by muscle and equipment', async ({
  page,
  request,
}, testInfo) => {
  const trainer = await trainerThroughApi(request)
  await storeSession(page, trainer)
  await page.goto('/dashboard')
  const library = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Biblioteca de ejercicios' }) })
  await expect(library).toBeVisible({ timeout: 30_000 })
  await library.getByLabel('Buscar').fill('sentadila bulgra')
  const results = library.getByRole('list', { name: 'Ejercicios encontrados' })
  await expect(results.getByText('Sentadilla búlgara', { exact: true })).toBeVisible()
  // The search's own answer, not the list kept on screen while it was asked for (aria-busy).
  await expect(results).toHaveAttribute('aria-busy', 'false')
  await results.getByText('Sentadilla búlgara', { exact: true }).click()
  await expect(results.getByText('Empuja con el talón de adelante')).toBeVisible()
  await library.getByLabel('Buscar').fill('')
  await library.getByLabel('Músculo').selectOption('glutes')
  await library.getByLabel('Equipamiento').selectOption('kettlebell')
  await expect(results.getByText('Swing con kettlebell', { exact: true })).toBeVisible()
  await expect(results.getByText('Press banca con barra', { exact: true })).toHaveCount(0)
  await library.scrollIntoViewIfNeeded()
  await screenshot(page, testInfo, 'trainer-exercise-library', false)

  // In English the names and the coaching cues are in English (issue 23 point 5).
  await page
    .getByRole('group', { name: /^(Idioma|Language)$/ })
    .getByRole('button', { name: 'English' })
    .click()
  const found = page
    .locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Exercise library' }) })
    .getByRole('list', { name: 'Exercises found' })
  await found.getByText('Kettlebell swing', { exact: true }).click()
  await expect(found.getByText('The power comes from your hips, not your arms')).toBeVisible()
  await expect(found.getByText('La fuerza viene de la cadera, no de los brazos')).toHaveCount(0)
})
