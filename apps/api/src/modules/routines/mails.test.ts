import { asc, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { coachingLinks, exercises, mailOutbox, trainerDigestSends, users, workoutSessions } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { addDays, santiagoInstant, santiagoToday } from '../bookings/zoned.ts'
import { trainerWithRow, type Coach } from '../exercises/test-helpers.ts'
import { mondayOf } from '../progress/adherence.ts'
import { sendWeeklyDigests } from './digest.ts'

const ctx = useTestApp()

const mailsTo = (to: string) => ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))

async function client(trainer: Coach, firstName: string, language: 'es' | 'en' = 'es') {
  const login = await createUserAndLogin(ctx.app, { role: 'member', firstName, lastName: 'Cliente', language })
  await ctx.app.db.insert(coachingLinks).values({ trainerId: trainer.trainerId, clientUserId: login.user.id })
  return { userId: login.user.id, email: login.user.email, token: login.token }
}

async function emailOf(userId: string) {
  const [row] = await ctx.app.db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return row.email
}

/** A one-week program (Monday, Wednesday, Friday) assigned through the API from `startDate`. */
async function assign(trainer: Coach, clientIds: string[], startDate: string, title = 'Fuerza base') {
  const [ex] = await ctx.app.db
    .select({ id: exercises.id })
    .from(exercises)
    .where(eq(exercises.source, 'library'))
    .orderBy(asc(exercises.slug))
    .limit(1)
  const items = [{ exerciseId: ex.id, sets: 3, reps: { min: 8, max: 10 }, load: { kind: 'kg', value: 40 }, restSeconds: 90 }]
  const days = [1, 3, 5].map((day) => ({ day, title: `Día ${day}`, items }))
  const program = await call(ctx.app, 'POST', '/api/v1/trainer/programs', {
    token: trainer.token,
    body: { title, content: { weeks: [{ days }] } },
  })
  expect(program.statusCode, program.body).toBe(201)
  const res = await call(ctx.app, 'POST', `/api/v1/trainer/programs/${program.json().id}/assignments`, {
    token: trainer.token,
    body: { clientUserIds: clientIds, startDate },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().data as { id: string; clientUserId: string }[]
}

describe('program assigned mail (decision 221)', () => {
  it('each client assigned gets one mail in their own language, and nobody else', async () => {
    const trainer = await trainerWithRow(ctx.app)
    const carla = await client(trainer, 'Carla', 'es')
    const john = await client(trainer, 'John', 'en')
    const other = await client(trainer, 'Otra', 'es')
    const start = santiagoToday()
    await assign(trainer, [carla.userId, john.userId], start, 'Fuerza base')

    const [es] = await mailsTo(carla.email)
    expect(await mailsTo(carla.email)).toHaveLength(1)
    expect(es.subject).toBe('Tomás Vera te asignó el programa "Fuerza base"')
    expect(es.text).toContain('Hola Carla:')
    expect(es.text).toContain('(1 semana)')
    expect(es.text).toMatch(/Empieza el \d+ de \S+ de \d{4}\./)
    expect(es.text).toContain('/cliente')
    const [en] = await mailsTo(john.email)
    expect(await mailsTo(john.email)).toHaveLength(1)
    expect(en.subject).toBe('Tomás Vera assigned you the program "Fuerza base"')
    expect(en.text).toContain('Hello John,')
    expect(en.text).toMatch(/It starts on \d+ [A-Z][a-z]+ \d{4}\./)
    expect(en.text).toContain('under Today:')
    // Not to the client left out, nor to the trainer.
    expect(await mailsTo(other.email)).toHaveLength(0)
    expect(await mailsTo(await emailOf(trainer.userId))).toHaveLength(0)
  })

  it('an assignment refused (not the trainer’s client) queues no mail', async () => {
    const trainer = await trainerWithRow(ctx.app)
    const mine = await client(trainer, 'Carla')
    const stranger = await createUserAndLogin(ctx.app, { role: 'member' })
    const [ex] = await ctx.app.db.select({ id: exercises.id }).from(exercises).limit(1)
    const items = [{ exerciseId: ex.id, sets: 3, reps: { min: 8, max: 10 }, load: { kind: 'kg', value: 40 }, restSeconds: 90 }]
    const content = { weeks: [{ days: [{ day: 1, title: 'Día 1', items }] }] }
    const program = await call(ctx.app, 'POST', '/api/v1/trainer/programs', { token: trainer.token, body: { title: 'Fuerza', content } })
    const res = await call(ctx.app, 'POST', `/api/v1/trainer/programs/${program.json().id}/assignments`, {
      token: trainer.token,
      body: { clientUserIds: [mine.userId, stranger.user.id], startDate: santiagoToday() },
    })
    expect(res.statusCode).toBe(404)
    expect(await mailsTo(mine.email)).toHaveLength(0)
    expect(await mailsTo(stranger.user.email)).toHaveLength(0)
  })
})

describe('weekly digest (decision 221)', () => {
  it('goes once per trainer on Monday from 08:00 Santiago, lists only who is falling off, in the trainer’s language', async () => {
    // Last week, seen from next Monday, is the real current week: assignments start on its Monday.
    const monday = mondayOf(santiagoToday())
    const nextMonday = addDays(monday, 7)
    const at = (day: string, minute: number) => santiagoInstant(day, minute)!
    const morning = at(nextMonday, 8 * 60 + 30)

    const es = await trainerWithRow(ctx.app)
    const absent = await client(es, 'Ausente')
    const steady = await client(es, 'Constante')
    const patchy = await client(es, 'Irregular')
    const noProgram = await client(es, 'Sinprograma')
    const assigned = await assign(es, [absent.userId, steady.userId, patchy.userId], monday)
    const en = await trainerWithRow(ctx.app)
    await ctx.app.db.update(users).set({ language: 'en' }).where(eq(users.id, en.userId))
    const theirs = await client(en, 'Lost', 'en')
    await assign(en, [theirs.userId], monday)
    const happy = await trainerWithRow(ctx.app)
    const fine = await client(happy, 'Feliz')
    const fineAssigned = await assign(happy, [fine.userId], monday)

    // Done sessions of last week: steady 3 of 3, patchy 1 of 3 (two days ago), fine 2 of 3 (yesterday).
    const done = (assignmentId: string, clientUserId: string, day: number, completedAt: Date) => ({
      assignmentId,
      clientUserId,
      week: 1,
      day,
      scheduledOn: addDays(monday, day - 1),
      completedAt,
    })
    const idOf = (list: { id: string; clientUserId: string }[], userId: string) => list.find((a) => a.clientUserId === userId)!.id
    const yesterday = new Date(morning.getTime() - 86_400_000)
    await ctx.app.db
      .insert(workoutSessions)
      .values([
        ...[1, 3, 5].map((d) => done(idOf(assigned, steady.userId), steady.userId, d, yesterday)),
        done(idOf(assigned, patchy.userId), patchy.userId, 5, new Date(morning.getTime() - 2 * 86_400_000)),
        ...[1, 3].map((d) => done(fineAssigned[0].id, fine.userId, d, yesterday)),
      ])
    const esEmail = await emailOf(es.userId)
    const enEmail = await emailOf(en.userId)
    const happyEmail = await emailOf(happy.userId)
    const digests = async (to: string) => (await mailsTo(to)).filter((m) => /nudge|empujón/.test(m.subject))

    // Before Monday 08:00: nothing, and nothing recorded.
    expect(await sendWeeklyDigests(ctx.app, at(nextMonday, 7 * 60 + 59))).toBe(0)
    expect(await ctx.app.db.select().from(trainerDigestSends).where(eq(trainerDigestSends.trainerId, es.trainerId))).toHaveLength(0)

    // Three runs at once (three processes): one mail per trainer with someone falling off.
    await Promise.all([sendWeeklyDigests(ctx.app, morning), sendWeeklyDigests(ctx.app, morning), sendWeeklyDigests(ctx.app, morning)])
    const [mail, ...more] = await digests(esEmail)
    expect(more).toHaveLength(0)
    expect(mail.subject).toBe('2 clientes necesitan un empujón esta semana')
    expect(mail.text).toContain('Hola Tomás:')
    expect(mail.text).toContain('- Ausente Cliente: 0 de 3 sesiones la semana pasada, aún no ha entrenado.')
    expect(mail.text).toMatch(/- Irregular Cliente: 1 de 3 sesiones la semana pasada, último entrenamiento el \d+ de /)
    expect(mail.text).toContain(`/dashboard/clientes/${absent.userId}`)
    expect(mail.text).toContain(`/dashboard/clientes/${patchy.userId}`)
    for (const name of ['Constante', 'Sinprograma', 'Lost', 'Feliz']) expect(mail.text).not.toContain(name)
    expect(mail.text).not.toContain(noProgram.userId)

    const [english, ...moreEn] = await digests(enEmail)
    expect(moreEn).toHaveLength(0)
    expect(english.subject).toBe('1 client needs a nudge this week')
    expect(english.text).toContain('- Lost Cliente: 0 of 3 sessions last week, not trained yet.')
    expect(english.text).not.toMatch(/Ausente|Irregular|sesiones/)

    // Nobody falling off: no mail, but the week is recorded as handled.
    expect(await digests(happyEmail)).toHaveLength(0)
    const [handled] = await ctx.app.db.select().from(trainerDigestSends).where(eq(trainerDigestSends.trainerId, happy.trainerId))
    expect(handled).toMatchObject({ weekStart: nextMonday, clients: 0 })

    // Later that week, or after a restart: nothing again. Clients never get the digest.
    expect(await sendWeeklyDigests(ctx.app, at(addDays(nextMonday, 2), 9 * 60))).toBe(0)
    expect(await digests(esEmail)).toHaveLength(1)
    const clientMails = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [absent.email, patchy.email, theirs.email, steady.email]))
    expect(clientMails.filter((m) => /nudge|empujón/.test(m.subject))).toHaveLength(0)
  })
})
