import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mailOutbox, users } from '../../db/schema.ts'
import { call, useTestApp } from '../../testing/app.ts'
import { createOffer, eligibleTrainer, sandboxClient } from '../client-billing/test-helpers.ts'

const ctx = useTestApp()

const receiptsTo = async (email: string) =>
  (await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) =>
    /^(Comprobante|Payment|Refund)/.test(m.subject),
  )

describe('receipts (decision 162)', () => {
  it("every payment and every refund mails the client a receipt in the client's language, without the split", async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token, { priceClp: 45_000, title: 'Plan fuerza' })
    const client = await sandboxClient(ctx.app, trainer.token, offer.id)

    const [paid] = await receiptsTo(client.email)
    expect(paid.subject).toMatch(/^Comprobante de pago: \$45\.000 a /)
    expect(paid.text).toMatch(/Monto: \$45\.000 CLP/)
    expect(paid.text).toMatch(/Plan: Plan fuerza/)
    expect(paid.text).toMatch(/Periodo: \d+ de \w+ de \d{4} al \d+ de \w+ de \d{4}/)
    expect(paid.text).toMatch(/Referencia del pago: py_sbx_/)
    // The trainer's and platform's shares are not the client's business.
    expect(paid.text).not.toMatch(/42\.750|2\.250|comisi|commission/i)

    // The client reads English: the refund's receipt is English.
    await ctx.app.db.update(users).set({ language: 'en' }).where(eq(users.email, client.email))
    const [payment] = (await call(ctx.app, 'GET', '/api/v1/trainer/payments', { token: trainer.token })).json().data
    const res = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${payment.id}/refunds`, {
      token: trainer.token,
      body: { amountClp: 10_000 },
    })
    expect(res.statusCode, res.body).toBe(200)
    const refund = (await receiptsTo(client.email)).find((m) => m.subject.startsWith('Refund'))!
    expect(refund.subject).toMatch(/^Refund receipt: \$10\.000 from /)
    expect(refund.text).toMatch(/Amount refunded: \$10\.000 CLP/)
    expect(refund.text).toMatch(/Payment reference: py_sbx_/)
    expect(refund.text).toMatch(/Refund reference: \S+/)
    expect(await receiptsTo(client.email)).toHaveLength(2)
  })
})
