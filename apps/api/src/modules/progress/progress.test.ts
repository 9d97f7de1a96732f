import { HEALTH_CONSENT_VERSION } from '@app/contracts'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { bodyMeasurements, coachingLinks, healthDataConsents, progressPhotos } from '../../db/schema.ts'
import { redactUrl } from '../../plugins/logging.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { dayFromNow } from '../bookings/test-helpers.ts'
import { trainerWithRow } from '../exercises/test-helpers.ts'
import { linkOf } from './photos.ts'
import { clientOf, consent, gymOwnerWithTrainer, phoneJpeg, upload } from './test-helpers.ts'

const ctx = useTestApp()

const put = (token: string, date: string, body: unknown) => call(ctx.app, 'PUT', `/api/v1/client/measurements/${date}`, { token, body })
const get = (url: string, token?: string) => call(ctx.app, 'GET', `/api/v1${url}`, { token })
/** A signed link as the API gives it, fetched without a token. */
const fetchLink = (url: string) => ctx.app.inject({ method: 'GET', url })

describe('health-data consent', () => {
  it('refuses measurements and photos before consent, in the error shape, and records the consent with version, language and screen', async () => {
    const trainer = await trainerWithRow(ctx.app)
    const client = await clientOf(ctx.app, trainer)
    const refused = await put(client.token, dayFromNow(0), { weightKg: 70 })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ status: 403, errors: { healthConsent: 'consentRequired' } })
    expect(refused.json().message).toMatch(/consent/i)
    const photo = await upload(ctx.app, client.token, await phoneJpeg())
    expect(photo.statusCode).toBe(403)
    expect(photo.json().errors).toEqual({ healthConsent: 'consentRequired' })
    expect(await ctx.app.db.select().from(progressPhotos).where(eq(progressPhotos.clientUserId, client.userId))).toEqual([])

    const before = await get('/client/health-consent', client.token)
    expect(before.json()).toMatchObject({ given: false, current: false, currentVersion: HEALTH_CONSENT_VERSION, history: [] })
    expect(before.json().text.es).toMatch(/entrenador/)
    expect(before.json().text.en).toMatch(/trainer/)

    // An older text is not the one consented to.
    const old = await call(ctx.app, 'POST', '/api/v1/client/health-consent', {
      token: client.token,
      body: { version: '2020-01-01', language: 'es', screen: 'client-progress' },
    })
    expect(old.statusCode).toBe(422)
    expect(old.json().errors).toEqual({ version: 'invalid' })

    const given = await consent(ctx.app, client.token)
    expect(given).toMatchObject({ given: true, current: true })
    expect(given.history).toEqual([
      expect.objectContaining({
        accepted: true,
        version: HEALTH_CONSENT_VERSION,
        language: 'es',
        screen: 'client-progress',
        erasedEntries: false,
      }),
    ])
    expect((await put(client.token, dayFromNow(0), { weightKg: 70 })).statusCode).toBe(201)
  })

  it('withdrawing stops new entries and hides them from the trainer; they stay for the client unless erased', async () => {
    const trainer = await trainerWithRow(ctx.app)
    const client = await clientOf(ctx.app, trainer)
    await consent(ctx.app, client.token)
    expect((await put(client.token, dayFromNow(-1), { weightKg: 71.2 })).statusCode).toBe(201)
    expect((await upload(ctx.app, client.token, await phoneJpeg(800, 600))).statusCode).toBe(201)
    const seen = await get(`/trainer/clients/${client.userId}/progress`, trainer.token)
    expect(seen.json()).toMatchObject({ healthConsent: true, measurements: [{ weightKg: 71.2 }] })
    expect(seen.json().photos).toHaveLength(1)

    const withdrawn = await call(ctx.app, 'POST', '/api/v1/client/health-consent/withdraw', {
      token: client.token,
      body: { screen: 'client-progress' },
    })
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    expect(withdrawn.json()).toMatchObject({ given: false, current: false })
    expect(withdrawn.json().history.at(-1)).toMatchObject({ accepted: false, erasedEntries: false })
    expect((await put(client.token, dayFromNow(0), { weightKg: 71 })).json().errors).toEqual({ healthConsent: 'consentRequired' })
    expect((await upload(ctx.app, client.token, await phoneJpeg(800, 600))).statusCode).toBe(403)
    // The client still reads (and may delete) what is stored; the trainer sees nothing.
    expect((await get('/client/measurements', client.token)).json().data).toHaveLength(1)
    expect((await get('/client/progress-photos', client.token)).json().data).toHaveLength(1)
    const hidden = await get(`/trainer/clients/${client.userId}/progress`, trainer.token)
    expect(hidden.json()).toMatchObject({ healthConsent: false, measurements: [], photos: [] })
    // Nothing to withdraw twice.
    const again = await call(ctx.app, 'POST', '/api/v1/client/health-consent/withdraw', { token: client.token, body: { screen: 'x' } })
    expect(again.statusCode).toBe(422)

    // Consent again, then withdraw erasing everything.
    await consent(ctx.app, client.token)
    expect((await get(`/trainer/clients/${client.userId}/progress`, trainer.token)).json().measurements).toHaveLength(1)
    const erased = await call(ctx.app, 'POST', '/api/v1/client/health-consent/withdraw', {
      token: client.token,
      body: { screen: 'client-progress', eraseEntries: true },
    })
    expect(erased.json().history.at(-1)).toMatchObject({ accepted: false, erasedEntries: true })
    expect(await ctx.app.db.select().from(bodyMeasurements).where(eq(bodyMeasurements.clientUserId, client.userId))).toEqual([])
    expect(await ctx.app.db.select().from(progressPhotos).where(eq(progressPhotos.clientUserId, client.userId))).toEqual([])
    expect(await ctx.app.db.select().from(healthDataConsents).where(eq(healthDataConsents.userId, client.userId))).toHaveLength(4)
  })
})

