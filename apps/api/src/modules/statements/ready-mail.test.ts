import type { Statement } from '@app/contracts'
import { and, eq, like, or } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, statementReadyMails, users } from '../../db/schema.ts'
import { clp } from '../../mail/texts.ts'
import { bearer, freshIp, useTestApp } from '../../testing/app.ts'
import {
  createOffer,
  eligibleTrainer,
  gymWithTrainer,
  sandboxClient,
  type TestGym,
  type TestTrainer,
} from '../client-billing/test-helpers.ts'
import en from './locales/en.json' with { type: 'json' }
import es from './locales/es.json' with { type: 'json' }
import { statementReadyMailText } from './mails.ts'
import { readyMonth, sendStatementReadyMails } from './ready-mail.ts'
import { statementOf } from './service.ts'
import { bookPayment, bookRefund, subOf } from './test-helpers.ts'
import { PDF_TEXT } from './texts.ts'

// Issue 27 (decision 233): when a Chile month closes, one mail per trainer and gym owner with money
// in it, its figures the statement's, in the reader's language, once under repeated and parallel runs.
const ctx = useTestApp()

let gym: TestGym
let solo: TestTrainer
let english: TestTrainer
let idle: TestTrainer
let otherGym: TestGym

// Chile is on UTC-3 from 6 September 2026 to 4 April 2027.
const NOV_1_0759 = new Date('2026-11-01T10:59:00Z')
const NOV_1_0800 = new Date('2026-11-01T11:00:00Z')

const statementMails = (to: string) =>
  ctx.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), or(like(mailOutbox.subject, '%estado mensual%'), like(mailOutbox.subject, '%statement%'))))

