import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, businesses, mailOutbox, taxStarts, trainers } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { approve, declare, freshRut, PDF, png, saveRut, startDeclaration } from './test-helpers.ts'

// Issue 27 (decision 222): sellers declare their tax start with a proof; operators review it.
const ctx = useTestApp()
let operator: Awaited<ReturnType<typeof createUserAndLogin>>
beforeAll(async () => {
  operator = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
})

async function trainer(app: FastifyInstance, withRut = true) {
  const login = await createUserAndLogin(app, { role: 'trainer' })
  const [row] = await app.db
    .insert(trainers)
    .values({ userId: login.user.id, firstName: 'Ana', lastName: 'Pérez', email: login.user.email })
    .returning({ id: trainers.id })
  if (withRut) await saveRut(app, 'trainer', login.token)
  return { ...login, trainerId: row!.id }
}

async function owner(app: FastifyInstance) {
  const login = await createUserAndLogin(app, { role: 'gym_owner', language: 'en' })
  const [row] = await app.db
    .insert(businesses)
    .values({ ownerId: login.user.id, name: 'Gimnasio Centro', address: 'Moneda 1000' })
    .returning({ id: businesses.id })
  await saveRut(app, 'business', login.token)
  return { ...login, businessId: row!.id }
}

const rowsOf = (app: FastifyInstance, trainerId: string) => app.db.select().from(taxStarts).where(eq(taxStarts.trainerId, trainerId))

describe('a trainer declares', () => {
  it('starts at none; a PDF declaration is pending with a five-minute link to the proof only the link opens', async () => {
    const t = await trainer(ctx.app)
    const empty = await call(ctx.app, 'GET', '/api/v1/trainer/tax-start', { token: t.token })
    expect(empty.statusCode).toBe(200)
    expect(empty.json()).toEqual({ state: 'none', chargingAllowed: false, validUntil: null, latest: null })

    const res = await call(ctx.app, 'POST', '/api/v1/trainer/tax-start', { token: t.token, body: startDeclaration() })
    expect(res.statusCode, res.body).toBe(201)
    const status = res.json()
    expect(status).toMatchObject({
      state: 'pending',
      chargingAllowed: false,
      latest: {
        kind: 'start',
        startedOn: '2025-03-01',
        activity: '931100 Actividades de gimnasios',
        status: 'pending',
        proof: { type: 'application/pdf' },
      },
    })
    const file = await ctx.app.inject({ method: 'GET', url: status.latest.proof.url })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.headers['content-disposition']).toMatch(/^attachment/)
    expect(file.rawPayload.equals(Buffer.from(PDF, 'base64'))).toBe(true)
    // A link with another signature, or past its expiry, opens nothing.
    const forged = status.latest.proof.url.replace(/sig=[^&]+/, 'sig=AAAA')
    expect((await ctx.app.inject({ method: 'GET', url: forged })).json()).toMatchObject({ errors: { sig: 'invalidOrExpired' } })
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tax_start.submit'), eq(auditLog.subjectId, t.trainerId)))
    expect(audit).toMatchObject({ actorId: t.user.id, subjectType: 'trainer', after: { kind: 'start', proofType: 'application/pdf' } })
  })

  it('an exemption records the sworn words in the language shown; without the checkbox it is refused', async () => {
    const t = await trainer(ctx.app)
    const exemption = {
      kind: 'exemption',
      signerName: 'Ana Pérez',
      signerRut: freshRut(),
      signedOn: '2026-11-20',
      reason: 'Solo presto servicios ocasionales sin giro comercial',
      sworn: true,
      oathLanguage: 'es',
      proof: await png(),
    }
    const unsworn = await call(ctx.app, 'POST', '/api/v1/trainer/tax-start', { token: t.token, body: { ...exemption, sworn: false } })
    expect(unsworn.statusCode).toBe(422)
    expect(unsworn.json()).toMatchObject({ errors: { sworn: 'required' } })
    const res = await call(ctx.app, 'POST', '/api/v1/trainer/tax-start', { token: t.token, body: exemption })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().latest).toMatchObject({ kind: 'exemption', signerName: 'Ana Pérez', proof: { type: 'image/png' } })
    expect(res.json().latest.oath).toMatch(/^Declaro bajo juramento/)
    const [row] = await rowsOf(ctx.app, t.trainerId)
    expect(row).toMatchObject({ oathVersion: 'tax-start-oath/1', signerRut: exemption.signerRut })
  })

  it('refuses files by their bytes, not their name: text, a cut PDF, a fake PNG, too large; nothing is stored', async () => {
    const t = await trainer(ctx.app)
    const send = (proof: string) =>
      call(ctx.app, 'POST', '/api/v1/trainer/tax-start', { token: t.token, body: startDeclaration({ proof }) })
    for (const proof of [
      Buffer.from('hello, this is not a pdf').toString('base64'),
      Buffer.from('%PDF-1.4\nno end marker').toString('base64'),
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]).toString('base64'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
    ]) {
      const res = await send(proof)
      expect(res.statusCode, res.body).toBe(415)
      expect(res.json()).toMatchObject({ errors: { proof: 'unsupportedFile' } })
    }
    const large = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024), Buffer.from('%%EOF')]).toString('base64')
    const tooLarge = await send(large)
    expect(tooLarge.statusCode).toBe(422)
    expect(tooLarge.json()).toMatchObject({ errors: { proof: 'tooLarge' } })
    expect(await rowsOf(ctx.app, t.trainerId)).toHaveLength(0)
  })

  it('needs the RUT first, a real past day, and one pending declaration at a time', async () => {
    const noRut = await trainer(ctx.app, false)
    const first = await call(ctx.app, 'POST', '/api/v1/trainer/tax-start', { token: noRut.token, body: startDeclaration() })
    expect(first.statusCode).toBe(422)
    expect(first.json()).toMatchObject({ errors: { rut: 'required' } })
    const t = await trainer(ctx.app)
    for (const startedOn of ['2999-01-01', '2025-02-30']) {
      const res = await call(ctx.app, 'POST', '/api/v1/trainer/tax-start', { token: t.token, body: startDeclaration({ startedOn }) })
      expect(res.statusCode, startedOn).toBe(422)
      expect(res.json()).toMatchObject({ errors: { startedOn: 'invalid' } })
    }
    await declare(ctx.app, 'trainer', t.token)
    const again = await call(ctx.app, 'POST', '/api/v1/trainer/tax-start', { token: t.token, body: startDeclaration() })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ errors: { taxStart: 'alreadyPending' } })
  })

  it('two declarations sent at once: one is pending, the other 409', async () => {
    const t = await trainer(ctx.app)
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(ctx.app, 'POST', '/api/v1/trainer/tax-start', { token: t.token, body: startDeclaration() })),
    )
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409])
    const rows = await rowsOf(ctx.app, t.trainerId)
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1)
  })
})

