import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { businesses, trainers, users } from '../../db/schema/core.ts'
import { planCharges, taxDocuments } from '../../db/schema/tax-documents.ts'
import { paidTrainer } from '../billing/test-helpers.ts'
import { recordPlanCharge, recordPlanChargeRefund } from '../billing/charges.ts'
import { rollSandboxPeriods } from '../../providers/payments/sandbox/provider.ts'
import { documentsOf, later, subscriptionOf, TIMEOUT_MS, useTaxDocumentsApp } from './test-helpers.ts'
import { idempotencyKeyOf } from './issue.ts'

const ctx = useTaxDocumentsApp()

async function trainerWithSubscription() {
  const member = await paidTrainer(ctx.app)
  return { ...member, sub: await subscriptionOf(ctx.app, member.id) }
}

const charge = (sub: Awaited<ReturnType<typeof subscriptionOf>>, id: string, amountClp = 19_990) =>
  ctx.app.db.transaction((tx) => recordPlanCharge(tx, sub, { providerChargeId: id, amountClp, paidAt: new Date() }))

describe('tax documents of plan charges (decision 223)', { timeout: 90_000 }, () => {
  beforeEach(() => {
    ctx.fake.state.down = false
    ctx.fake.state.delayMs = 0
    ctx.fake.state.failures.length = 0
  })

  it('a sandbox trial that ends is a charge with a boleta, IVA included, mailed with its PDF', async () => {
    const t = await trainerWithSubscription()
    await ctx.app.db.update(trainers).set({ rut: '12345678-5' }).where(eq(trainers.userId, t.id))
    // The trial's end passes: the sandbox renews and charges the plan's price (Starter).
    await ctx.app.db.transaction((tx) => rollSandboxPeriods(tx, t.id, t.sub.currentPeriodEnd!.getTime() + 1000))
    const [doc] = await documentsOf(ctx.app, t.id)
    expect(doc).toMatchObject({ sourceKind: 'plan_charge', dteType: 39, status: 'pending', receiver: { rut: '12345678-5' } })
    expect(doc.netClp + doc.ivaClp).toBe(doc.totalClp)
    await ctx.app.taxDocuments.issueDue()
    const [issued] = await documentsOf(ctx.app, t.id)
    expect(issued, issued.lastError ?? '').toMatchObject({ status: 'issued', provider: 'openfactura' })
    expect(issued.folio).toBeGreaterThan(0)
    expect(issued.pdf!.subarray(0, 5).toString()).toBe('%PDF-')
    expect(issued.xml).toContain(`<Folio>${issued.folio}</Folio>`)
    const sent = ctx.fake.documents().find((d) => d.folio === issued.folio && d.type === 39)!
    expect(sent.dte.Encabezado.Totales).toMatchObject({ MntTotal: doc.totalClp, IVA: doc.ivaClp, MntNeto: doc.netClp })
    expect(sent.dte.Detalle[0].MontoItem).toBe(doc.totalClp)

    ctx.mail.sent.length = 0
    await ctx.app.mailer.flush()
    const mail = ctx.mail.sent.find((m) => m.to === t.email)!
    expect(mail.subject).toBe(`Boleta electrónica N° ${issued.folio} de Entrenapp`)
    expect(mail.text).toContain('IVA incluido')
    expect(mail.attachments).toEqual([
      { filename: `boleta_electronica_${issued.folio}.pdf`, contentType: 'application/pdf', content: issued.pdf!.toString('base64') },
    ])
  })

  it('a factura (33) with net, IVA and total when the payer has RUT, razón social and giro; English mail', async () => {
    const t = await trainerWithSubscription()
    await ctx.app.db.update(users).set({ language: 'en' }).where(eq(users.id, t.id))
    await ctx.app.db.insert(businesses).values({
      ownerId: t.id,
      name: 'Estudio',
      address: 'Av. 2',
      rut: '76086428-5',
      legalName: 'Estudio Fuerza SpA',
      activity: 'Gimnasios',
    })
    expect(await charge(t.sub, `in_factura_${t.id}`, 119_000)).toBe(true)
    const [doc] = await documentsOf(ctx.app, t.id)
    expect(doc).toMatchObject({ dteType: 33, netClp: 100_000, ivaClp: 19_000, totalClp: 119_000 })
    expect(doc.receiver).toEqual({ rut: '76086428-5', legalName: 'Estudio Fuerza SpA', activity: 'Gimnasios' })
    await ctx.app.taxDocuments.issueDue()
    const [issued] = await documentsOf(ctx.app, t.id)
    const sent = ctx.fake.documents().find((d) => d.folio === issued.folio && d.type === 33)!
    expect(sent.dte.Encabezado.Receptor).toMatchObject({
      RUTRecep: '76086428-5',
      RznSocRecep: 'Estudio Fuerza SpA',
      GiroRecep: 'Gimnasios',
    })
    expect(sent.dte.Encabezado.Totales).toMatchObject({ MntNeto: 100_000, TasaIVA: '19', IVA: 19_000, MntTotal: 119_000 })
    ctx.mail.sent.length = 0
    await ctx.app.mailer.flush()
    const mail = ctx.mail.sent.find((m) => m.to === t.email)!
    expect(mail.subject).toBe(`Electronic invoice (factura) No. ${issued.folio} from Entrenapp`)
    expect(mail.text).toContain('Net: $100.000')
    expect(mail.attachments?.[0].filename).toBe(`factura_electronica_${issued.folio}.pdf`)
  })

  it('one document per charge: a replayed charge, two parallel ones, and two jobs at once', async () => {
    const t = await trainerWithSubscription()
    const id = `in_parallel_${t.id}`
    const results = await Promise.all([charge(t.sub, id), charge(t.sub, id), charge(t.sub, id)])
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await charge(t.sub, id)).toBe(false)
    expect(await ctx.app.db.select().from(planCharges).where(eq(planCharges.providerChargeId, id))).toHaveLength(1)
    const before = ctx.fake.documents().length
    const issued = await Promise.all([ctx.app.taxDocuments.issueDue(), ctx.app.taxDocuments.issueDue()])
    expect(issued.reduce((a, b) => a + b, 0)).toBe(1)
    expect(ctx.fake.documents().length).toBe(before + 1)
    // The database refuses a second document for the same source outright.
    const [doc] = await documentsOf(ctx.app, t.id)
    await expect(ctx.app.db.insert(taxDocuments).values({ ...doc, id: undefined, folio: null, status: 'pending' })).rejects.toThrow()
  })

  it(
    'provider down, then a 5xx, then a timeout whose document was made: retried with the same key, never two documents',
    { timeout: 30_000 },
    async () => {
      // Nothing else pending: every attempt below is this charge's.
      await ctx.app.taxDocuments.issueDue(later(1000))
      const t = await trainerWithSubscription()
      await charge(t.sub, `in_outage_${t.id}`)
      const before = ctx.fake.documents().length

      ctx.fake.state.down = true
      expect(await ctx.app.taxDocuments.issueDue()).toBe(0)
      let [doc] = await documentsOf(ctx.app, t.id)
      expect(doc).toMatchObject({ status: 'pending', attempts: 1, folio: null })
      expect(doc.lastError).toContain('503')
      // Not due again before its backoff.
      expect(await ctx.app.taxDocuments.issueDue()).toBe(0)
      expect(ctx.fake.state.requests).toBeGreaterThan(0)

      ctx.fake.state.down = false
      ctx.fake.failNext(1, 502)
      expect(await ctx.app.taxDocuments.issueDue(later())).toBe(0)
      ;[doc] = await documentsOf(ctx.app, t.id)
      expect(doc).toMatchObject({ status: 'pending', attempts: 2 })

      // The provider makes the document but answers after our timeout: we do not know its folio yet.
      ctx.fake.state.delayMs = TIMEOUT_MS + 300
      expect(await ctx.app.taxDocuments.issueDue(later(24))).toBe(0)
      ctx.fake.state.delayMs = 0
      await expect.poll(() => ctx.fake.documents().length, { timeout: 10_000 }).toBe(before + 1)
      ;[doc] = await documentsOf(ctx.app, t.id)
      expect(doc).toMatchObject({ status: 'pending', attempts: 3 })

      // Recovery: the same idempotency key answers the document already made.
      expect(await ctx.app.taxDocuments.issueDue(later(48))).toBe(1)
      ;[doc] = await documentsOf(ctx.app, t.id)
      expect(doc.status).toBe('issued')
      expect(ctx.fake.documents().length).toBe(before + 1)
      expect(ctx.fake.documents().at(-1)!.folio).toBe(doc.folio)
      expect(idempotencyKeyOf(doc)).toBe(`taxdoc:plan_charge:${doc.sourceId}`)
    },
  )

  it('a refund of a documented charge gets a credit note (61) that references it, after it is issued', async () => {
    const t = await trainerWithSubscription()
    await charge(t.sub, `in_refund_${t.id}`, 20_000)
    const [original] = await documentsOf(ctx.app, t.id)
    const refund = (refundId: string, amountClp: number) =>
      ctx.app.db.transaction((tx) => recordPlanChargeRefund(tx, { chargeId: original.sourceId, refundId, amountClp }))
    // The refund arrives before the boleta is issued: the note waits for the original's folio.
    expect(await refund(`re_a_${t.id}`, 5_000)).toBe(true)
    expect(await refund(`re_a_${t.id}`, 5_000)).toBe(false)
    await expect(refund(`re_b_${t.id}`, 15_001)).rejects.toThrow(/at most 15000/)
    await ctx.app.taxDocuments.issueDue()
    await ctx.app.taxDocuments.issueDue(later())
    const docs = await documentsOf(ctx.app, t.id)
    expect(docs).toHaveLength(2)
    const [boleta, note] = docs
    expect(note).toMatchObject({ dteType: 61, referencesId: boleta.id, totalClp: 5_000, status: 'issued' })
    const sent = ctx.fake.documents().find((d) => d.type === 61 && d.folio === note.folio)!
    expect(sent.dte.Referencia?.[0]).toMatchObject({ TpoDocRef: '39', FolioRef: String(boleta.folio), CodRef: '3' })
    // The rest refunded: a second note, never more than the boleta in all.
    expect(await refund(`re_c_${t.id}`, 15_000)).toBe(true)
    const notes = (await documentsOf(ctx.app, t.id)).filter((d) => d.dteType === 61)
    expect(notes.reduce((s, d) => s + d.totalClp, 0)).toBe(20_000)
  })
})
