// Issue 20: a person's own account on the web — correct their details, consent to marketing and
// withdraw it, download their data (at once, or by a mailed link when large: decision 206), close
// the account, be refused at sign-in with a way back, reopen it within 90 days, and see it purged
// once the clock passes the 90 days (the dev-only clock route runs the purge as of a later day).
import { readFile } from 'node:fs/promises'
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test'
import { gymTrainerSignedIn } from './business-helpers'
import { expectAccessible, latestMail, screenshot, storeSession } from './support'
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

const DAY_MS = 86_400_000

/** The newest mail to `to` with `subject`, waiting for the background job and the mail worker. */
async function mailWithSubject(request: APIRequestContext, to: string, subject: string) {
  let text = ''
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`)
        const mail = ((await res.json()).data as Array<{ subject: string; text: string }>).find((m) => m.subject === subject)
        text = mail?.text ?? ''
        return Boolean(mail)
      },
      { timeout: 60_000 },
    )
    .toBe(true)
  return text
}

test('a large account gets its data by a mailed link that only it can use, signed in', async ({ page, request, browser }, testInfo) => {
  const trainer = await trainerThroughApi(request, { firstName: 'Muchos', lastName: 'Datos' })
  // More rows than the server's PRIVACY_EXPORT_INLINE_MAX_ROWS (150 here): marketing given and withdrawn.
  const auth = { authorization: `Bearer ${trainer.token}` }
  for (let i = 0; i < 160; i++) {
    const res = await request.post('/api/v1/account/consents', {
      headers: auth,
      data: { document: 'marketing', accepted: i % 2 === 0, screen: 'account' },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
  await storeSession(page, trainer)
  await page.goto('/cuenta')
  await page.getByRole('button', { name: 'Descargar mis datos' }).click()
  await expect(page.getByText('Te enviaremos un enlace por correo')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'El enlace funciona 7 días y solo con tu cuenta' })).toBeVisible()
  await expectAccessible(page, 'account-export-queued')
  await screenshot(page, testInfo, 'account-export-queued')

  const text = await mailWithSubject(request, trainer.email, 'Tus datos están listos para descargar')
  const link = /(http\S+\/cuenta\/datos\?token=[\w-]+)/.exec(text)![1]

  // Another person, signed in, cannot use the link.
  const other = await trainerThroughApi(request)
  const strangerContext = await browser.newContext()
  const stranger = await strangerContext.newPage()
  await storeSession(stranger, other)
  await stranger.goto(link)
  await stranger.getByRole('button', { name: 'Descargar el archivo' }).click()
  await expect(stranger.getByText(/no es de la cuenta con la que iniciaste sesión/)).toBeVisible()
  await strangerContext.close()

  // The owner opens it, signed in, and gets the whole file.
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Descargar mis datos' })).toBeVisible()
  await expectAccessible(page, 'account-export-link')
  const downloading = page.waitForEvent('download')
  downloading.catch(() => undefined)
  // A refusal ends the test at once, saying what the server answered (it once waited out the
  // test's 4 minutes for a download that could no longer come, on a loaded run).
  const answered = page.waitForResponse((r) => r.url().includes('/account/export/download') && r.status() !== 401)
  await page.getByRole('button', { name: 'Descargar el archivo' }).click()
  const answer = await answered
  expect(answer.ok(), `the owner's download was refused: ${answer.status()} ${await answer.text().catch(() => '')}`).toBe(true)
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.json$/)
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8'))
  expect(exported.format).toBe('privacy-export/1')
  expect(exported.tables.users[0].email).toBe(trainer.email)
  expect(exported.tables.consent_records.length).toBeGreaterThanOrEqual(160)
})

test('a closed account is purged when the clock passes its 90 days: no sign-in, no reopening, no mail left', async ({ page, request }) => {
  const trainer = await trainerThroughApi(request, { firstName: 'Purga', lastName: 'Reloj' })
  const closed = await request.post('/api/v1/account/close', {
    headers: { authorization: `Bearer ${trainer.token}` },
    data: { password: PASSWORD },
  })
  expect(closed.status(), await closed.text()).toBe(200)
  await latestMail(request, trainer.email, (m) => m.subject === 'Cerraste tu cuenta')
  const purgeAt = async (days: number) => {
    const res = await request.post('/dev/privacy/purge', {
      data: { at: new Date(Date.now() + days * DAY_MS).toISOString(), email: trainer.email },
    })
    expect(res.status(), await res.text()).toBe(200)
    return (await res.json()).accounts as number
  }

  // Day 89: nothing is purged; signing in still offers to reopen.
  expect(await purgeAt(89)).toBe(0)
  await page.goto('/auth/login')
  await page.getByLabel('Correo electrónico').fill(trainer.email)
  await page.getByLabel('Contraseña').fill(PASSWORD)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page.getByText('Esta cuenta está cerrada').first()).toBeVisible()

  // Day 91: purged. The address is unknown, the account cannot be reopened, its mail is gone.
  expect(await purgeAt(91)).toBe(1)
  await page.goto('/auth/login')
  await page.getByLabel('Correo electrónico').fill(trainer.email)
  await page.getByLabel('Contraseña').fill(PASSWORD)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page.getByText('El correo electrónico no está registrado').first()).toBeVisible()
  await page.goto('/cuenta/reabrir')
  await page.getByLabel('Correo electrónico').fill(trainer.email)
  await page.getByLabel('Contraseña').fill(PASSWORD)
  await page.getByRole('button', { name: 'Reabrir mi cuenta' }).click()
  // Refused as any unknown pair is (the page never tells whether an address has an account).
  await expect(page.getByText('Contraseña incorrecta').first()).toBeVisible()
  await expect(page).toHaveURL(/\/cuenta\/reabrir$/)
  const mailbox = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(trainer.email)}`)
  expect((await mailbox.json()).data).toEqual([])
  expect(await purgeAt(92)).toBe(0)
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
  const { session } = await gymTrainerSignedIn(request, 'Prompt', PASSWORD)
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
