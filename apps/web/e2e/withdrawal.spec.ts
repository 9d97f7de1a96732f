// Issue 27 (decision 224) at 375 px: a client who paid three days ago, with no session yet,
// withdraws in one tap and one confirmation on "Mi suscripción": the subscription ends, the
// mail says the whole amount comes back; the trainer's refund shows in their payments.
import { expect, test } from '@playwright/test'
import { expectAccessible, latestMail, screenshot, storeSession, uniqueEmail } from './support'
import { payingClientThroughApi, trainerThroughApi } from './trainer-helpers'

test('a client withdraws on day 3 and is refunded in full @mobile-only', async ({ page, request }) => {
  const trainer = await trainerThroughApi(request)
  const client = await payingClientThroughApi(request, trainer, { email: uniqueEmail('e2e-withdraw'), priceClp: 30_000 })
  // The E2E's clock: the subscription was contracted three days ago.
  const aged = await request.post('/dev/client-subscriptions/age', { data: { email: client.email, days: 3 } })
  expect(aged.status(), await aged.text()).toBe(200)
  expect((await aged.json()).subscriptions).toBe(1)

  await storeSession(page, client)
  await page.goto('/mi-suscripcion')
  await expect(page.getByText('Activa', { exact: true })).toBeVisible()
  const withdraw = page.getByRole('button', { name: 'Desistir y recibir reembolso' })
  await expect(withdraw).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancelar suscripción' })).toBeVisible()
  await screenshot(page, test.info(), 'withdrawal-01-day-3')
  await withdraw.click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Ley 19.496, art. 3 bis')
  await expect(dialog).toContainText('$30.000')
  await screenshot(page, test.info(), 'withdrawal-02-confirm', false)
  await dialog.getByRole('button', { name: 'Sí, desistir' }).click()
  await expect(page.getByText('Cancelada', { exact: true })).toBeVisible()
  await expect(page.getByText('Sin cobros futuros')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Desistir y recibir reembolso' })).toHaveCount(0)
  // The toast's code loads on its first use: checked once it is in (axe would catch it fading in).
  await expect(page.getByText('Desististe de la suscripción. Te devolvemos el total pagado y te enviamos un correo.')).toBeVisible()
  await expectAccessible(page, 'withdrawal-done')
  await screenshot(page, test.info(), 'withdrawal-03-done')

  const mail = await latestMail(request, client.email, (m) => m.subject.startsWith('Desististe'))
  expect(mail.subject).toContain('$30.000')
  expect(mail.text).toContain('3 bis')

  const payments = await request.get('/api/v1/trainer/payments', { headers: { authorization: `Bearer ${trainer.token}` } })
  expect((await payments.json()).data).toEqual([expect.objectContaining({ amountClp: 30_000, refundedClp: 30_000, state: 'refunded' })])
  // The client's refund receipt; the platform's 5 % commission to the trainer undone by its credit note (61).
  await expect
    .poll(async () => {
      const box = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(client.email)}`)
      return ((await box.json()).data as { subject: string }[])
        .map((m) => m.subject)
        .filter((s) => s.startsWith('Comprobante de reembolso'))
    })
    .toEqual([expect.stringContaining('$30.000')])
  await expect
    .poll(async () => {
      const docs = await request.get('/api/v1/tax-documents', { headers: { authorization: `Bearer ${trainer.token}` } })
      return ((await docs.json()).data as { dteType: number; totalClp: number }[]).map((d) => [d.dteType, d.totalClp]).sort()
    })
    .toEqual([
      [39, 1_500],
      [61, 1_500],
    ])
})
