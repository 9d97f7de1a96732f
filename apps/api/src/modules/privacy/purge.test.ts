import { randomBytes, randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accessRequests, auditLog, clientPayments, coachingLinks, dataExports, exercises, programs, users } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { dayFromNow } from '../bookings/test-helpers.ts'
import { trainerWithRow } from '../exercises/test-helpers.ts'
import { PASSWORD } from '../billing/test-helpers.ts'
import { createOffer, eligibleTrainer, gymWithTrainer, sandboxClient } from '../client-billing/test-helpers.ts'
import { consent, phoneJpeg, upload } from '../progress/test-helpers.ts'
import { checkLedger } from '../ledger/check.ts'
import { pseudonymEmail, purgeClosedAccounts } from './purge.ts'

// Issue 20: 91 days after closing, no text column of any table still holds the person's e-mail,
// name or phone; payments and the ledger stay, balanced, under an opaque id.
const ctx = useTestApp()
const v1 = (path: string) => `/api/v1${path}`
const DAY = 86_400_000
/** A name nobody else has (letters only). */
const uniqueName = () => 'Zq' + [...randomBytes(8)].map((b) => 'abcdefghijklmnopqrstuvwxyz'[b % 26]).join('')

async function rectify(token: string, phone: string) {
  const names = { firstName: uniqueName(), lastName: uniqueName() }
  const res = await call(ctx.app, 'PATCH', v1('/account/profile'), { token, body: { ...names, phone } })
  expect(res.statusCode, res.body).toBe(200)
  return { ...names, phone }
}

/**
 * Kept for the tax law's six years, also after the purge (docs/privacy.md, decision 223): a seller
 * with a RUT (all of them since decision 235) receives the platform's commission factura in their name.
 */
const KEPT_BY_LAW = new Set(['tax_documents.receiver'])