describe('body measurements', () => {
  it('stores exact values, one entry per day (a replay changes nothing), lists a range oldest first, deletes', async () => {
    const client = await createUserAndLogin(ctx.app, { role: 'member' })
    await consent(ctx.app, client.token)
    const day = dayFromNow(-2)
    const body = { weightKg: 72.45, waistCm: 81.5, hipCm: 99.9, chestCm: 101, armCm: 33.3, thighCm: 55.5, bodyFatPct: 18.25 }
    const first = await put(client.token, day, body)
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({ date: day, ...body })
    const [row] = await ctx.app.db.select().from(bodyMeasurements).where(eq(bodyMeasurements.clientUserId, client.user.id))
    expect(row).toMatchObject({ weightG: 72450, waistMm: 815, hipMm: 999, chestMm: 1010, armMm: 333, thighMm: 555, bodyFatBp: 1825 })
    // The same day again (an offline replay): the same row, still one entry.
    const replay = await put(client.token, day, body)
    expect(replay.statusCode).toBe(200)
    expect(replay.json().id).toBe(first.json().id)
    // A new write replaces the day's values.
    expect((await put(client.token, day, { weightKg: 72.3 })).json()).toMatchObject({ weightKg: 72.3, waistCm: null, bodyFatPct: null })
    await put(client.token, dayFromNow(-400), { weightKg: 80 })
    await put(client.token, dayFromNow(-800), { weightKg: 85 })

    const list = await get('/client/measurements', client.token)
    expect(list.statusCode).toBe(200)
    expect(list.json()).toMatchObject({ to: dayFromNow(0) })
    expect(list.json().data.map((m: { weightKg: number }) => m.weightKg)).toEqual([80, 72.3])
    const ranged = await get(`/client/measurements?from=${dayFromNow(-900)}&to=${dayFromNow(-100)}`, client.token)
    expect(ranged.json().data.map((m: { weightKg: number }) => m.weightKg)).toEqual([85, 80])

    expect((await call(ctx.app, 'DELETE', `/api/v1/client/measurements/${day}`, { token: client.token })).json()).toEqual({ ok: true })
    const gone = await call(ctx.app, 'DELETE', `/api/v1/client/measurements/${day}`, { token: client.token })
    expect(gone.statusCode).toBe(404)
    expect(gone.json().errors).toEqual({ date: 'notFound' })
  })

  it('refuses values out of range, too precise, none at all, unknown fields, bad or future days and over-long ranges', async () => {
    const client = await createUserAndLogin(ctx.app, { role: 'member' })
    await consent(ctx.app, client.token)
    const today = dayFromNow(0)
    const cases: [string, unknown, Record<string, string>][] = [
      [today, { weightKg: 401 }, { weightKg: 'tooBig' }],
      [today, { weightKg: 19.9 }, { weightKg: 'tooSmall' }],
      [today, { weightKg: 72.345 }, { weightKg: 'invalid' }],
      [today, { waistCm: 80.25 }, { waistCm: 'invalid' }],
      [today, { bodyFatPct: 80 }, { bodyFatPct: 'tooBig' }],
      [today, { armCm: '33' }, { armCm: 'invalidType' }],
      [today, {}, { weightKg: 'required' }],
      [today, { weightKg: 70, heightCm: 170 }, { heightCm: 'unknownField' }],
      [dayFromNow(2), { weightKg: 70 }, { date: 'tooBig' }],
      ['2026-02-30', { weightKg: 70 }, { date: 'invalid' }],
      ['hoy', { weightKg: 70 }, { date: 'invalid' }],
    ]
    for (const [date, body, errors] of cases) {
      const res = await put(client.token, date, body)
      expect(res.statusCode, `${date} ${JSON.stringify(body)}: ${res.body}`).toBe(422)
      expect(res.json().errors).toEqual(errors)
    }
    expect(await ctx.app.db.select().from(bodyMeasurements).where(eq(bodyMeasurements.clientUserId, client.user.id))).toEqual([])
    const long = await get(`/client/measurements?from=${dayFromNow(-1200)}&to=${dayFromNow(0)}`, client.token)
    expect(long.statusCode).toBe(422)
    expect(long.json().errors).toEqual({ from: 'tooSmall' })
    const reversed = await get(`/client/measurements?from=${dayFromNow(0)}&to=${dayFromNow(-3)}`, client.token)
    expect(reversed.json().errors).toEqual({ from: 'tooBig' })
  })

  it('parallel writes of one day (an offline queue and a second tab) leave one entry', async () => {
    const client = await createUserAndLogin(ctx.app, { role: 'member' })
    await consent(ctx.app, client.token)
    const day = dayFromNow(-1)
    const answers = await Promise.all([70, 70.1, 70.2, 70.3, 70.4].map((weightKg) => put(client.token, day, { weightKg })))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201])
    const rows = await ctx.app.db.select().from(bodyMeasurements).where(eq(bodyMeasurements.clientUserId, client.user.id))
    expect(rows).toHaveLength(1)
    expect(new Set(answers.map((a) => a.json().id))).toEqual(new Set([rows[0].id]))
  })

  it('two years of daily weights come back in one answer, in order', async () => {
    const client = await createUserAndLogin(ctx.app, { role: 'member' })
    await consent(ctx.app, client.token)
    const days = Array.from({ length: 731 }, (_, i) => dayFromNow(-730 + i))
    await ctx.app.db
      .insert(bodyMeasurements)
      .values(days.map((measuredOn, i) => ({ clientUserId: client.user.id, measuredOn, weightG: 80_000 - i * 10 })))
    const res = await get('/client/measurements', client.token)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toHaveLength(731)
    expect(res.json().data[0]).toMatchObject({ date: days[0], weightKg: 80 })
    expect(res.json().data.at(-1)).toMatchObject({ date: days.at(-1), weightKg: 72.7 })
  })
})

