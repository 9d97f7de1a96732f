import { and, asc, eq, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { coachingLinks, dataExports, exercises, mailOutbox, privacyRequests, users } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { dayFromNow } from '../bookings/test-helpers.ts'
import { trainerWithRow } from '../exercises/test-helpers.ts'
import { buildDueExports } from './export-jobs.ts'
import { purgeClosedAccounts } from './purge.ts'

// Issue 20 / decision 206: "download my data" answers at once up to PRIVACY_EXPORT_INLINE_MAX_ROWS
// rows; a larger export is built once in the background, mailed in the person's language as a link
// that works only for them, signed in, for 7 days, and is then deleted by the purge.
const INLINE_MAX = 40
const ctx = useTestApp({ PRIVACY_EXPORT_INLINE_MAX_ROWS: INLINE_MAX })
const v1 = (path: string) => `/api/v1${path}`
const DAY = 86_400_000

/** A signed-in member whose export holds more than INLINE_MAX rows (marketing consents given and withdrawn). */
async function largeAccount(language: 'es' | 'en') {
  const login = await createUserAndLogin(ctx.app, { role: 'member', language })
  await ctx.app.db.execute(sql`
    insert into consent_records (user_id, document, version, accepted, screen)
    select ${login.user.id}, 'marketing', '2026-12-01', n % 2 = 0, 'account' from generate_series(1, ${INLINE_MAX + 5}) as n`)
  return login
}

const exportsOf = (userId: string) => ctx.app.db.select().from(dataExports).where(eq(dataExports.userId, userId))

/** The link of the last "ready" mail delivered to `to`, and its token. */
function mailedLink(to: string, subject: string) {
  const mail = ctx.mail.sent.filter((m) => m.to === to && m.subject === subject).at(-1)
  expect(mail, `a mail "${subject}" to ${to}`).toBeDefined()
  const match = /(http\S+\/cuenta\/datos\?token=([\w-]+))/.exec(mail!.text)
  expect(match, mail!.text).not.toBeNull()
  return { text: mail!.text, link: match![1], token: match![2] }
}

const download = (token: string | undefined, linkToken: string) =>
  call(ctx.app, 'GET', v1(`/account/export/download?token=${encodeURIComponent(linkToken)}`), { token })

describe('download my data in the background when it is large', () => {
  it('answers a small account at once and a large one with 202; the job builds it once even when two runs race', async () => {
    const small = await createUserAndLogin(ctx.app, { role: 'member' })
    const inline = await call(ctx.app, 'GET', v1('/account/export'), { token: small.token })
    expect(inline.statusCode, inline.body).toBe(200)
    expect(inline.json().format).toBe('privacy-export/1')
    expect(await exportsOf(small.user.id)).toEqual([])

    const big = await largeAccount('en')
    const first = await call(ctx.app, 'GET', v1('/account/export'), { token: big.token })
    expect(first.statusCode, first.body).toBe(202)
    expect(first.json()).toMatchObject({ status: 'queued', linkDays: 7, message: expect.stringMatching(/e-mail you a link/) })
    expect(first.headers['content-disposition']).toBeUndefined()
    // Asked again while it is pending: the same export, not a second one.
    const second = await call(ctx.app, 'GET', v1('/account/export'), { token: big.token })
    expect(second.statusCode).toBe(202)
    expect(second.json().requestedAt).toBe(first.json().requestedAt)
    const [pending] = await exportsOf(big.user.id)
    expect(pending).toMatchObject({ status: 'pending', content: null, tokenHash: null })
    expect(pending.rowCount).toBeGreaterThan(INLINE_MAX)
    const [request] = await ctx.app.db.select().from(privacyRequests).where(eq(privacyRequests.id, pending.requestId!))
    expect(request).toMatchObject({ kind: 'export', status: 'open', handledAt: null })

    // Two runs at once (two processes): one builds, the other finds nothing to claim.
    const runs = await Promise.all([buildDueExports(ctx.app), buildDueExports(ctx.app)])
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1)
    expect(await buildDueExports(ctx.app)).toBe(0)
    const [ready] = await exportsOf(big.user.id)
    expect(ready.status).toBe('ready')
    expect(ready.content!.length).toBeGreaterThan(0)
    expect(ready.content!.length).toBeLessThan(ready.byteSize!)
    expect(ready.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(ready.expiresAt!.getTime() - ready.builtAt!.getTime()).toBe(7 * DAY)
    const [handled] = await ctx.app.db.select().from(privacyRequests).where(eq(privacyRequests.id, pending.requestId!))
    expect(handled.status).toBe('done')

    // One mail, in the person's language, with the link; the stored copy keeps no token once sent.
    await ctx.app.mailer.flush()
    const mails = ctx.mail.sent.filter((m) => m.to === big.user.email)
    expect(mails.map((m) => m.subject)).toEqual(['Your data is ready to download'])
    const { text, token } = mailedLink(big.user.email, 'Your data is ready to download')
    expect(text).toMatch(/works until .* \(Chile time\) and only with your account/)
    const stored = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, big.user.email))
    expect(stored.map((m) => m.text).join()).not.toContain(token)

    // The owner, signed in, downloads the file: the whole export, as JSON, named by Chile's day.
    const file = await download(big.token, token)
    expect(file.statusCode, file.body).toBe(200)
    expect(file.headers['content-type']).toMatch(/^application\/json/)
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="mis-datos-\d{4}-\d{2}-\d{2}\.json"$/)
    const data = file.json()
    expect(data.format).toBe('privacy-export/1')
    expect(data.tables.users[0].email).toBe(big.user.email)
    expect(data.tables.consent_records.length).toBeGreaterThan(INLINE_MAX)
    expect(file.body).not.toMatch(/password_hash|token_hash/)
    const [downloaded] = await exportsOf(big.user.id)
    expect(downloaded.downloadedAt).not.toBeNull()
  })

  it('mails a Spanish account in Spanish; the link needs the token and that person signed in; it expires and the purge deletes it', async () => {
    const big = await largeAccount('es')
    expect((await call(ctx.app, 'GET', v1('/account/export'), { token: big.token })).statusCode).toBe(202)
    expect(await buildDueExports(ctx.app)).toBe(1)
    await ctx.app.mailer.flush()
    const { text, token } = mailedLink(big.user.email, 'Tus datos están listos para descargar')
    expect(text).toMatch(/funciona hasta el .* \(hora de Chile\) y solo con tu cuenta/)

    // Signed out, another person, or a made-up token: refused, and nothing is given away.
    expect((await download(undefined, token)).statusCode).toBe(401)
    const other = await createUserAndLogin(ctx.app, { role: 'trainer' })
    const stranger = await download(other.token, token)
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json()).toMatchObject({ status: 404, errors: { token: 'notFound' } })
    expect(stranger.body).not.toContain(big.user.email)
    const madeUp = await download(big.token, randomUUID() + randomUUID())
    expect(madeUp.json().errors).toEqual({ token: 'notFound' })
    expect((await download(big.token, 'short')).statusCode).toBe(422)
    expect((await download(big.token, token)).statusCode).toBe(200)

    // After the 7 days: refused as expired, then the purge deletes the file (and only expired ones).
    const fresh = await largeAccount('es')
    expect((await call(ctx.app, 'GET', v1('/account/export'), { token: fresh.token })).statusCode).toBe(202)
    await buildDueExports(ctx.app)
    await ctx.app.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.userId, big.user.id))
    const expired = await download(big.token, token)
    expect(expired.statusCode).toBe(404)
    expect(expired.json().errors).toEqual({ token: 'invalidOrExpired' })
    expect((await purgeClosedAccounts(ctx.app.db)).exports).toBeGreaterThanOrEqual(1)
    expect(await exportsOf(big.user.id)).toEqual([])
    expect(await exportsOf(fresh.user.id)).toHaveLength(1)
    expect((await download(big.token, token)).json().errors).toEqual({ token: 'notFound' })
  })

  it('keeps the limit of 5 asks an hour for large accounts too', async () => {
    const big = await largeAccount('es')
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await call(ctx.app, 'GET', v1('/account/export'), { token: big.token })).statusCode)
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429])
    expect(await exportsOf(big.user.id)).toHaveLength(1)
  })

  it('a build that fails is retried later (nothing mailed meanwhile), and given up after five tries', async () => {
    const big = await largeAccount('en')
    expect((await call(ctx.app, 'GET', v1('/account/export'), { token: big.token })).statusCode).toBe(202)
    const breakIt = () => ctx.app.db.execute(sql`alter table reviews rename to reviews_away`)
    const mendIt = () => ctx.app.db.execute(sql`alter table reviews_away rename to reviews`)
    const now = Date.now()
    await breakIt()
    try {
      expect(await buildDueExports(ctx.app, new Date(now))).toBe(0)
    } finally {
      await mendIt()
    }
    const [failedOnce] = await exportsOf(big.user.id)
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1, content: null })
    expect(failedOnce.nextAttemptAt.getTime()).toBeGreaterThan(now)
    // Not due yet; later it is built and mailed once.
    await buildDueExports(ctx.app, new Date(now + 1000))
    expect((await exportsOf(big.user.id))[0]).toMatchObject({ status: 'pending', attempts: 1 })
    await buildDueExports(ctx.app, new Date(now + 3 * 60_000))
    expect((await exportsOf(big.user.id))[0]).toMatchObject({ status: 'ready', attempts: 2 })
    await ctx.app.mailer.flush()
    expect(ctx.mail.sent.filter((m) => m.to === big.user.email)).toHaveLength(1)

    // Four failures already: the fifth gives up.
    const other = await largeAccount('en')
    expect((await call(ctx.app, 'GET', v1('/account/export'), { token: other.token })).statusCode).toBe(202)
    await ctx.app.db.update(dataExports).set({ attempts: 4 }).where(eq(dataExports.userId, other.user.id))
    await breakIt()
    try {
      await buildDueExports(ctx.app, new Date())
    } finally {
      await mendIt()
    }
    const [gaveUp] = await exportsOf(other.user.id)
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: 5 })
    await buildDueExports(ctx.app, new Date(Date.now() + DAY))
    expect((await exportsOf(other.user.id))[0].status).toBe('failed')
    // A failed export does not block a new ask.
    expect((await call(ctx.app, 'GET', v1('/account/export'), { token: other.token })).statusCode).toBe(202)
    expect(await exportsOf(other.user.id)).toHaveLength(2)
  })
})