/** Every table.column whose text holds one of `needles` (case-insensitive), but those the law keeps. */
async function scan(needles: string[]) {
  const columns = (await ctx.app.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'tsvector', 'USER-DEFINED')`)) as unknown as {
    rows: Array<{ table_name: string; column_name: string }>
  }
  const found: string[] = []
  for (const { table_name: t, column_name: c } of columns.rows) {
    if (KEPT_BY_LAW.has(`${t}.${c}`)) continue
    const hits = sql.join(
      needles.map((needle, i) => sql`bool_or(${sql.identifier(c)}::text ilike ${'%' + needle + '%'}) as ${sql.identifier(`n${i}`)}`),
      sql`, `,
    )
    const res = (await ctx.app.db.execute(sql`select ${hits} from ${sql.identifier(t)}`)) as unknown as {
      rows: Array<Record<string, boolean | null>>
    }
    needles.forEach((needle, i) => res.rows[0][`n${i}`] && found.push(`${t}.${c} holds ${needle}`))
  }
  return found
}

describe('the 90-day purge', () => {
  it('leaves nothing personal of a closed trainer, client and gym owner, keeps the money records balanced, and is idempotent', async () => {
    const trainer = await eligibleTrainer(ctx.app)
    const trainerWho = await rectify(trainer.token, '+56 9 7123 4567')
    const offer = await createOffer(ctx.app, trainer.token, { priceClp: 30_000 })
    const client = await sandboxClient(ctx.app, trainer.token, offer.id)
    const clientWho = await rectify(client.clientToken, '+56 9 7234 5678')
    const gym = await gymWithTrainer(ctx.app)
    const ownerWho = await rectify(gym.owner.token, '+56 9 7345 6789')
    // Traces everywhere: consents, an export, a refund, a failed login.
    await call(ctx.app, 'POST', v1('/account/consents'), { token: client.clientToken, body: { document: 'marketing', accepted: true } })
    expect((await call(ctx.app, 'GET', v1('/account/export'), { token: trainer.token })).statusCode).toBe(200)
    const [payment] = await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.trainerId, trainer.trainerId))
    const refund = await call(ctx.app, 'POST', v1(`/trainer/payments/${payment.id}/refunds`), {
      token: trainer.token,
      body: { amountClp: 5_000 },
    })
    expect(refund.statusCode, refund.body).toBe(200)
    await call(ctx.app, 'POST', v1('/auth/email/login'), { body: { email: trainer.email, password: 'Equivocada1!' } })
    await ctx.app.mailer.flush()

    // The client closes (with a code), the trainer and the gym owner with their passwords.
    await call(ctx.app, 'POST', v1('/account/close/code'), { token: client.clientToken })
    const [codeMail] = await ctx.app.db
      .execute(sql`select subject from mail_outbox where "to" = ${client.email} order by created_at desc limit 1`)
      .then((r) => (r as unknown as { rows: Array<{ subject: string }> }).rows)
    const otp = /(\d{6})/.exec(codeMail.subject)![1]
    expect((await call(ctx.app, 'POST', v1('/account/close'), { token: client.clientToken, body: { otp } })).statusCode).toBe(200)
    for (const token of [trainer.token, gym.owner.token])
      expect((await call(ctx.app, 'POST', v1('/account/close'), { token, body: { password: PASSWORD } })).statusCode).toBe(200)
    await ctx.app.mailer.flush()
    const people = [
      { email: trainer.email, ...trainerWho },
      { email: client.email, ...clientWho },
      { email: gym.owner.email, ...ownerWho },
    ]
    const [clientRow] = await ctx.app.db.select().from(users).where(eq(users.email, client.email))
    const needles = people.flatMap((p) => [p.email, p.firstName, p.lastName, p.phone])
    expect((await scan(needles)).length).toBeGreaterThan(0)

    // Before the 90 days nothing goes; after them, everything personal.
    expect((await purgeClosedAccounts(ctx.app.db, new Date(Date.now() + 89 * DAY))).accounts).toBe(0)
    expect((await purgeClosedAccounts(ctx.app.db, new Date(Date.now() + 91 * DAY))).accounts).toBe(3)
    expect(await scan(needles)).toEqual([])
    expect((await purgeClosedAccounts(ctx.app.db, new Date(Date.now() + 92 * DAY))).accounts).toBe(0)

    // The account rows stay as opaque ids; money records stay and the ledger holds.
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, trainer.userId))
    expect(row).toMatchObject({ email: pseudonymEmail(trainer.userId), firstName: '', isActive: false })
    expect(row.purgedAt).not.toBeNull()
    expect(await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.id, payment.id))).toHaveLength(1)
    expect((await checkLedger(ctx.app.db)).problems).toEqual([])
    const purged = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'privacy.purge'))
    expect(purged.map((r) => r.subjectId).sort()).toEqual([trainer.userId, clientRow.id, gym.owner.userId].sort())
    // Nobody can sign in as them any more.
    const login = await call(ctx.app, 'POST', v1('/auth/email/login'), { body: { email: trainer.email, password: PASSWORD } })
    expect(login.json().errors).toEqual({ email: 'notFound' })
  }, 120_000)

  it('deletes a purged client’s training and takes both people’s identifiers out of the routines’ free text', async () => {
    const coach = await trainerWithRow(ctx.app)
    const [coachRow] = await ctx.app.db.select().from(users).where(eq(users.id, coach.userId))
    const coachWho = await rectify(coach.token, '+56 9 7456 7890')
    const member = await createUserAndLogin(ctx.app, { role: 'member' })
    const memberWho = await rectify(member.token, '+56 9 7567 8901')
    await ctx.app.db.insert(coachingLinks).values({ trainerId: coach.trainerId, clientUserId: member.user.id })
    const [library] = await ctx.app.db.select({ id: exercises.id }).from(exercises).where(eq(exercises.source, 'library')).limit(1)
    const [own] = await ctx.app.db
      .insert(exercises)
      .values({
        source: 'trainer',
        trainerId: coach.trainerId,
        nameEs: `Sentadilla ${coachWho.lastName}`,
        nameEn: `${coachWho.lastName} squat`,
        category: 'strength',
        level: 'beginner',
        cues: [`Pregúntale a ${coachWho.firstName}`],
        searchText: `sentadilla ${coachWho.lastName.toLowerCase()}`,
      })
      .returning()
    const item = { exerciseId: library.id, sets: 3, reps: { min: 8, max: 10 }, load: { kind: 'kg', value: 40 }, restSeconds: 90 }
    const content = {
      weeks: [
        {
          days: [
            {
              day: 1,
              title: 'Pierna',
              items: [
                { ...item, notes: `Escríbeme a ${coachRow.email}` },
                { ...item, exerciseId: own.id },
              ],
            },
          ],
        },
      ],
    }
    const program = await call(ctx.app, 'POST', v1('/trainer/programs'), {
      token: coach.token,
      body: { title: `Plan de ${memberWho.firstName}`, description: `Dudas al ${coachWho.phone}`, content },
    })
    expect(program.statusCode, program.body).toBe(201)
    const assigned = await call(ctx.app, 'POST', v1(`/trainer/programs/${program.json().id}/assignments`), {
      token: coach.token,
      body: { clientUserIds: [member.user.id], startDate: dayFromNow(0) },
    })
    expect(assigned.statusCode, assigned.body).toBe(201)
    const assignmentId = assigned.json().data[0].id
    const logged = await call(ctx.app, 'POST', v1('/client/set-logs'), {
      token: member.token,
      body: { idempotencyKey: randomUUID(), assignmentId, week: 1, day: 1, itemKey: 'w1d1e1', setNumber: 1, reps: 5, loadKg: 60 },
    })
    expect(logged.statusCode, logged.body).toBe(201)
    const done = await call(ctx.app, 'POST', v1('/client/workouts/done'), {
      token: member.token,
      body: { assignmentId, week: 1, day: 1, comment: `Gracias ${coachWho.firstName}, soy ${memberWho.firstName} ${memberWho.lastName}` },
    })
    expect(done.statusCode, done.body).toBe(200)
    const reply = await call(ctx.app, 'PUT', v1(`/trainer/workouts/${done.json().sessionId}/reply`), {
      token: coach.token,
      body: { reply: `Bien ${memberWho.firstName}; llámame al ${coachWho.phone}` },
    })
    expect(reply.statusCode, reply.body).toBe(200)

    // Health data (decision 209): consent, a day's measurements and a photo; the export lists them.
    await consent(ctx.app, member.token)
    const measured = await call(ctx.app, 'PUT', v1(`/client/measurements/${dayFromNow(0)}`), {
      token: member.token,
      body: { weightKg: 71.3, waistCm: 80.5 },
    })
    expect(measured.statusCode, measured.body).toBe(201)
    expect((await upload(ctx.app, member.token, await phoneJpeg(400, 300))).statusCode).toBe(201)
    const exported = await call(ctx.app, 'GET', v1('/account/export'), { token: member.token })
    expect(exported.statusCode, exported.body).toBe(200)
    const tables = exported.json().tables
    expect(tables.health_data_consents).toHaveLength(1)
    expect(tables.body_measurements).toMatchObject([{ weight_g: 71300, waist_mm: 805 }])
    expect(tables.progress_photos).toHaveLength(1)
    expect(tables.progress_photos[0]).not.toHaveProperty('image')

    for (const token of [coach.token, member.token])
      expect((await call(ctx.app, 'POST', v1('/account/close'), { token, body: { password: 'Secret123!' } })).statusCode).toBe(200)
    await ctx.app.mailer.flush()
    const needles = [
      { email: coachRow.email, ...coachWho },
      { email: member.user.email, ...memberWho },
    ].flatMap((p) => [p.email, p.firstName, p.lastName, p.phone])
    expect((await scan(needles)).length).toBeGreaterThan(0)

    expect((await purgeClosedAccounts(ctx.app.db, new Date(Date.now() + 91 * DAY))).accounts).toBe(2)
    expect(await scan(needles)).toEqual([])
    // The client's training is gone; the trainer's program and exercise stay, without names.
    const left = async (table: string) =>
      (
        (await ctx.app.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where client_user_id = ${member.user.id}`,
        )) as unknown as {
          rows: Array<{ n: number }>
        }
      ).rows[0].n
    for (const table of ['set_logs', 'workout_sessions', 'program_assignments', 'body_measurements', 'progress_photos'])
      expect(await left(table), table).toBe(0)
    const consents = (await ctx.app.db.execute(sql`select ip from health_data_consents where user_id = ${member.user.id}`)) as unknown as {
      rows: Array<{ ip: string | null }>
    }
    expect(consents.rows).toEqual([{ ip: null }])
    const [kept] = await ctx.app.db.select().from(programs).where(eq(programs.id, program.json().id))
    expect(kept.title).toBe('Plan de [eliminado]')
    const [ownKept] = await ctx.app.db.select().from(exercises).where(eq(exercises.id, own.id))
    expect(ownKept.nameEs).toBe('Sentadilla [eliminado]')
  }, 120_000)

  it('deletes free-access requests past their two years', async () => {
    const old = new Date(Date.now() - 731 * DAY)
    await ctx.app.db.execute(
      sql`insert into access_requests (title, subject, email, content, created_at) values ('t', 's', 'lead-old@example.com', 'c', ${old.toISOString()}::timestamptz)`,
    )
    await ctx.app.db.execute(
      sql`insert into access_requests (title, subject, email, content) values ('t', 's', 'lead-new@example.com', 'c')`,
    )
    expect((await purgeClosedAccounts(ctx.app.db)).leads).toBe(1)
    expect(await scan(['lead-old@example.com'])).toEqual([])
    expect(await scan(['lead-new@example.com'])).toEqual(['access_requests.email holds lead-new@example.com'])
  })

  it("one account's purge (the E2E's clock, days ahead) leaves other people's export links and leads alone", async () => {
    const [closing, other] = [await createUserAndLogin(ctx.app), await createUserAndLogin(ctx.app)]
    const link = { status: 'ready' as const, rowCount: 200, expiresAt: new Date(Date.now() + 7 * DAY) }
    await ctx.app.db.insert(dataExports).values([
      { ...link, userId: closing.user.id },
      { ...link, userId: other.user.id },
    ])
    const old = new Date(Date.now() - 731 * DAY)
    const [lead] = await ctx.app.db
      .insert(accessRequests)
      .values({ title: 't', subject: 's', email: 'lead-kept@example.com', content: 'c', createdAt: old })
      .returning({ id: accessRequests.id })
    expect(await purgeClosedAccounts(ctx.app.db, new Date(Date.now() + 91 * DAY), 50, closing.user.id)).toEqual({
      accounts: 0,
      leads: 0,
      exports: 1,
    })
    expect(await ctx.app.db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.userId, other.user.id))).toHaveLength(1)
    expect(await ctx.app.db.select({ id: accessRequests.id }).from(accessRequests).where(eq(accessRequests.id, lead.id))).toHaveLength(1)
  })
})