describe('who may call', () => {
  it('anonymous 401; a client and an operator cannot declare; each seller sees only their own', async () => {
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/tax-start')).statusCode).toBe(401)
    expect((await call(ctx.app, 'POST', '/api/v1/business/tax-start', { body: startDeclaration() })).statusCode).toBe(401)
    expect((await call(ctx.app, 'GET', '/api/v1/admin/tax-starts')).statusCode).toBe(401)
    const client = await createUserAndLogin(ctx.app, { role: 'member' })
    for (const path of ['/api/v1/trainer/tax-start', '/api/v1/business/tax-start']) {
      expect((await call(ctx.app, 'GET', path, { token: client.token })).statusCode).toBe(403)
      expect((await call(ctx.app, 'POST', path, { token: client.token, body: startDeclaration() })).statusCode).toBe(403)
      expect((await call(ctx.app, 'POST', path, { token: operator.token, body: startDeclaration() })).statusCode).toBe(403)
    }
    // A trainer reaches neither the owners' route nor the queue; an owner neither the trainers'.
    const [a, b, o] = await Promise.all([trainer(ctx.app), trainer(ctx.app), owner(ctx.app)])
    await declare(ctx.app, 'trainer', a.token)
    expect((await call(ctx.app, 'GET', '/api/v1/business/tax-start', { token: a.token })).statusCode).toBe(403)
    expect((await call(ctx.app, 'GET', '/api/v1/admin/tax-starts', { token: a.token })).statusCode).toBe(403)
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/tax-start', { token: o.token })).statusCode).toBe(403)
    expect((await call(ctx.app, 'GET', '/api/v1/admin/tax-starts', { token: o.token })).statusCode).toBe(403)
    // The other trainer sees their own (none), never a's declaration; there is no route by id for sellers.
    expect((await call(ctx.app, 'GET', '/api/v1/trainer/tax-start', { token: b.token })).json()).toMatchObject({
      state: 'none',
      latest: null,
    })
    const mine = (await call(ctx.app, 'GET', '/api/v1/trainer/tax-start', { token: a.token })).json()
    expect((await call(ctx.app, 'GET', `/api/v1/admin/tax-starts/${mine.latest.id}`, { token: b.token })).statusCode).toBe(403)
    expect((await call(ctx.app, 'POST', `/api/v1/admin/tax-starts/${mine.latest.id}/approve`, { token: b.token })).statusCode).toBe(403)
    expect((await call(ctx.app, 'POST', `/api/v1/admin/tax-starts/${mine.latest.id}/approve`, { token: o.token })).statusCode).toBe(403)
    expect((await rowsOf(ctx.app, a.trainerId))[0]?.status).toBe('pending')
  })

  it('a gym owner declares for their business; without one, 404', async () => {
    const o = await owner(ctx.app)
    const id = await declare(ctx.app, 'business', o.token)
    const [row] = await ctx.app.db.select().from(taxStarts).where(eq(taxStarts.id, id))
    expect(row).toMatchObject({ businessId: o.businessId, trainerId: null, status: 'pending' })
    const bare = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    expect((await call(ctx.app, 'GET', '/api/v1/business/tax-start', { token: bare.token })).statusCode).toBe(404)
  })
})