describe('progress photos', () => {
  it('strips every piece of metadata, turns the photo upright, resizes it and serves it through a five-minute signed link', async () => {
    const trainer = await trainerWithRow(ctx.app)
    const client = await clientOf(ctx.app, trainer)
    await consent(ctx.app, client.token)
    const original = await phoneJpeg()
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('Carla Soto')
    const res = await upload(ctx.app, client.token, original, `pose=side&takenOn=${dayFromNow(-1)}`)
    expect(res.statusCode, res.body).toBe(201)
    const photo = res.json()
    // Orientation 6 of a 2400×1800 image: upright it is 1800×2400, then at most 1600 on the long side.
    expect(photo).toMatchObject({ pose: 'side', takenOn: dayFromNow(-1), width: 1200, height: 1600 })

    const [row] = await ctx.app.db.select().from(progressPhotos).where(eq(progressPhotos.id, photo.id))
    for (const stored of [row.image, row.thumb]) {
      const meta = await sharp(stored).metadata()
      expect(meta.format).toBe('webp')
      expect(meta.exif).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(meta.icc).toBeUndefined()
      expect(meta.orientation).toBeUndefined()
      expect(stored.toString('latin1')).not.toContain('Carla Soto')
    }
    expect(Math.max((await sharp(row.thumb).metadata()).width!, (await sharp(row.thumb).metadata()).height!)).toBe(320)

    // The link works without a token, for a while, privately cacheable.
    const image = await fetchLink(photo.url)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expect(image.headers['cache-control']).toMatch(/^private, max-age=(\d+)$/)
    expect(Number(image.headers['cache-control']!.toString().split('=')[1])).toBeLessThanOrEqual(300)
    expect(image.rawPayload.equals(row.image)).toBe(true)
    expect((await fetchLink(photo.thumbUrl)).rawPayload.equals(row.thumb)).toBe(true)
    expect(new Date(photo.linksExpireAt).getTime() - Date.now()).toBeLessThanOrEqual(300_000)

    // A changed signature, another size under the same signature, an expired link: refused.
    const tampered = photo.url.replace(/sig=./, (s: string) => (s.endsWith('A') ? 'sig=B' : 'sig=A'))
    expect((await fetchLink(tampered)).statusCode).toBe(403)
    expect((await fetchLink(tampered)).json().errors).toEqual({ sig: 'invalidOrExpired' })
    expect((await fetchLink(photo.url.replace('size=full', 'size=thumb'))).statusCode).toBe(403)
    const expired = linkOf(ctx.app, photo.id, 'full', Math.floor(Date.now() / 1000) - 1)
    expect((await fetchLink(expired)).statusCode).toBe(403)
    const tooLong = linkOf(ctx.app, photo.id, 'full', Math.floor(Date.now() / 1000) + 3600)
    expect((await fetchLink(tooLong)).statusCode).toBe(403)
    // The signature never reaches a log line.
    const sig = new URL(photo.url, 'http://x').searchParams.get('sig')!
    expect(redactUrl(photo.url)).not.toContain(sig)

    // Deleted: gone from the list, the link answers 404.
    expect((await call(ctx.app, 'DELETE', `/api/v1/client/progress-photos/${photo.id}`, { token: client.token })).json()).toEqual({
      ok: true,
    })
    expect((await fetchLink(photo.url)).statusCode).toBe(404)
    expect((await get('/client/progress-photos', client.token)).json().data).toEqual([])
    expect((await call(ctx.app, 'DELETE', `/api/v1/client/progress-photos/${photo.id}`, { token: client.token })).statusCode).toBe(404)
  })

  it('reads the type from the bytes: text sent as a JPEG, a GIF, an unknown type and a body over 10 MB are refused', async () => {
    const client = await createUserAndLogin(ctx.app, { role: 'member' })
    await consent(ctx.app, client.token)
    const fake = await upload(ctx.app, client.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))
    expect(fake.statusCode).toBe(415)
    expect(fake.json()).toMatchObject({ status: 415, errors: { progressPhoto: 'unsupportedImage' } })
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    expect((await upload(ctx.app, client.token, gif)).statusCode).toBe(415)
    expect((await upload(ctx.app, client.token, gif, 'pose=front', 'image/gif')).statusCode).toBe(415)
    // JSON is not an image either.
    const json = await call(ctx.app, 'POST', '/api/v1/client/progress-photos?pose=front', { token: client.token, body: { image: 'x' } })
    expect(json.statusCode, json.body).toBe(422)
    expect(json.json().errors).toEqual({ body: 'required' })
    const huge = await upload(ctx.app, client.token, Buffer.alloc(10 * 1024 * 1024 + 1, 1))
    expect(huge.statusCode).toBe(413)
    const badPose = await upload(ctx.app, client.token, await phoneJpeg(100, 100), 'pose=top')
    expect(badPose.statusCode).toBe(422)
    expect(badPose.json().errors).toEqual({ pose: 'invalid' })
    const future = await upload(ctx.app, client.token, await phoneJpeg(100, 100), `pose=back&takenOn=${dayFromNow(3)}`)
    expect(future.json().errors).toEqual({ takenOn: 'tooBig' })
    expect(await ctx.app.db.select().from(progressPhotos).where(eq(progressPhotos.clientUserId, client.user.id))).toEqual([])
  })
})

