import type { Statement } from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, businesses, clientPayments, clientTaxIdentities } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { chileMonth } from '../client-billing/money.ts'
import { createOffer, eligibleTrainer, sandboxClient } from '../client-billing/test-helpers.ts'

// Issue 27 (decision 237): a client's details for a factura (RUT, razón social, giro), all three
// or none, not unique, and their trainer's monthly statement showing them beside their payments.
const ctx = useTestApp()
const PATH = '/api/v1/client/tax-identity'
const NONE = { rut: null, legalName: null, activity: null }
const details = (rut: string) => ({ rut, legalName: 'Constructora Andes SpA', activity: 'Construcción de edificios' })

describe('client tax identity', () => {
  it('starts empty; saves normalised, reads back, clears; each change audited without logging the values', async () => {
    const client = await createUserAndLogin(ctx.app, { role: 'member' })
    expect((await call(ctx.app, 'GET', PATH, { token: client.token })).json()).toEqual(NONE)

    const saved = await call(ctx.app, 'PUT', PATH, { token: client.token, body: details('76.086.428-5') })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual(details('76086428-5'))
    expect((await call(ctx.app, 'GET', PATH, { token: client.token })).json()).toEqual(details('76086428-5'))
    // The same values again record nothing new.
    await call(ctx.app, 'PUT', PATH, { token: client.token, body: details('76086428-5') })
    const persona = { rut: '12.345.678-5', legalName: 'Carla Cliente', activity: 'Asesorías contables' }
    expect((await call(ctx.app, 'PUT', PATH, { token: client.token, body: persona })).json()).toEqual({ ...persona, rut: '12345678-5' })

    const cleared = await call(ctx.app, 'DELETE', PATH, { token: client.token })
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json()).toEqual(NONE)
    expect((await call(ctx.app, 'GET', PATH, { token: client.token })).json()).toEqual(NONE)
    expect(await ctx.app.db.select().from(clientTaxIdentities).where(eq(clientTaxIdentities.userId, client.user.id))).toEqual([])
    // Clearing again: nothing to record.
    expect((await call(ctx.app, 'DELETE', PATH, { token: client.token })).statusCode).toBe(200)

    const audited = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.tax_identity'), eq(auditLog.subjectId, client.user.id)))
      .orderBy(auditLog.createdAt)
    expect(audited.map((a) => [a.before, a.after])).toEqual([
      [NONE, details('76086428-5')],
      [details('76086428-5'), { ...persona, rut: '12345678-5' }],
      [{ ...persona, rut: '12345678-5' }, NONE],
    ])
    expect(audited[0]).toMatchObject({ actorId: client.user.id, subjectType: 'user' })
  })

  it('refuses an invalid RUT or a missing field with the field error, and changes nothing', async () => {
    const client = await createUserAndLogin(ctx.app, { role: 'member' })
    await call(ctx.app, 'PUT', PATH, { token: client.token, body: details('76086428-5') })
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [details('76086428-4'), { rut: 'invalidRut' }],
      [details('hola'), { rut: 'invalidRut' }],
      [details(''), { rut: 'required' }],
      [{ ...details('76086428-5'), legalName: '  ' }, { legalName: 'required' }],
      [{ rut: '76086428-5', legalName: 'Constructora Andes SpA' }, { activity: 'required' }],
    ]
    for (const [body, errors] of cases) {
      const res = await call(ctx.app, 'PUT', PATH, { token: client.token, body })
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(res.json()).toMatchObject({ status: 422, message: expect.any(String), errors })
    }
    expect((await call(ctx.app, 'GET', PATH, { token: client.token })).json()).toEqual(details('76086428-5'))
  })

  it('is not unique: two employees of one company give its RUT', async () => {
    const [a, b] = await Promise.all([createUserAndLogin(ctx.app, { role: 'member' }), createUserAndLogin(ctx.app, { role: 'member' })])
    for (const c of [a, b]) expect((await call(ctx.app, 'PUT', PATH, { token: c.token, body: details('76086428-5') })).statusCode).toBe(200)
    // Each one's own, in their data export.
    const exported = await call(ctx.app, 'GET', '/api/v1/account/export', { token: a.token })
    expect(exported.statusCode, exported.body).toBe(200)
    expect(exported.json().tables.client_tax_identities).toEqual([
      expect.objectContaining({
        user_id: a.user.id,
        rut: '76086428-5',
        legal_name: 'Constructora Andes SpA',
        activity: 'Construcción de edificios',
      }),
    ])
  })

  it('per role: client 200, anonymous 401, trainer and gym owner 403; another client never sees yours', async () => {
    const mine = await createUserAndLogin(ctx.app, { role: 'member' })
    const other = await createUserAndLogin(ctx.app, { role: 'member' })
    await call(ctx.app, 'PUT', PATH, { token: mine.token, body: details('76086428-5') })
    expect((await call(ctx.app, 'GET', PATH, { token: other.token })).json()).toEqual(NONE)
    expect((await call(ctx.app, 'DELETE', PATH, { token: other.token })).statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', PATH, { token: mine.token })).json()).toEqual(details('76086428-5'))

    const body = details('76086428-5')
    for (const method of ['GET', 'PUT', 'DELETE'] as const)
      expect((await call(ctx.app, method, PATH, method === 'PUT' ? { body } : {})).statusCode).toBe(401)
    const trainer = await createUserAndLogin(ctx.app, { role: 'trainer' })
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    await ctx.app.db.insert(businesses).values({ ownerId: owner.user.id, name: 'Gimnasio Centro', address: 'Moneda 1000' })
    for (const token of [trainer.token, owner.token])
      for (const method of ['GET', 'PUT', 'DELETE'] as const)
        expect((await call(ctx.app, method, PATH, { token, ...(method === 'PUT' ? { body } : {}) })).statusCode).toBe(403)
  })
})