describe('operators review', () => {
  it('lists pending oldest first with the seller; approve holds six months, audited, mailed; again is the same answer', async () => {
    const [a, b] = [await trainer(ctx.app), await trainer(ctx.app)]
    const first = await declare(ctx.app, 'trainer', a.token)
    const second = await declare(ctx.app, 'trainer', b.token)
    const list = await call(ctx.app, 'GET', '/api/v1/admin/tax-starts', { token: operator.token })
    expect(list.statusCode).toBe(200)
    const ids = list.json().data.map((d: { id: string }) => d.id)
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second))
    const item = list.json().data.find((d: { id: string }) => d.id === first)
    expect(item).toMatchObject({ ownerKind: 'trainer', ownerId: a.trainerId, ownerName: 'Ana Pérez', status: 'pending' })
    expect((await ctx.app.inject({ method: 'GET', url: item.proof.url })).statusCode).toBe(200)

    const before = Date.now()
    const approved = await approve(ctx.app, operator.token, first)
    const months = (Date.parse(approved.expiresAt!) - before) / 86_400_000
    expect(months).toBeGreaterThan(180)
    expect(months).toBeLessThan(185)
    const again = await approve(ctx.app, operator.token, first)
    // The same answer again: the declaration as it stands (the proof's link is fresh each time).
    expect({ ...again, proof: null }).toEqual({ ...approved, proof: null })
    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tax_start.approve'), eq(auditLog.subjectId, a.trainerId)))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({
      actorId: operator.user.id,
      before: { declaration: first, status: 'pending' },
      after: { declaration: first, status: 'approved' },
    })
    const mails = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, a.user.email))
    expect(mails.map((m) => m.subject)).toContain('Aprobamos tu inicio de actividades')
    const status = (await call(ctx.app, 'GET', '/api/v1/trainer/tax-start', { token: a.token })).json()
    expect(status).toMatchObject({ state: 'approved', chargingAllowed: true, validUntil: approved.expiresAt })
    // Rejecting what was approved is refused and changes nothing.
    const late = await call(ctx.app, 'POST', `/api/v1/admin/tax-starts/${first}/reject`, { token: operator.token, body: { reason: 'x' } })
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ errors: { status: 'alreadyAnswered' } })
  })

  it('reject needs a reason, is mailed in the reader’s language, shown to the seller, and they may send again', async () => {
    const o = await owner(ctx.app)
    const id = await declare(ctx.app, 'business', o.token)
    const empty = await call(ctx.app, 'POST', `/api/v1/admin/tax-starts/${id}/reject`, { token: operator.token, body: { reason: ' ' } })
    expect(empty.statusCode).toBe(422)
    const reason = 'El documento no muestra la fecha de inicio'
    const answers = await Promise.all(
      [1, 2].map(() => call(ctx.app, 'POST', `/api/v1/admin/tax-starts/${id}/reject`, { token: operator.token, body: { reason } })),
    )
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200])
    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tax_start.reject'), eq(auditLog.subjectId, o.businessId)))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ reason, before: { status: 'pending' }, after: { status: 'rejected' } })
    const mails = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, o.user.email))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ subject: 'We could not approve your tax start' })
    expect(mails[0]!.text).toContain(reason)
    const status = (await call(ctx.app, 'GET', '/api/v1/business/tax-start', { token: o.token })).json()
    expect(status).toMatchObject({ state: 'rejected', chargingAllowed: false, latest: { status: 'rejected', rejectReason: reason } })
    await declare(ctx.app, 'business', o.token)
    expect((await call(ctx.app, 'GET', '/api/v1/business/tax-start', { token: o.token })).json()).toMatchObject({ state: 'pending' })
    const unknown = await call(ctx.app, 'POST', `/api/v1/admin/tax-starts/${crypto.randomUUID()}/approve`, { token: operator.token })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('the seller’s data export', () => {
  it('holds their declarations, without the proof file’s bytes, and no other seller’s', async () => {
    const t = await trainer(ctx.app)
    const other = await trainer(ctx.app)
    const id = await declare(ctx.app, 'trainer', t.token)
    await declare(ctx.app, 'trainer', other.token)
    const o = await owner(ctx.app)
    const businessDeclaration = await declare(ctx.app, 'business', o.token)

    const mine = (await call(ctx.app, 'GET', '/api/v1/account/export', { token: t.token })).json()
    expect(mine.tables.tax_starts).toHaveLength(1)
    expect(mine.tables.tax_starts[0]).toMatchObject({ id, kind: 'start', status: 'pending', proof_type: 'application/pdf' })
    expect(mine.tables.tax_starts[0]).not.toHaveProperty('proof')

    const owners = (await call(ctx.app, 'GET', '/api/v1/account/export', { token: o.token })).json()
    expect(owners.tables.tax_starts.map((r: { id: string }) => r.id)).toEqual([businessDeclaration])
  })
})