describe('who may see what', () => {
  it('per role: the client, their trainer, another trainer, the gym owner, another client, anonymous', async () => {
    const gym = await gymOwnerWithTrainer(ctx.app)
    const trainer = gym.trainer
    const client = await clientOf(ctx.app, trainer)
    const otherTrainer = await trainerWithRow(ctx.app)
    const otherClient = await clientOf(ctx.app, otherTrainer, 'Diego')
    await consent(ctx.app, client.token)
    await put(client.token, dayFromNow(0), { weightKg: 70 })
    const photo = (await upload(ctx.app, client.token, await phoneJpeg(400, 300))).json()

    const progress = `/trainer/clients/${client.userId}/progress`
    // Their trainer: measurements, photos with working links, records, adherence.
    const theirs = await get(progress, trainer.token)
    expect(theirs.statusCode, theirs.body).toBe(200)
    expect(theirs.json()).toMatchObject({ clientUserId: client.userId, name: 'Carla Soto', measurements: [{ weightKg: 70 }], records: [] })
    expect(theirs.json().photos.map((p: { id: string }) => p.id)).toEqual([photo.id])
    expect((await fetchLink(theirs.json().photos[0].url)).statusCode).toBe(200)
    expect(theirs.json().adherence).toHaveLength(4)
    // Another trainer: not found (as for someone who does not exist).
    const other = await get(progress, otherTrainer.token)
    expect(other.statusCode).toBe(404)
    expect(other.json().errors).toEqual({ clientUserId: 'notFound' })
    // The gym owner, the client, another client: refused; anonymous: 401.
    expect((await get(progress, gym.owner.token)).statusCode).toBe(403)
    expect((await get(progress, client.token)).statusCode).toBe(403)
    expect((await get(progress, otherClient.token)).statusCode).toBe(403)
    expect((await get(progress)).statusCode).toBe(401)

    // The client's own routes are only theirs: another client sees their own (empty) data.
    expect((await get('/client/measurements', otherClient.token)).json().data).toEqual([])
    expect((await get('/client/progress-photos', otherClient.token)).json().data).toEqual([])
    const notTheirs = await call(ctx.app, 'DELETE', `/api/v1/client/progress-photos/${photo.id}`, { token: otherClient.token })
    expect(notTheirs.statusCode).toBe(404)
    for (const token of [trainer.token, gym.owner.token]) {
      expect((await get('/client/measurements', token)).statusCode).toBe(403)
      expect((await get('/client/progress-photos', token)).statusCode).toBe(403)
      expect((await put(token, dayFromNow(0), { weightKg: 70 })).statusCode).toBe(403)
    }
    for (const url of [
      '/client/measurements',
      '/client/progress-photos',
      '/client/health-consent',
      '/client/adherence',
      '/trainer/client-progress',
    ])
      expect((await get(url)).statusCode, url).toBe(401)

    // The gym owner sees adherence of their trainers' clients only, never measurements or photos.
    const owned = await get('/business/client-adherence', gym.owner.token)
    expect(owned.statusCode, owned.body).toBe(200)
    expect(owned.json().data).toEqual([
      expect.objectContaining({
        trainerId: trainer.trainerId,
        clientUserId: client.userId,
        clientName: 'Carla Soto',
        weeks: expect.any(Array),
      }),
    ])
    expect(Object.keys(owned.json().data[0]).sort()).toEqual(['clientName', 'clientUserId', 'trainerId', 'trainerName', 'weeks'])
    expect(JSON.stringify(owned.json())).not.toMatch(/weight|photo|url/i)
    for (const token of [trainer.token, client.token]) expect((await get('/business/client-adherence', token)).statusCode).toBe(403)
    const lonelyOwner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    expect((await get('/business/client-adherence', lonelyOwner.token)).json().data).toEqual([])

    // Once the coaching link ends, the trainer no longer sees the client.
    await ctx.app.db.update(coachingLinks).set({ endedAt: new Date() }).where(eq(coachingLinks.clientUserId, client.userId))
    expect((await get(progress, trainer.token)).statusCode).toBe(404)
    expect((await get('/trainer/client-progress', trainer.token)).json().data).toEqual([])
    expect((await get('/business/client-adherence', gym.owner.token)).json().data).toEqual([])
  })
})