describe("the trainer's statement", () => {
  it("shows a client's details beside that client's payment and not another's (JSON and CSV)", async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const offer = await createOffer(ctx.app, trainer.token, { priceClp: 21_000 })
    const withDetails = await sandboxClient(ctx.app, trainer.token, offer.id)
    const without = await sandboxClient(ctx.app, trainer.token, offer.id)
    const put = await call(ctx.app, 'PUT', PATH, { token: withDetails.clientToken, body: details('76.086.428-5') })
    expect(put.statusCode, put.body).toBe(200)

    const month = chileMonth(new Date())
    const res = await call(ctx.app, 'GET', `/api/v1/trainer/statement?month=${month}`, { token: trainer.token })
    expect(res.statusCode, res.body).toBe(200)
    const lines = (res.json() as Statement).lines
    expect(lines).toHaveLength(2)
    const holders = lines.map((l) => l.clientTaxIdentity)
    expect(holders).toContainEqual(details('76086428-5'))
    expect(holders).toContainEqual(null)
    // Each line is its own client's: the one with details is the payment of the client who gave them.
    const paymentOf = async (subscriptionId: string) =>
      (await ctx.app.db.select({ id: clientPayments.id }).from(clientPayments).where(eq(clientPayments.subscriptionId, subscriptionId)))[0]
        .id
    const withLine = lines.find((l) => l.clientTaxIdentity)!
    const withoutLine = lines.find((l) => !l.clientTaxIdentity)!
    expect(withLine.paymentId).toBe(await paymentOf(withDetails.subscriptionId))
    expect(withoutLine.paymentId).toBe(await paymentOf(without.subscriptionId))

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/trainer/statement.csv?month=${month}`,
      headers: { authorization: `Bearer ${trainer.token}`, 'accept-language': 'es' },
    })
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    expect(rows[0]).toMatch(
      /^"Fecha","Movimiento","Cliente","Oferta","Entrenador","RUT del cliente","Razón social del cliente","Giro del cliente","Pagado/,
    )
    const rowOf = (paymentId: string) => rows.find((r) => r.includes(paymentId))!
    expect(rowOf(withLine.paymentId)).toContain(`"${withLine.clientName}","Plan mensual",`)
    expect(rowOf(withLine.paymentId)).toContain(`,"76086428-5","Constructora Andes SpA","Construcción de edificios","21000",`)
    expect(rowOf(withoutLine.paymentId)).toContain(`",,,,"21000",`)

    const en = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/trainer/statement.csv?month=${month}`,
      headers: { authorization: `Bearer ${trainer.token}`, 'accept-language': 'en' },
    })
    expect(en.body.replace(/^\uFEFF/, '').split('\n')[0]).toMatch(
      /^"Date","Entry","Client","Offer","Trainer","Client RUT","Client legal name \(razón social\)","Client business activity \(giro\)","Paid/,
    )

    // Cleared: the statement no longer shows them.
    await call(ctx.app, 'DELETE', PATH, { token: withDetails.clientToken })
    const after = (await call(ctx.app, 'GET', `/api/v1/trainer/statement?month=${month}`, { token: trainer.token })).json() as Statement
    expect(after.lines.map((l) => l.clientTaxIdentity)).toEqual([null, null])
  })
})
