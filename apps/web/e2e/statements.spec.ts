// Issue 27 (decision 225): the monthly statement on both dashboards, its files through the one
// downloader; the trainer's at 375 px too.
import { expect, test, type Download } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { createGym, openDashboardAs, registerOwner } from './business-helpers'
import { expectAccessible, screenshot } from './support'
import { payingClientThroughApi, storeSession, trainerThroughApi } from './trainer-helpers'

const thisMonth = () => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit' }).formatToParts(
    new Date(),
  )
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`
}
const bytesOf = async (download: Download) => readFileSync((await download.path())!)

test('a trainer picks this month, sees its totals and downloads the PDF and CSV @mobile', async ({ page, request }, testInfo) => {
  const trainer = await trainerThroughApi(request)
  await payingClientThroughApi(request, trainer, { priceClp: 30_000 })
  await storeSession(page, trainer)
  await page.goto('/dashboard')
  const section = page.getByRole('region', { name: 'Estado mensual' })
  await expect(section.getByRole('heading', { name: 'Estado mensual' })).toBeVisible()
  await section.getByLabel('Mes').selectOption(thisMonth())
  await expect(section.getByTestId('statement-gross')).toHaveText('$30.000')
  await expect(section.getByTestId('statement-trainer')).toHaveText('$28.500')
  await section.scrollIntoViewIfNeeded()
  await screenshot(page, testInfo, 'statement-trainer', false)
  await expectAccessible(page, 'trainer dashboard with the monthly statement')

  const [pdf] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Descargar PDF' }).click()])
  expect(pdf.suggestedFilename()).toBe(`estado-mensual_${thisMonth()}.pdf`)
  expect((await bytesOf(pdf)).subarray(0, 5).toString()).toBe('%PDF-')
  const [csv] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Descargar CSV' }).click()])
  const text = (await bytesOf(csv)).toString('utf8')
  expect(text.startsWith('\uFEFF"Fecha","Movimiento","Cliente"')).toBe(true)
  expect(text).toContain('"Pago","Carla Cliente","Plan Cliente"')
})

test('a gym owner finds the monthly statement in English on the payments tab', async ({ page, request }) => {
  const owner = await registerOwner(request)
  await createGym(request, owner)
  await openDashboardAs(page, owner)
  await page.getByRole('tab', { name: 'Payments & Commissions' }).click()
  const section = page.getByRole('region', { name: 'Monthly statement' })
  await expect(section.getByText('There were no payments or refunds this month.')).toBeVisible()
  const [csv] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download CSV' }).click()])
  expect(csv.suggestedFilename()).toMatch(/^monthly-statement_\d{4}-\d{2}\.csv$/)
  expect((await bytesOf(csv)).toString('utf8')).toMatch(/^\uFEFF"Date","Entry","Client","Offer","Trainer"/)

  // The statement-ready mail's link (decision 233) opens the payments tab on the statement, focused.
  await page.goto('/business/dashboard#statement')
  const linked = page.getByRole('region', { name: 'Monthly statement' })
  await expect(page.getByRole('tab', { name: 'Payments & Commissions' })).toHaveAttribute('aria-selected', 'true')
  await expect(linked).toBeFocused()
  await expect(linked).toBeInViewport()
})
