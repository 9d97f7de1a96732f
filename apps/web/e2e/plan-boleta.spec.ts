// Issue 27 (decision 223), at 1280 and 375 px: a trainer's plan charge is a boleta electrónica.
// The trial ends (the dev-only clock dates the subscription back; the sandbox charges the first
// paid month at the plan's price), the fake OpenFactura issues the boleta, and the trainer finds
// it in "Documentos tributarios" on /cuenta (type, folio, total with its IVA, the PDF to download)
// and in the mail with the same PDF attached; the card reads in English too.
import { readFile } from 'node:fs/promises'
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test'
import { expectAccessible, screenshot, storeSession } from './support'
import { trainerThroughApi } from './trainer-helpers'

const expect = baseExpect.configure({ timeout: 20_000 })

const DAY_MS = 24 * 3600 * 1000

interface TaxDocument {
  id: string
  kind: string
  dteType: number
  source: string
  status: string
  folio: number | null
  description: string
  netClp: number
  ivaClp: number
  totalClp: number
}

interface MailboxMail {
  subject: string
  text: string
  attachments: { filename: string; contentType: string; bytes: number; url: string }[]
}

/** Pesos as the page writes them (the one CLP format: "$19.990" in Spanish, "CLP 19,990" in English). */
const clp = (pesos: number, language: 'es' | 'en') =>
  new Intl.NumberFormat(language === 'es' ? 'es-CL' : 'en', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 }).format(pesos)

/** The month a period starting at `at` is billed for, as the document's line names it. */
const monthOf = (at: number) =>
  new Intl.DateTimeFormat('es-CL', { month: 'long', year: 'numeric', timeZone: 'America/Santiago' }).format(at)

async function mailWithSubject(request: APIRequestContext, to: string, subject: string) {
  let found: MailboxMail | undefined
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()).data as MailboxMail[]
        found = mails.find((m) => m.subject === subject)
        return Boolean(found)
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  return found!
}

test('a trainer’s first paid month is a boleta in “Documentos tributarios” and in the mail, with its PDF @mobile', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const startedAt = Date.now()
  const trainer = await trainerThroughApi(request, { firstName: 'Berta', lastName: 'Boleta', payouts: false })
  const auth = { authorization: `Bearer ${trainer.token}` }
  const documents = async () => (await (await request.get('/api/v1/tax-documents', { headers: auth })).json()).data as TaxDocument[]
  // A trial costs nothing: no document yet.
  expect(await documents()).toEqual([])

  // The price the plans API states for Starter (the plan the sign-up chose) is what is charged.
  const plans = (await (await request.get('/api/v1/plans')).json()).data as { key: string; title: string; priceClp: number | null }[]
  const starter = plans.find((p) => p.key === 'starter')!
  const price = starter.priceClp!
  expect(price).toBeGreaterThan(0)
  // A boleta's total includes IVA: net = total / 1.19 rounded, IVA the rest (decision 223).
  const net = Math.round((price * 100) / 119)
  const iva = price - net

  // The E2E's clock: subscribed 31 days ago, so the 30-day trial ended yesterday and the sandbox's
  // renewal charges the first paid month.
  const aged = await request.post('/dev/subscriptions/age', { data: { email: trainer.email, days: 31 } })
  expect(aged.status(), await aged.text()).toBe(200)
  expect(await aged.json()).toEqual({ subscriptions: 1, charges: 1 })
  const agedAt = Date.now()

  // Issued from the outbox by the fake OpenFactura (the job runs every 5 s).
  let doc: TaxDocument | undefined
  await expect
    .poll(
      async () => {
        const list = await documents()
        doc = list[0]
        return list.map((d) => `${d.kind}/${d.source}/${d.status}`)
      },
      { timeout: 30_000 },
    )
    .toEqual(['boleta/planCharge/issued'])
  const boleta = doc!
  expect(boleta).toMatchObject({ dteType: 39, totalClp: price, netClp: net, ivaClp: iva })
  expect(boleta.folio).toBeGreaterThan(0)
  // The line names the plan and the month the paid period began (yesterday).
  const months = new Set([monthOf(startedAt - DAY_MS), monthOf(agedAt - DAY_MS)].map((m) => `Suscripción plan ${starter.title}, ${m}`))
  expect([...months]).toContain(boleta.description)

  // The billing history on /cuenta.
  await storeSession(page, trainer)
  await page.goto('/cuenta')
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Documentos tributarios' })).toBeVisible()
  const row = page.getByRole('list', { name: 'Documentos tributarios' }).getByTestId('tax-document')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(`Boleta electrónica N° ${boleta.folio}`)
  await expect(row).toContainText(`Plan · ${boleta.description}`)
  await expect(row).toContainText(`Total ${clp(price, 'es')} (IVA incluido: ${clp(iva, 'es')})`)
  await row.scrollIntoViewIfNeeded()
  // Nothing wider than the screen (375 px in the mobile project).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await expectAccessible(page, 'account tax documents')
  await screenshot(page, testInfo, 'plan-boleta-1-account')

  // Its PDF, downloaded from the row.
  const downloading = page.waitForEvent('download')
  await row.getByRole('button', { name: `Descargar PDF de Boleta electrónica N° ${boleta.folio}` }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`boleta_electronica_${boleta.folio}.pdf`)
  const pdf = await readFile((await download.path())!)
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(pdf.length).toBeGreaterThan(500)

  // The receipt mail, in the account's language, with the same PDF attached.
  const mail = await mailWithSubject(request, trainer.email, `Boleta electrónica N° ${boleta.folio} de Entrenapp`)
  expect(mail.text).toContain('Hola Berta:')
  expect(mail.text).toContain(`Detalle: ${boleta.description}`)
  expect(mail.text).toContain(`Total: ${clp(price, 'es')} (IVA incluido: ${clp(iva, 'es')})`)
  expect(mail.text).toMatch(/historial de facturación: https?:\/\/\S+\/cuenta\b/)
  expect(mail.attachments).toEqual([
    { filename: `boleta_electronica_${boleta.folio}.pdf`, contentType: 'application/pdf', bytes: pdf.length, url: baseExpect.any(String) },
  ])
  const attached = await request.get(mail.attachments[0]!.url)
  expect(attached.status()).toBe(200)
  expect(attached.headers()['content-type']).toContain('application/pdf')
  expect(Buffer.compare(await attached.body(), pdf)).toBe(0)

  // The same card in English.
  await page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 2, name: 'Tax documents' })).toBeVisible()
  const rowEn = page.getByRole('list', { name: 'Tax documents' }).getByTestId('tax-document')
  await expect(rowEn).toContainText(`Electronic receipt (boleta) No. ${boleta.folio}`)
  await expect(rowEn).toContainText(`Total ${clp(price, 'en')} (VAT included: ${clp(iva, 'en')})`)
  await rowEn.scrollIntoViewIfNeeded()
  await expectAccessible(page, 'account tax documents (en)')
  await screenshot(page, testInfo, 'plan-boleta-2-account-en')
  const downloadingEn = page.waitForEvent('download')
  await rowEn.getByRole('button', { name: `Download the PDF of Electronic receipt (boleta) No. ${boleta.folio}` }).click()
  const downloadEn = await downloadingEn
  expect(downloadEn.suggestedFilename()).toBe(`boleta_electronica_${boleta.folio}.pdf`)
  expect(Buffer.compare(await readFile((await downloadEn.path())!), pdf)).toBe(0)
})
