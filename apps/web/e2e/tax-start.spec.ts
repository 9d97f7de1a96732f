// Issue 27 (decision 222): a trainer declares their inicio de actividades with a PDF proof on the
// dashboard (Spanish, also at 375 px); an operator opens the console's queue, approves it; the
// trainer sees it approved, in English after switching. Axe on each screen.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { setAdminPasswordOnce, signInToConsole } from './admin-helpers'
import { expectAccessible, screenshotsWanted } from './support'
import { freshRut, PDF } from './tax-start-helpers'
import { storeSession, trainerThroughApi } from './trainer-helpers'

test('a trainer uploads the proof of their tax start, an operator approves it, the trainer sees it approved @mobile', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Two people, two browsers and a file: more steps than the default budget on a busy machine.
  test.slow()
  const shot = async (what: Page | Locator, name: string) => {
    if (screenshotsWanted) await what.screenshot({ path: testInfo.outputPath(`${name}.png`) })
  }
  // Decision 235: other specs' trainers come approved; this one declares on the screen.
  const trainer = await trainerThroughApi(request, { taxStart: false })
  const rut = freshRut()
  const saved = await request.put('/api/v1/trainer/tax-identity', {
    headers: { authorization: `Bearer ${trainer.token}` },
    data: { rut: rut.plain },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  await storeSession(page, trainer)
  await page.goto('/dashboard')

  const card = page.locator('#tax-start')
  await expect(card.getByRole('heading', { name: 'Inicio de actividades' })).toBeVisible()
  await expect(card.getByTestId('tax-start-state')).toContainText('Sin declarar')
  // Sending without a file names the missing proof on its field.
  await card.getByLabel('Fecha de inicio de actividades').fill('2025-03-01')
  await card.getByLabel('Actividad o giro declarado al SII').fill('931100 Actividades de gimnasios')
  await card.getByRole('button', { name: 'Enviar para revisión' }).click()
  await expect(card.getByLabel('Respaldo (PDF o foto)')).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page, 'tax start form with an error')

  await card.getByLabel('Respaldo (PDF o foto)').setInputFiles({ name: 'inicio-actividades.pdf', mimeType: 'application/pdf', buffer: PDF })
  await card.getByRole('button', { name: 'Enviar para revisión' }).click()
  await expect(page.getByText('Declaración enviada para revisión')).toBeVisible()
  await expect(card.getByTestId('tax-start-state')).toContainText('En revisión')
  // Focus lands on the new state, not lost with the form that went away.
  await expect(card.getByTestId('tax-start-state').locator('..')).toBeFocused()
  await expect(card.getByRole('link', { name: 'Ver respaldo' })).toBeVisible()
  await expectAccessible(page, 'tax start under review')
  await shot(card, 'tax-start-1-under-review')

  // The operator, in another browser context: the queue, the proof, approve.
  await setAdminPasswordOnce(request)
  const consoleContext = await browser.newContext()
  const console = await consoleContext.newPage()
  await signInToConsole(console)
  await console.getByRole('link', { name: 'Inicio de actividades' }).click()
  await expect(console.getByRole('heading', { name: 'Inicio de actividades', level: 1 })).toBeVisible()
  const row = console.getByRole('row').filter({ hasText: rut.dotted })
  await expect(row).toContainText('Camila Rojas')
  await expect(row).toContainText('931100 Actividades de gimnasios')
  const proofUrl = await row.getByRole('link', { name: 'Abrir respaldo' }).getAttribute('href')
  const proof = await request.get(proofUrl!)
  expect(proof.status()).toBe(200)
  expect(proof.headers()['content-type']).toBe('application/pdf')
  await expectAccessible(console, 'tax start queue')
  await shot(console, 'tax-start-2-queue')

  const approveButton = row.getByRole('button', { name: 'Aprobar' })
  await approveButton.click()
  const dialog = console.getByRole('alertdialog')
  await expect(dialog).toContainText('seis meses')
  await dialog.getByRole('button', { name: 'Aprobar' }).click()
  await expect(console.getByText('Declaración de Camila Rojas aprobada')).toBeVisible()
  await expect(console.getByRole('row').filter({ hasText: rut.dotted })).toHaveCount(0)
  // The answered ones, in English.
  await console.getByRole('button', { name: 'English' }).click()
  await console.getByLabel('State').selectOption('approved')
  const answered = console.getByRole('row').filter({ hasText: rut.dotted })
  await expect(answered).toContainText('Approved until')
  await expect(answered).toContainText('Tax start')
  await consoleContext.close()

  // The trainer sees it approved, in Spanish, then in English.
  await page.reload()
  await expect(card.getByTestId('tax-start-state')).toContainText('Aprobado hasta el')
  await expect(card.getByRole('button', { name: 'Enviar de nuevo' })).toBeVisible()
  await page
    .getByRole('button', { name: /English|Inglés/ })
    .first()
    .click()
  await expect(card.getByRole('heading', { name: 'Tax start' })).toBeVisible()
  await expect(card.getByTestId('tax-start-state')).toContainText('Approved until')
  await expectAccessible(page, 'tax start approved')
  await shot(card, 'tax-start-3-approved')
  const status = await request.get('/api/v1/trainer/tax-start', { headers: { authorization: `Bearer ${trainer.token}` } })
  expect(await status.json()).toMatchObject({ state: 'approved', chargingAllowed: true })
})