async function pageStatement(path: string, token: string, month: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1${path}?month=${month}`,
    headers: bearer(token),
    remoteAddress: freshIp(),
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Statement
}

/** Each figure of the mail is the statement page's total, written as the mails write pesos. */
function expectFigures(text: string, statement: Statement, language: 'es' | 'en') {
  const w = PDF_TEXT[language]
  const t = statement.totals
  expect(text).toContain(`${w.payments}: ${t.payments}`)
  expect(text).toContain(`${w.gross}: ${clp(t.grossClp)}`)
  expect(text).toContain(`${w.refunded}: ${clp(t.refundedClp)}`)
  expect(text).toContain(`${w.platform}: ${clp(t.platformFeeClp)}`)
  expect(text).toContain(`${w.trainerShare}: ${clp(t.trainerShareClp)}`)
  if (statement.audience === 'gym') expect(text).toContain(`${w.gym}: ${clp(t.gymShareClp)}`)
}

beforeAll(async () => {
  gym = await gymWithTrainer(ctx.app)
  await sandboxClient(ctx.app, gym.trainer.token, (await createOffer(ctx.app, gym.trainer.token, { priceClp: 30_001 })).id)
  solo = await eligibleTrainer(ctx.app)
  await sandboxClient(ctx.app, solo.token, (await createOffer(ctx.app, solo.token, { priceClp: 17_777 })).id)
  english = await eligibleTrainer(ctx.app)
  await sandboxClient(ctx.app, english.token, (await createOffer(ctx.app, english.token, { priceClp: 12_345 })).id)
  // Money in other months only (its sandbox payment is today's), and a gym with none at all.
  idle = await eligibleTrainer(ctx.app)
  await sandboxClient(ctx.app, idle.token, (await createOffer(ctx.app, idle.token)).id)
  otherGym = await gymWithTrainer(ctx.app)
  for (const userId of [english.userId, gym.owner.userId])
    await ctx.app.db.update(users).set({ language: 'en' }).where(eq(users.id, userId))

  const gymSub = await subOf(ctx.app, gym.trainer.trainerId)
  await bookPayment(ctx.app, gymSub, 20_000, '2026-10-01T02:50:00Z') // 30 Sep 23:50 in Santiago: September
  await bookPayment(ctx.app, gymSub, 25_000, '2026-10-01T03:05:00Z') // 1 Oct 00:05: October
  const late = await bookPayment(ctx.app, gymSub, 30_001, '2026-11-01T02:30:00Z') // 31 Oct 23:30: October
  await bookRefund(ctx.app, late, 10_000, '2026-11-01T03:10:00Z') // 1 Nov 00:10: November
  await bookPayment(ctx.app, await subOf(ctx.app, solo.trainerId), 17_777, '2026-10-15T15:00:00Z')
  const englishPayment = await bookPayment(ctx.app, await subOf(ctx.app, english.trainerId), 12_345, '2026-10-20T15:00:00Z')
  await bookRefund(ctx.app, englishPayment, 2_000, '2026-10-21T15:00:00Z')
  await bookPayment(ctx.app, await subOf(ctx.app, idle.trainerId), 9_000, '2026-09-10T15:00:00Z')
})

describe('the statement-ready mail (issue 27, decision 233)', () => {
  it('is due for the month before from 08:00 on the 1st, Santiago time', () => {
    expect(readyMonth(NOV_1_0759)).toBe('2026-09')
    expect(readyMonth(NOV_1_0800)).toBe('2026-10')
    expect(readyMonth(new Date('2026-11-30T23:00:00Z'))).toBe('2026-10')
    expect(readyMonth(new Date('2027-01-01T11:00:00Z'))).toBe('2026-12')
    expect(readyMonth(new Date('2027-01-01T10:00:00Z'))).toBe('2026-11')
    // Winter time (UTC-4): 08:00 on 1 July is 12:00 UTC.
    expect(readyMonth(new Date('2026-07-01T11:59:00Z'))).toBe('2026-05')
    expect(readyMonth(new Date('2026-07-01T12:00:00Z'))).toBe('2026-06')
  })

  it('before 08:00 on 1 November sends nothing for October (the September payment at 23:50 on the 30th is September’s)', async () => {
    const run = await sendStatementReadyMails(ctx.app, NOV_1_0759)
    expect(run).toMatchObject({ month: '2026-09', complete: true })
    const [september] = await statementMails(gym.trainer.email)
    expect(september.subject).toBe('Tu estado mensual de septiembre de 2026 está listo')
    expect(september.text).toContain(`${PDF_TEXT.es.gross}: $20.000`)
    expect((await statementMails(solo.email)).length).toBe(0)
  })

  it('mails each account with October money once, with the statement’s figures, even from three runs at once', async () => {
    const before = (await statementMails(gym.trainer.email)).length
    const runs = await Promise.all([1, 2, 3].map(() => sendStatementReadyMails(ctx.app, NOV_1_0800)))
    // The gym's trainer, the independent one, the English one and the gym's owner.
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(4)
    expect(runs.every((r) => r.month === '2026-10' && r.complete)).toBe(true)

    const gymTrainer = await statementMails(gym.trainer.email)
    expect(gymTrainer.length).toBe(before + 1)
    const october = gymTrainer.find((m) => m.subject.includes('octubre'))!
    expect(october.subject).toBe('Tu estado mensual de octubre de 2026 está listo')
    const page = await pageStatement('/trainer/statement', gym.trainer.token, '2026-10')
    expect(page.totals).toEqual((await statementOf(ctx.app.db, { id: gym.trainer.userId }, 'trainer', '2026-10')).totals)
    expectFigures(october.text, page, 'es')
    // 25,000 on 1 Oct 00:05 and 30,001 on 31 Oct 23:30 Santiago; the refund of 1 Nov is November's.
    expect(october.text).toContain('Pagos recibidos: 2\nPagado por clientes (bruto): $55.001\nReembolsos y contracargos: $0\n')
    expect(october.text).toContain('Hola Gabriel')
    expect(october.text).toContain('http://localhost:3000/dashboard#statement')
    expect(october.text).toContain('boleta de honorarios')

    const [soloMail] = await statementMails(solo.email)
    expectFigures(soloMail.text, await pageStatement('/trainer/statement', solo.token, '2026-10'), 'es')
    expect(soloMail.text).not.toContain(PDF_TEXT.es.gym)
  })

  it('writes to an English reader in English', async () => {
    const mails = await statementMails(english.email)
    expect(mails.length).toBe(1)
    expect(mails[0].subject).toBe('Your statement for October 2026 is ready')
    expect(mails[0].text).toMatch(/^Hello /)
    expect(mails[0].text).toContain('Refunds and chargebacks: $2.000')
    expectFigures(mails[0].text, await pageStatement('/trainer/statement', english.token, '2026-10'), 'en')
  })

  it('gives the gym owner the gym’s statement, linked to the business dashboard', async () => {
    const mails = await statementMails(gym.owner.email)
    const october = mails.filter((m) => m.subject.includes('October'))
    expect(october.length).toBe(1)
    expect(october[0].subject).toBe('Your gym’s statement for October 2026 is ready')
    const page = await pageStatement('/business/statement', gym.owner.token, '2026-10')
    expect(page.totals.gymShareClp).toBeGreaterThan(0)
    expectFigures(october[0].text, page, 'en')
    expect(october[0].text).toContain('http://localhost:3000/business/dashboard#statement')
    expect(october[0].text).toContain('your own tax documents')
  })

  it('sends nothing to accounts without money in the month, and nothing on a second run', async () => {
    expect((await statementMails(idle.email)).length).toBe(1) // September's
    expect((await statementMails(idle.email))[0].subject).toContain('septiembre')
    expect((await statementMails(otherGym.owner.email)).length).toBe(0)
    expect((await statementMails(otherGym.trainer.email)).length).toBe(0)
    const rows = await ctx.app.db.select().from(statementReadyMails).where(eq(statementReadyMails.month, '2026-10'))
    expect(rows.map((r) => r.userId).sort()).toEqual([gym.trainer.userId, solo.userId, english.userId, gym.owner.userId].sort())

    const total = (await ctx.app.db.select().from(mailOutbox)).length
    expect(await sendStatementReadyMails(ctx.app, new Date('2026-11-02T15:00:00Z'))).toMatchObject({ month: '2026-10', sent: 0 })
    expect(await sendStatementReadyMails(ctx.app, NOV_1_0800)).toMatchObject({ sent: 0 })
    expect((await ctx.app.db.select().from(mailOutbox)).length).toBe(total)
  })
})

describe('the statement-ready mail’s texts', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

  it('have the same templates and placeholders in both languages', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort())
    for (const key of ['trainer', 'gym'] as const)
      expect(placeholders(en[key].subject + en[key].text), key).toEqual(placeholders(es[key].subject + es[key].text))
  })

  it('write negative shares with the sign before the peso sign', () => {
    const totals = { payments: 0, grossClp: 0, refundedClp: 5_000, platformFeeClp: -250, gymShareClp: 0, trainerShareClp: -4_750 }
    for (const language of ['es', 'en'] as const) {
      const { subject, text } = statementReadyMailText({ audience: 'trainer', month: '2026-10', totals }, language, {
        name: 'Ana',
        link: 'x',
      })
      expect(subject + text).not.toMatch(/\{\{|undefined/)
      expect(text).toContain(`${PDF_TEXT[language].trainerShare}: -$4.750`)
      expect(text).toContain(`${PDF_TEXT[language].refunded}: $5.000`)
    }
  })
})
