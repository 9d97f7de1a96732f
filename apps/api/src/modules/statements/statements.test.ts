import type { Statement } from '@app/contracts'
import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import { inflateSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { businesses, clientPayments, ledgerEntries, ledgerTransactions, trainers } from '../../db/schema.ts'
import { bearer, call, freshIp, useTestApp } from '../../testing/app.ts'
import { chileMonth, rangeOf } from '../client-billing/money.ts'
import {
  createOffer,
  eligibleTrainer,
  gymWithTrainer,
  sandboxClient,
  type TestGym,
  type TestTrainer,
} from '../client-billing/test-helpers.ts'
import { accounts } from '../ledger/service.ts'
import { bookPayment, bookRefund, subOf } from './test-helpers.ts'

// Issue 27 (decision 225): the monthly statement of a trainer and of a gym. Payments and refunds
// are booked at chosen instants around Chile's month ends (test-helpers.ts), then read as JSON, CSV and PDF.
const ctx = useTestApp()

let gym: TestGym
let solo: TestTrainer
let clientToken: string
let otherGym: TestGym
const NOW_MONTH = chileMonth(new Date())

const get = (path: string, token: string, language?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1${path}`,
    headers: { ...bearer(token), ...(language ? { 'accept-language': language } : {}) },
    remoteAddress: freshIp(),
  })

async function statement(path: string, token: string, month: string) {
  const res = await get(`${path}?month=${month}`, token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Statement
}

/** What the ledger's entries say for a party over a Chile month, summed here from the entries themselves. */
async function fromEntries(where: ReturnType<typeof eq>, month: string) {
  const [y, m] = month.split('-').map(Number)
  const range = rangeOf({ from: `${month}-01`, to: `${month}-${new Date(Date.UTC(y, m, 0)).getUTCDate()}` })
  const rows = await ctx.app.db
    .select({ kind: ledgerTransactions.kind, account: ledgerEntries.account, amountClp: ledgerEntries.amountClp })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(clientPayments, eq(clientPayments.id, ledgerTransactions.paymentId))
    .where(
      and(
        where,
        inArray(ledgerTransactions.kind, ['payment', 'refund', 'dispute']),
        gte(ledgerTransactions.createdAt, range.from),
        lt(ledgerTransactions.createdAt, range.to),
      ),
    )
  const out = { payments: 0, grossClp: 0, refundedClp: 0, platformFeeClp: 0, gymShareClp: 0, trainerShareClp: 0 }
  for (const r of rows) {
    if (r.account === accounts.providerClearing) {
      if (r.kind === 'payment') {
        out.payments += 1
        out.grossClp -= r.amountClp
      } else out.refundedClp += r.amountClp
    } else if (r.account === accounts.platformRevenue) out.platformFeeClp += r.amountClp
    else if (r.account.startsWith('gym:')) out.gymShareClp += r.amountClp
    else if (r.account.startsWith('trainer:')) out.trainerShareClp += r.amountClp
  }
  return out
}

const sum = (s: Statement, key: 'grossClp' | 'platformFeeClp' | 'gymShareClp' | 'trainerShareClp') =>
  s.lines.reduce((total, l) => total + l[key], 0)

/** The text a PDF shows: its content streams inflated, the strings of each TJ (WinAnsi) joined. */
function pdfText(pdf: Buffer) {
  const raw = pdf.toString('latin1')
  const decoder = new TextDecoder('windows-1252')
  let text = ''
  // Each stream by its /Length: its compressed bytes may end in a \r, which a search for "endstream" would eat.
  for (const m of raw.matchAll(/\/Length (\d+)[^]*?stream\n/g)) {
    const start = m.index + m[0].length
    let content: string
    try {
      content = inflateSync(Buffer.from(raw.slice(start, start + Number(m[1])), 'latin1')).toString('latin1')
    } catch {
      continue
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      text += `${[...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decoder.decode(Buffer.from(h[1], 'hex'))).join('')}\n`
  }
  // A sentence wrapped over lines reads as one.
  return text.replace(/\s+/g, ' ')
}
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0

let gymOctober: typeof clientPayments.$inferSelect

beforeAll(async () => {
  gym = await gymWithTrainer(ctx.app)
  const gymClient = await sandboxClient(
    ctx.app,
    gym.trainer.token,
    (await createOffer(ctx.app, gym.trainer.token, { priceClp: 30_001 })).id,
  )
  clientToken = gymClient.clientToken
  solo = await eligibleTrainer(ctx.app)
  await sandboxClient(ctx.app, solo.token, (await createOffer(ctx.app, solo.token, { priceClp: 17_777 })).id)
  otherGym = await gymWithTrainer(ctx.app)
  await ctx.app.db.update(trainers).set({ rut: '12345678-5' }).where(eq(trainers.id, gym.trainer.trainerId))
  // A gym that charges has a RUT (its tax start needs one, decision 235): a known one to read back.
  await ctx.app.db.update(businesses).set({ rut: '76086428-5' }).where(eq(businesses.ownerId, gym.owner.userId))

  const gymSub = await subOf(ctx.app, gym.trainer.trainerId)
  const soloSub = await subOf(ctx.app, solo.trainerId)
  // Chile is on UTC-3 from 6 September 2026 to 4 April 2027.
  await bookPayment(ctx.app, gymSub, 20_000, '2026-10-01T02:50:00Z') // 30 Sep 23:50 in Santiago: September
  await bookPayment(ctx.app, gymSub, 25_000, '2026-10-01T03:05:00Z') // 1 Oct 00:05: October
  gymOctober = await bookPayment(ctx.app, gymSub, 30_001, '2026-11-01T02:30:00Z') // 31 Oct 23:30: October
  await bookRefund(ctx.app, gymOctober, 10_000, '2026-11-01T03:10:00Z') // 1 Nov 00:10: November, not October
  await bookPayment(ctx.app, soloSub, 17_777, '2026-10-15T15:00:00Z')
  // August: enough lines for a second page of the PDF.
  for (let i = 0; i < 45; i++) await bookPayment(ctx.app, soloSub, 10_000 + i, `2026-08-${String(1 + (i % 28)).padStart(2, '0')}T15:00:00Z`)
})

describe('the monthly statement (issue 27, decision 225)', () => {
  it('puts a payment at 23:30 on the last day of the month, Santiago time, in that month, and a refund in its own month', async () => {
    const october = await statement('/trainer/statement', gym.trainer.token, '2026-10')
    expect(october.lines.map((l) => [l.day, l.kind, l.grossClp])).toEqual([
      ['2026-10-01', 'payment', 25_000],
      ['2026-10-31', 'payment', 30_001],
    ])
    expect(october.partial).toBe(false)
    expect(october.account).toEqual({ name: 'Gabriel Gym', rut: '12345678-5' })
    expect(october.lines[1]).toMatchObject({ at: '2026-10-31T23:30:00-03:00', clientName: 'Carla Cliente', offerTitle: 'Plan mensual' })
    // 60/35/5 of 30,001 by largest remainder.
    expect(october.lines[1]).toMatchObject({ trainerShareClp: 18_001, gymShareClp: 10_500, platformFeeClp: 1_500 })

    const september = await statement('/trainer/statement', gym.trainer.token, '2026-09')
    expect(september.lines.map((l) => [l.day, l.grossClp])).toEqual([['2026-09-30', 20_000]])

    const november = await statement('/trainer/statement', gym.trainer.token, '2026-11')
    const refund = november.lines.find((l) => l.kind === 'refund')!
    expect(refund).toMatchObject({ day: '2026-11-01', grossClp: -10_000, paymentId: gymOctober.id })
    expect(refund.trainerShareClp + refund.gymShareClp + refund.platformFeeClp).toBe(-10_000)
    expect(november.totals.refundedClp).toBe(10_000)
  })

  it('has the totals of the income and commissions screens, the sum of its lines and of the ledger entries', async () => {
    for (const month of ['2026-09', '2026-10', '2026-11', '2026-08']) {
      const [y, m] = month.split('-').map(Number)
      const to = `${month}-${new Date(Date.UTC(y, m, 0)).getUTCDate()}`
      for (const [path, token, where, screen] of [
        ['/trainer/statement', gym.trainer.token, eq(clientPayments.trainerId, gym.trainer.trainerId), 'income'],
        ['/trainer/statement', solo.token, eq(clientPayments.trainerId, solo.trainerId), 'income'],
        ['/business/statement', gym.owner.token, eq(clientPayments.gymId, gym.gymId), 'commissions'],
      ] as const) {
        const s = await statement(path, token, month)
        expect(s.totals, `${path} ${month}`).toEqual(await fromEntries(where, month))
        expect(sum(s, 'grossClp')).toBe(s.totals.grossClp - s.totals.refundedClp)
        expect(sum(s, 'trainerShareClp')).toBe(s.totals.trainerShareClp)
        expect(sum(s, 'gymShareClp')).toBe(s.totals.gymShareClp)
        expect(sum(s, 'platformFeeClp')).toBe(s.totals.platformFeeClp)
        if (screen === 'income') {
          const income = await get(`/trainer/income?from=${month}-01&to=${to}`, token)
          const row = income.json().data.find((r: { month: string }) => r.month === month)
          expect(row ?? null, `${path} ${month}`).toEqual(
            s.lines.length === 0
              ? null
              : {
                  month,
                  payments: s.totals.payments,
                  grossClp: s.totals.grossClp,
                  refundedClp: s.totals.refundedClp,
                  platformCommissionClp: s.totals.platformFeeClp,
                  gymShareClp: s.totals.gymShareClp,
                  netClp: s.totals.trainerShareClp,
                },
          )
        } else {
          const commissions = await get(`/business/commissions?from=${month}-01&to=${to}`, token)
          const rows = commissions.json().data as { grossClp: number; refundedClp: number; gymShareClp: number; payments: number }[]
          const add = (k: 'grossClp' | 'refundedClp' | 'gymShareClp' | 'payments') => rows.reduce((t, r) => t + r[k], 0)
          expect([add('payments'), add('grossClp'), add('refundedClp'), add('gymShareClp')]).toEqual([
            s.totals.payments,
            s.totals.grossClp,
            s.totals.refundedClp,
            s.totals.gymShareClp,
          ])
        }
      }
    }
  })

  it("gives the gym owner every trainer's lines at the gym, with the trainer's name and the business's name", async () => {
    const october = await statement('/business/statement', gym.owner.token, '2026-10')
    expect(october.audience).toBe('gym')
    expect(october.account).toEqual({ name: 'Gym Central', rut: '76086428-5' })
    expect(october.lines.map((l) => [l.trainerName, l.grossClp])).toEqual([
      ['Gabriel Gym', 25_000],
      ['Gabriel Gym', 30_001],
    ])
    const current = await statement('/business/statement', gym.owner.token, NOW_MONTH)
    expect(current.partial).toBe(true)
  })

  it('shows each caller only their own money, and refuses the other roles', async () => {
    // The independent trainer's October has their one payment, none of the gym trainer's.
    const soloOctober = await statement('/trainer/statement', solo.token, '2026-10')
    expect(soloOctober.lines.map((l) => l.grossClp)).toEqual([17_777])
    // Another gym's owner sees their own gym's month: nothing of the first gym.
    const other = await statement('/business/statement', otherGym.owner.token, '2026-10')
    expect(other.lines).toEqual([])
    expect(other.totals.grossClp).toBe(0)
    for (const ext of ['', '.csv', '.pdf']) {
      expect((await get(`/trainer/statement${ext}?month=2026-10`, clientToken)).statusCode).toBe(403)
      expect((await get(`/business/statement${ext}?month=2026-10`, clientToken)).statusCode).toBe(403)
      expect((await get(`/business/statement${ext}?month=2026-10`, solo.token)).statusCode).toBe(403)
      expect((await get(`/trainer/statement${ext}?month=2026-10`, gym.owner.token)).statusCode).toBe(403)
      expect((await call(ctx.app, 'GET', `/api/v1/trainer/statement${ext}?month=2026-10`)).statusCode).toBe(401)
    }
  })

  it('refuses a month that is not YYYY-MM, or has not started, in the error shape', async () => {
    for (const [query, code] of [
      ['month=2026-13', 'invalid'],
      ['month=2026-1', 'invalid'],
      ['month=2026-10-01', 'invalid'],
      ['month=nov', 'invalid'],
      ['', 'required'],
      ['month=2999-01', 'tooBig'],
    ]) {
      for (const ext of ['', '.csv', '.pdf']) {
        const res = await get(`/trainer/statement${ext}?${query}`, gym.trainer.token)
        expect(res.statusCode, `${ext} ${query}`).toBe(422)
        expect(res.json(), `${ext} ${query}`).toMatchObject({ status: 422, message: expect.any(String), errors: { month: code } })
      }
    }
  })

  it('writes the CSV through the one writer: BOM, headers in the reader language, refunds negative, plain integers', async () => {
    const es = await get('/trainer/statement.csv?month=2026-11', gym.trainer.token, 'es-CL')
    expect(es.statusCode).toBe(200)
    expect(es.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(es.headers['content-disposition']).toBe('attachment; filename="estado-mensual_2026-11.csv"')
    expect(es.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = es.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    expect(lines[0]).toBe(
      '"Fecha","Movimiento","Cliente","Oferta","Entrenador","RUT del cliente","Razón social del cliente","Giro del cliente","Pagado por el cliente (CLP)","Comisión de la plataforma (CLP)","Parte del gimnasio (CLP)","Parte del entrenador (CLP)","ID del pago"',
    )
    const json = await statement('/trainer/statement', gym.trainer.token, '2026-11')
    expect(lines).toHaveLength(json.lines.length + 1)
    const refund = lines.find((l) => l.includes('"Reembolso"'))!
    expect(refund).toMatch(/^"2026-11-01T00:10:00-03:00","Reembolso","Carla Cliente","Plan mensual","Gabriel Gym",,,,"-10000",/)

    const en = await get('/business/statement.csv?month=2026-10', gym.owner.token, 'en')
    expect(en.headers['content-disposition']).toBe('attachment; filename="monthly-statement_2026-10.csv"')
    const enLines = en.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    expect(enLines[0]).toMatch(
      /^"Date","Entry","Client","Offer","Trainer","Client RUT","Client legal name \(razón social\)","Client business activity \(giro\)","Paid by the client \(CLP\)"/,
    )
    expect(enLines[2]).toMatch(
      /^"2026-10-31T23:30:00-03:00","Payment","Carla Cliente","Plan mensual","Gabriel Gym",,,,"30001","1500","10500","18001","/,
    )
  })

  it('writes a PDF with the name, RUT, period, lines, totals and what it is for, in the reader language', async () => {
    const res = await get('/trainer/statement.pdf?month=2026-10', gym.trainer.token, 'es')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe('attachment; filename="estado-mensual_2026-10.pdf"')
    const pdf = res.rawPayload
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pageCount(pdf)).toBe(1)
    const text = pdfText(pdf)
    for (const words of [
      'Estado mensual · octubre de 2026',
      'Gabriel Gym',
      'RUT 12.345.678-5',
      'Período: octubre de 2026 (del 01-10-2026 al 31-10-2026, hora de Chile)',
      '31-10-2026',
      'Carla Cliente · Plan mensual',
      '$30.001',
      '$18.001',
      'Pagado por clientes (bruto)',
      '$55.001',
      'boleta de honorarios',
      'Página 1 de 1',
    ])
      expect(text, words).toContain(words)

    const en = await get('/business/statement.pdf?month=2026-11', gym.owner.token, 'en')
    const enText = pdfText(en.rawPayload)
    for (const words of [
      'Monthly statement · November 2026',
      'Gym Central',
      'RUT 76.086.428-5',
      'Refund',
      '-$10.000',
      'your own tax documents',
      'not over yet',
    ])
      expect(enText, words).toContain(words)
  })

  it('runs a long month over pages, the table header and the page number on each', async () => {
    const res = await get('/trainer/statement.pdf?month=2026-08', solo.token, 'es')
    const pages = pageCount(res.rawPayload)
    expect(pages).toBeGreaterThanOrEqual(2)
    const text = pdfText(res.rawPayload)
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Página ${n} de ${pages}`)
    expect(text.match(/Comisión plataforma/g)?.length).toBe(pages)
    expect(text).toContain('$10.044')
  })

  it("shows a client's details for a factura beside their lines, in the JSON and the PDF (decision 237)", async () => {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/client/tax-identity',
      headers: bearer(clientToken),
      payload: { rut: '11.111.111-1', legalName: 'Carla Cliente EIRL', activity: 'Asesorías contables' },
      remoteAddress: freshIp(),
    })
    expect(put.statusCode, put.body).toBe(200)
    const october = await statement('/trainer/statement', gym.trainer.token, '2026-10')
    for (const line of october.lines)
      expect(line.clientTaxIdentity).toEqual({ rut: '11111111-1', legalName: 'Carla Cliente EIRL', activity: 'Asesorías contables' })
    expect((await statement('/trainer/statement', solo.token, '2026-08')).lines.every((l) => l.clientTaxIdentity === null)).toBe(true)

    const es = pdfText((await get('/trainer/statement.pdf?month=2026-10', gym.trainer.token, 'es')).rawPayload)
    for (const words of ['Carla Cliente · Plan mensual', 'RUT 11.111.111-1 · Carla Cliente EIRL', 'Giro: Asesorías contables'])
      expect(es, words).toContain(words)
    const enRes = await get('/business/statement.pdf?month=2026-10', gym.owner.token, 'en')
    expect(enRes.statusCode, enRes.body.slice(0, 300)).toBe(200)
    const en = pdfText(enRes.rawPayload)
    expect(en).toContain('Activity (giro): Asesorías contables')
  })
})
