import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { trainers } from '../../db/schema/core.ts'
import { call, createUserAndLogin } from '../../testing/app.ts'
import { recordPlanCharge } from '../billing/charges.ts'
import { createOffer, eligibleTrainer, sandboxClient } from '../client-billing/test-helpers.ts'
import { documentOf, documentsOf, later, subscriptionOf, useTaxDocumentsApp } from './test-helpers.ts'

const ctx = useTaxDocumentsApp()

describe('the payer sees their tax documents (decision 223)', () => {
  it(
    'the commission on a client payment is documented to the trainer; a refund gets its credit note; only the trainer reads them',
    { timeout: 120_000 },
    async () => {
      const trainer = await eligibleTrainer(ctx.app)
      await ctx.app.db.update(trainers).set({ rut: '11111111-1' }).where(eq(trainers.userId, trainer.userId))
      const offer = await createOffer(ctx.app, trainer.token, { priceClp: 30_000 })
      const client = await sandboxClient(ctx.app, trainer.token, offer.id)
      const [payment] = (await call(ctx.app, 'GET', '/api/v1/trainer/payments', { token: trainer.token })).json().data
      const commission = await documentOf(ctx.app, 'commission', payment.id)
      expect(commission).toMatchObject({ recipientUserId: trainer.userId, dteType: 39, totalClp: payment.platformShareClp })
      expect(commission.receiver.rut).toBe('11111111-1')

      const refund = await call(ctx.app, 'POST', `/api/v1/trainer/payments/${payment.id}/refunds`, {
        token: trainer.token,
        body: { amountClp: 30_000 },
      })
      expect(refund.statusCode, refund.body).toBe(200)
      await ctx.app.taxDocuments.issueDue()
      await ctx.app.taxDocuments.issueDue(later())
      const docs = await documentsOf(ctx.app, trainer.userId)
      const note = docs.find((d) => d.dteType === 61)!
      expect(note).toMatchObject({ referencesId: commission.id, totalClp: payment.platformShareClp, status: 'issued' })

      const list = await call(ctx.app, 'GET', '/api/v1/tax-documents', { token: trainer.token })
      expect(list.statusCode).toBe(200)
      expect(list.json().data.map((d: { kind: string; source: string }) => [d.kind, d.source])).toEqual([
        ['creditNote', 'refund'],
        ['boleta', 'commission'],
      ])
      expect(list.json().data[0]).toMatchObject({ correctsId: commission.id, status: 'issued', folio: note.folio })

      // The person's data export lists them, without the files.
      const exported = (await call(ctx.app, 'GET', '/api/v1/account/export', { token: trainer.token })).json()
      expect(exported.tables.tax_documents).toHaveLength(2)
      expect(Object.keys(exported.tables.tax_documents[0])).not.toContain('pdf')
      expect(Object.keys(exported.tables.tax_documents[0])).not.toContain('xml')

      const pdf = await call(ctx.app, 'GET', `/api/v1/tax-documents/${commission.id}/pdf`, { token: trainer.token })
      expect(pdf.statusCode).toBe(200)
      expect(pdf.headers['content-type']).toBe('application/pdf')
      expect(pdf.headers['content-disposition']).toMatch(/attachment; filename="boleta_electronica_\d+\.pdf"/)
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

      // Every other role: not theirs, so not found; signed out: 401.
      const other = await eligibleTrainer(ctx.app)
      const admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
      const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
      for (const token of [other.token, admin.token, owner.token, client.clientToken]) {
        expect((await call(ctx.app, 'GET', `/api/v1/tax-documents/${commission.id}/pdf`, { token })).statusCode).toBe(404)
        expect((await call(ctx.app, 'GET', '/api/v1/tax-documents', { token })).json().data).toEqual([])
      }
      expect((await call(ctx.app, 'GET', `/api/v1/tax-documents/${commission.id}/pdf`)).statusCode).toBe(401)
      expect((await call(ctx.app, 'GET', '/api/v1/tax-documents/not-a-uuid/pdf', { token: trainer.token })).statusCode).toBe(422)
    },
  )

  it('a document not issued yet is listed as pending and has no PDF', { timeout: 60_000 }, async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const sub = await subscriptionOf(ctx.app, trainer.userId)
    ctx.fake.state.down = true
    await ctx.app.db.transaction((tx) =>
      recordPlanCharge(tx, sub, { providerChargeId: `in_pending_${sub.id}`, amountClp: 9_990, paidAt: new Date() }),
    )
    await ctx.app.taxDocuments.issueDue(later(2000))
    ctx.fake.state.down = false
    const [doc] = (await call(ctx.app, 'GET', '/api/v1/tax-documents', { token: trainer.token })).json().data
    expect(doc).toMatchObject({
      kind: 'boleta',
      source: 'planCharge',
      status: 'pending',
      folio: null,
      totalClp: 9_990,
      netClp: 8_395,
      ivaClp: 1_595,
    })
    expect((await call(ctx.app, 'GET', `/api/v1/tax-documents/${doc.id}/pdf`, { token: trainer.token })).statusCode).toBe(404)
  })
})
