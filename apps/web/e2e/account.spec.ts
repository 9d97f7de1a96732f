// Issue 20: a person's own account on the web — correct their details, consent to marketing and
// withdraw it, download their data, close the account, be refused at sign-in with a way back,
// and reopen it within 90 days (the purge itself is proven by the API's purge tests).
import { readFile } from 'node:fs/promises'
import { expect as baseExpect, test } from '@playwright/test'
import { createGym, registerOwner } from './business-helpers'
import { expectAccessible, latestMail, screenshot, storeSession, uniqueEmail } from './support'
import { PASSWORD, trainerThroughApi } from './trainer-helpers'

const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 240_000 })

test('a trainer corrects their details, downloads their data, closes the account and reopens it @mobile', async ({
  page,
  request,
}, testInfo) => {
  const trainer = await trainerThroughApi(request, { firstName: 'Cierra', lastName: 'Cuenta' })
  await storeSession(page, trainer)
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Mi cuenta' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible()
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(trainer.email)
  await expectAccessible(page, 'account')
  await screenshot(page, testInfo, 'account-1')

  // Rectification: a bad phone is refused under its field; a good one is saved and stays.
  await page.getByLabel('Teléfono').fill('llámame')
  await page.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(page.getByLabel('Teléfono')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Teléfono').fill('+56 9 1234 5678')
  await page.getByLabel('Nombre', { exact: true }).fill('Cierra María')
  await page.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(page.getByText('Tus datos se guardaron')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Teléfono')).toHaveValue('+56 9 1234 5678')
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Cierra María')

  // Marketing: a separate opt-in, withdrawn with one click; both recorded.
  const marketing = page.getByRole('checkbox', { name: 'Quiero recibir correos de novedades y ofertas' })
  await expect(marketing).not.toBeChecked()
  await marketing.click()
  await expect(page.getByText('Recibirás correos de novedades')).toBeVisible()
  await expect(marketing).toBeChecked()
  await marketing.click()
  await expect(page.getByText('Ya no recibirás correos de novedades')).toBeVisible()
  await expect(page.getByTestId('consent-records')).toContainText('Correos de novedades y ofertas: retirado el')
  await expect(page.getByTestId('consent-records')).toContainText('Términos y condiciones: aceptado el')

  // Access and portability: one click gives the JSON file of everything about the person.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Descargar mis datos' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.json$/)
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8'))
  expect(exported.format).toBe('privacy-export/1')
  expect(JSON.stringify(exported.tables)).toContain('+56 9 1234 5678')
  expect(JSON.stringify(exported)).not.toContain('password_hash')

  // Closing: says what happens, asks for the password, refuses a wrong one.
  await page.getByRole('button', { name: 'Cerrar mi cuenta' }).click()
  const dialog = page.getByRole('dialog', { name: '¿Cerrar tu cuenta?' })
  await expect(dialog).toBeVisible()
  await expectAccessible(page, 'account-close-dialog')
  await dialog.getByLabel('Contraseña').fill('no-es-mi-clave')
  await dialog.getByRole('button', { name: 'Cerrar mi cuenta' }).click()
  await expect(dialog.getByLabel('Contraseña')).toHaveAttribute('aria-invalid', 'true')
  await dialog.getByLabel('Contraseña').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Cerrar mi cuenta' }).click()
  await expect(page.getByRole('heading', { name: 'Tu cuenta está cerrada' })).toBeVisible()
  await expect(page.getByText(/Puedes reabrirla hasta el \d+ de \w+ de \d{4}/)).toBeVisible()
  await screenshot(page, testInfo, 'account-2-closed')
  // Told by mail, in the account's language.
  await latestMail(request, trainer.email, (m) => m.subject === 'Cerraste tu cuenta')
  // Every session ended at once: the old token no longer works.
  const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${trainer.token}` } })
  expect(me.status()).toBe(401)

  // Signing in is refused, with the way to reopen.
  await page.goto('/auth/login')
  await page.getByLabel('Correo electrónico').fill(trainer.email)
  await page.getByLabel('Contraseña').fill(PASSWORD)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page.getByText('Esta cuenta está cerrada').first()).toBeVisible()
  await page.getByRole('link', { name: 'Reabrir mi cuenta' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reabrir mi cuenta' })).toBeVisible()
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(trainer.email)
  await expectAccessible(page, 'account-reopen')
  await page.getByLabel('Contraseña').fill(PASSWORD)
  await page.getByRole('button', { name: 'Reabrir mi cuenta' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: /Cierra María Cuenta/ })).toBeVisible()
  await latestMail(request, trainer.email, (m) => m.subject === 'Reabriste tu cuenta')
})

test('the account page in English for a person who chose English', async ({ page, request }) => {
  const trainer = await trainerThroughApi(request)
  await storeSession(page, trainer)
  await page.addInitScript(() => localStorage.setItem('language', 'en'))
  await page.goto('/cuenta')
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Close my account' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeVisible()
})

test("a gym's trainer accepts the terms and the privacy policy at the first sign-in, once", async ({ page, request }) => {
  const owner = await registerOwner(request)
  await createGym(request, owner)
  const coachEmail = uniqueEmail('prompt')
  const created = await request.post('/api/v1/trainers/with-user', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      firstName: 'Tomás',
      lastName: 'Prompt',
      email: coachEmail,
      password: PASSWORD,
      phone: '+56 9 1111 2222',
      specialization: 'Cardio',
      experience: 2,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const login = await request.post('/api/v1/auth/email/login', { data: { email: coachEmail, password: PASSWORD } })
  expect(login.status(), await login.text()).toBe(200)
  const session = await login.json()
  await storeSession(page, session)
  await page.goto('/dashboard')
  const prompt = page.getByRole('region', { name: 'Documentos actualizados' })
  await expect(prompt).toBeVisible()
  await expect(prompt.getByRole('link', { name: /Términos y condiciones/ })).toHaveAttribute('href', '/terminos')
  await expect(prompt.getByRole('link', { name: /Política de privacidad/ })).toHaveAttribute('href', '/privacidad')
  await expectAccessible(page, 'consent-prompt')
  await prompt.getByRole('button', { name: 'Leí y acepto' }).click()
  await expect(prompt).toBeHidden()
  const consents = await (await request.get('/api/v1/account/consents', { headers: { authorization: `Bearer ${session.token}` } })).json()
  expect(consents.pending).toEqual([])
  expect(
    consents.data
      .filter((c: { screen: string }) => c.screen === 'prompt')
      .map((c: { document: string }) => c.document)
      .sort(),
  ).toEqual(['privacy', 'terms'])
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(prompt).toBeHidden()
})