describe('the routines in the export', () => {
  it('gives a client their assignments, workout days with comments and replies, sets and records; a trainer their programs and private exercises', async () => {
    const trainer = await trainerWithRow(ctx.app)
    const client = await createUserAndLogin(ctx.app, { role: 'member', firstName: 'Carla', lastName: 'Cliente' })
    await ctx.app.db.insert(coachingLinks).values({ trainerId: trainer.trainerId, clientUserId: client.user.id })
    const [own] = await ctx.app.db
      .insert(exercises)
      .values({
        source: 'trainer',
        trainerId: trainer.trainerId,
        nameEs: 'Sentadilla búlgara propia',
        nameEn: 'Own split squat',
        category: 'strength',
        level: 'intermediate',
        searchText: 'sentadilla bulgara propia',
      })
      .returning()
    const [library] = await ctx.app.db
      .select({ id: exercises.id })
      .from(exercises)
      .where(eq(exercises.source, 'library'))
      .orderBy(asc(exercises.slug))
      .limit(1)
    const item = { exerciseId: library.id, sets: 3, reps: { min: 8, max: 10 }, load: { kind: 'kg', value: 40 }, restSeconds: 90 }
    const content = { weeks: [{ days: [{ day: 1, title: 'Pierna', items: [item, { ...item, exerciseId: own.id }] }] }] }
    const program = await call(ctx.app, 'POST', v1('/trainer/programs'), {
      token: trainer.token,
      body: { title: 'Fuerza base', content },
    })
    expect(program.statusCode, program.body).toBe(201)
    const assigned = await call(ctx.app, 'POST', v1(`/trainer/programs/${program.json().id}/assignments`), {
      token: trainer.token,
      body: { clientUserIds: [client.user.id], startDate: dayFromNow(0) },
    })
    expect(assigned.statusCode, assigned.body).toBe(201)
    const assignmentId = assigned.json().data[0].id
    const logged = await call(ctx.app, 'POST', v1('/client/set-logs'), {
      token: client.token,
      body: { idempotencyKey: randomUUID(), assignmentId, week: 1, day: 1, itemKey: 'w1d1e1', setNumber: 1, reps: 5, loadKg: 60 },
    })
    expect(logged.statusCode, logged.body).toBe(201)
    const done = await call(ctx.app, 'POST', v1('/client/workouts/done'), {
      token: client.token,
      body: { assignmentId, week: 1, day: 1, comment: 'Me costó la última serie' },
    })
    expect(done.statusCode, done.body).toBe(200)
    const reply = await call(ctx.app, 'PUT', v1(`/trainer/workouts/${done.json().sessionId}/reply`), {
      token: trainer.token,
      body: { reply: 'Baja 5 kg la próxima' },
    })
    expect(reply.statusCode, reply.body).toBe(200)

    const mine = await call(ctx.app, 'GET', v1('/account/export'), { token: client.token })
    expect(mine.statusCode, mine.body).toBe(200)
    const c = mine.json().tables
    expect(c.program_assignments.map((a: { id: string }) => a.id)).toEqual([assignmentId])
    expect(c.workout_sessions).toHaveLength(1)
    expect(c.workout_sessions[0]).toMatchObject({ comment: 'Me costó la última serie', trainer_reply: 'Baja 5 kg la próxima' })
    expect(c.set_logs).toHaveLength(1)
    expect(c.set_logs[0]).toMatchObject({ reps: 5, exercise_id: library.id })
    expect(c.personal_records).toEqual([expect.objectContaining({ exerciseId: library.id, estimated1RmKg: expect.any(Number) })])
    expect(c.programs.map((p: { title: string }) => p.title)).toEqual(['Fuerza base'])
    expect(c.program_versions).toHaveLength(1)
    expect(c.coaching_links).toHaveLength(1)
    // A client's export holds no trainer's private exercises (their own rows only).
    expect(c.exercises).toEqual([])

    const theirs = await call(ctx.app, 'GET', v1('/account/export'), { token: trainer.token })
    expect(theirs.statusCode, theirs.body).toBe(200)
    const t = theirs.json().tables
    expect(t.programs.map((p: { title: string }) => p.title)).toEqual(['Fuerza base'])
    expect(t.program_versions[0].content.weeks[0].days[0].title).toBe('Pierna')
    expect(t.exercises.map((e: { name_es: string }) => e.name_es)).toEqual(['Sentadilla búlgara propia'])
    expect(t.exercises[0]).not.toHaveProperty('search_text')
    expect(t.workout_sessions[0].trainer_reply).toBe('Baja 5 kg la próxima')
    expect(t.program_assignments).toHaveLength(1)
    // A trainer's export does not carry the clients' logged sets or records.
    expect(t.set_logs).toEqual([])
    expect(t.personal_records).toEqual([])
    const [me] = await ctx.app.db
      .select()
      .from(users)
      .where(and(eq(users.id, trainer.userId)))
    expect(t.users[0].email).toBe(me.email)
  })
})
