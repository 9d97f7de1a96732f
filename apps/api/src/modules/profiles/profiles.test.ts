import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { call, createUserAndLogin, freshIp } from '../../testing/app.ts'
import { eligibleTrainer, gymWithTrainer } from '../client-billing/test-helpers.ts'
import { useTestApp } from '../../testing/app.ts'
import { refreshListings } from './listing-sweep.ts'
import { PROFILE, publishedTrainer } from './test-helpers.ts'

const ctx = useTestApp()

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer()

describe('trainer profile', () => {
  it('is created on first read with a slug from the name, edited, and published only when the trainer can charge clients', async () => {
    const { app } = ctx
    const trainer = await eligibleTrainer(app, { onboarded: false })
    const first = await call(app, 'GET', '/api/v1/trainer/profile', { token: trainer.token })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      slug: expect.stringMatching(/^camila-rojas/),
      published: false,
      listed: false,
      blockedBy: 'payouts',
    })

    const saved = await call(app, 'PUT', '/api/v1/trainer/profile', { token: trainer.token, body: PROFILE })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ comuna: 'Ñuñoa', specialisations: ['pilates', 'movilidad'] })

    const refused = await call(app, 'POST', '/api/v1/trainer/profile/publish', { token: trainer.token, body: { published: true } })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().errors).toEqual({ payouts: 'required' })

    const bad = await call(app, 'PUT', '/api/v1/trainer/profile', {
      token: trainer.token,
      body: { ...PROFILE, specialisations: ['karate-ninja'] },
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toHaveProperty(['specialisations.0'])
  })

  it('a trainer without a live subscription cannot publish', async () => {
    const { app } = ctx
    const user = await createUserAndLogin(app, { role: 'trainer' })
    const { trainers } = await import('../../db/schema.ts')
    await app.db.insert(trainers).values({
      userId: user.user.id,
      firstName: 'Sin',
      lastName: 'Plan',
      email: user.user.email ?? 'x@example.com',
      stripeOnboardingComplete: true,
    })
    const res = await call(app, 'POST', '/api/v1/trainer/profile/publish', { token: user.token, body: { published: true } })
    expect(res.statusCode, res.body).toBe(403)
    expect(res.json().errors).toEqual({ subscription: 'required' })
  })

  it('slugs are unique: taking another trainer’s slug answers 409', async () => {
    const { app } = ctx
    const a = await publishedTrainer(app)
    const b = await eligibleTrainer(app)
    const res = await call(app, 'PUT', '/api/v1/trainer/profile', { token: b.token, body: { ...PROFILE, slug: a.slug } })
    expect(res.statusCode).toBe(409)
    expect(res.json().errors).toEqual({ slug: 'alreadyExists' })
  })

  it('photo: resized server-side to a 480 px WebP; other types and oversize refused', async () => {
    const { app } = ctx
    const trainer = await publishedTrainer(app)
    const upload = await app.inject({
      method: 'PUT',
      url: '/api/v1/trainer/profile/photo',
      headers: { authorization: `Bearer ${trainer.token}`, 'content-type': 'image/png' },
      payload: await png(1200, 800),
      remoteAddress: freshIp(),
    })
    expect(upload.statusCode, upload.body).toBe(200)
    const photoUrl = upload.json().photoUrl as string
    expect(photoUrl).toMatch(/\/photo\?v=1$/)
    const photo = await app.inject({ method: 'GET', url: photoUrl })
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/webp')
    expect(photo.headers['cache-control']).toContain('immutable')
    const meta = await sharp(photo.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 480])

    const lying = await app.inject({
      method: 'PUT',
      url: '/api/v1/trainer/profile/photo',
      headers: { authorization: `Bearer ${trainer.token}`, 'content-type': 'image/jpeg' },
      payload: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      remoteAddress: freshIp(),
    })
    expect(lying.statusCode).toBe(415)
    expect(lying.json()).toMatchObject({ status: 415, errors: { photo: 'unsupportedImage' } })

    const gif = await app.inject({
      method: 'PUT',
      url: '/api/v1/trainer/profile/photo',
      headers: { authorization: `Bearer ${trainer.token}`, 'content-type': 'image/gif' },
      payload: Buffer.from('GIF89a'),
      remoteAddress: freshIp(),
    })
    expect(gif.statusCode).toBe(415)

    const huge = await app.inject({
      method: 'PUT',
      url: '/api/v1/trainer/profile/photo',
      headers: { authorization: `Bearer ${trainer.token}`, 'content-type': 'image/png' },
      payload: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
      remoteAddress: freshIp(),
    })
    expect(huge.statusCode).toBe(413)
  })

  it('authorization per role: only a trainer edits a profile, and only their own', async () => {
    const { app } = ctx
    const gym = await gymWithTrainer(app)
    const client = await createUserAndLogin(app, { role: 'member' })
    const anonymous = await call(app, 'PUT', '/api/v1/trainer/profile', { body: PROFILE })
    expect(anonymous.statusCode).toBe(401)
    for (const token of [client.token, gym.owner.token]) {
      const res = await call(app, 'PUT', '/api/v1/trainer/profile', { token, body: PROFILE })
      expect(res.statusCode).toBe(403)
    }
    // Another trainer's edit lands on their own profile, never on someone else's.
    const mine = await publishedTrainer(app, { headline: 'Original' })
    const other = await eligibleTrainer(app)
    await call(app, 'PUT', '/api/v1/trainer/profile', { token: other.token, body: { ...PROFILE, headline: 'Otro' } })
    const pub = await call(app, 'GET', `/api/v1/trainers/${mine.slug}/profile`)
    expect(pub.json().headline).toBe('Original')
    // The gym trainer (central billing) may publish: the gym's plan covers them.
    const gymPublish = await call(app, 'POST', '/api/v1/trainer/profile/publish', { token: gym.trainer.token, body: { published: true } })
    expect(gymPublish.statusCode, gymPublish.body).toBe(200)
    expect(gymPublish.json().gym).toMatchObject({ name: 'Gym Central' })
  })
})

describe('public profile and search', () => {
  it('a published profile is public by slug or id, with offers and CLP prices; a withdrawn one is gone', async () => {
    const { app } = ctx
    const trainer = await publishedTrainer(app, {}, 30_000)
    const bySlug = await call(app, 'GET', `/api/v1/trainers/${trainer.slug}/profile`)
    expect(bySlug.statusCode, bySlug.body).toBe(200)
    expect(bySlug.json()).toMatchObject({
      slug: trainer.slug,
      minPriceClp: 30_000,
      offers: [{ priceClp: 30_000 }],
      rating: { average: null, count: 0 },
    })
    const byId = await call(app, 'GET', `/api/v1/trainers/${trainer.trainerId}/profile`)
    expect(byId.json().slug).toBe(trainer.slug)
    await call(app, 'POST', '/api/v1/trainer/profile/publish', { token: trainer.token, body: { published: false } })
    expect((await call(app, 'GET', `/api/v1/trainers/${trainer.slug}/profile`)).statusCode).toBe(404)
  })

  it('a trainer who can no longer charge clients drops out of the profile page and of search', async () => {
    const { app } = ctx
    const trainer = await publishedTrainer(app, { headline: 'Zumba acuático lunar' })
    const { trainers } = await import('../../db/schema.ts')
    const { eq } = await import('drizzle-orm')
    await app.db.update(trainers).set({ stripeOnboardingComplete: false }).where(eq(trainers.id, trainer.trainerId))
    // Before anyone opens the page, the sweep takes it out of search...
    expect((await call(app, 'GET', '/api/v1/trainers?q=zumba%20lunar')).json().data).toHaveLength(1)
    const sweep = await refreshListings(app, 0)
    expect(sweep.changed).toBeGreaterThanOrEqual(1)
    expect((await call(app, 'GET', '/api/v1/trainers?q=zumba%20lunar')).json().data).toEqual([])
    // ...and the page is gone; back once payouts are on again.
    expect((await call(app, 'GET', `/api/v1/trainers/${trainer.slug}/profile`)).statusCode).toBe(404)
    await app.db.update(trainers).set({ stripeOnboardingComplete: true }).where(eq(trainers.id, trainer.trainerId))
    await refreshListings(app, 0)
    expect((await call(app, 'GET', '/api/v1/trainers?q=zumba%20lunar')).json().data).toHaveLength(1)
  })

  it('Spanish full text ignoring accents: "pilates nunoa" finds "Pilates, Ñuñoa"; filters and cursor pages', async () => {
    const { app } = ctx
    const a = await publishedTrainer(app, { headline: 'Pilates reformer', comuna: 'Ñuñoa', city: 'Santiago' }, 20_000)
    const b = await publishedTrainer(app, { headline: 'Pilates mat', comuna: 'Ñuñoa', city: 'Santiago', modalities: ['online'] }, 40_000)
    const c = await publishedTrainer(
      app,
      { headline: 'Boxeo', specialisations: ['boxeo'], comuna: 'Providencia', city: 'Valparaíso' },
      15_000,
    )
    const res = await call(app, 'GET', '/api/v1/trainers?q=pilates%20nunoa&limit=50')
    expect(res.statusCode, res.body).toBe(200)
    const ids = res.json().data.map((t: { trainerId: string }) => t.trainerId)
    expect(ids).toEqual(expect.arrayContaining([a.trainerId, b.trainerId]))
    expect(ids).not.toContain(c.trainerId)
    // Prefix while typing, and accents in the query.
    const typing = await call(app, 'GET', '/api/v1/trainers?q=%C3%B1u%C3%B1o&limit=50')
    expect(typing.json().data.map((t: { trainerId: string }) => t.trainerId)).toEqual(expect.arrayContaining([a.trainerId, b.trainerId]))

    const city = await call(app, 'GET', '/api/v1/trainers?city=valparaiso&limit=50')
    expect(city.json().data.map((t: { trainerId: string }) => t.trainerId)).toEqual([c.trainerId])
    const spec = await call(app, 'GET', '/api/v1/trainers?specialisation=boxeo&limit=50')
    expect(spec.json().data.map((t: { trainerId: string }) => t.trainerId)).toContain(c.trainerId)
    expect(spec.json().data.map((t: { trainerId: string }) => t.trainerId)).not.toContain(a.trainerId)
    const online = await call(app, 'GET', '/api/v1/trainers?q=pilates&modality=online&priceMax=45000&limit=50')
    const onlineIds = online.json().data.map((t: { trainerId: string }) => t.trainerId)
    expect(onlineIds).toContain(b.trainerId)
    const cheap = await call(app, 'GET', '/api/v1/trainers?q=pilates&priceMax=25000&limit=50')
    expect(cheap.json().data.map((t: { trainerId: string }) => t.trainerId)).toContain(a.trainerId)
    expect(cheap.json().data.map((t: { trainerId: string }) => t.trainerId)).not.toContain(b.trainerId)

    for (const sort of ['price', 'rating', 'newest', 'relevance']) {
      const seen: string[] = []
      let cursor: string | null = null
      do {
        const page: {
          statusCode: number
          body: string
          json(): { data: { trainerId: string; minPriceClp: number }[]; nextCursor: string | null }
        } = await call(app, 'GET', `/api/v1/trainers?q=pilates&sort=${sort}&limit=1${cursor ? `&cursor=${cursor}` : ''}`)
        expect(page.statusCode, page.body).toBe(200)
        seen.push(...page.json().data.map((t) => t.trainerId))
        cursor = page.json().nextCursor
      } while (cursor)
      expect(new Set(seen).size).toBe(seen.length)
      expect(seen).toEqual(expect.arrayContaining([a.trainerId, b.trainerId]))
      if (sort === 'price') expect(seen.indexOf(a.trainerId)).toBeLessThan(seen.indexOf(b.trainerId))
    }
    const badCursor = await call(app, 'GET', '/api/v1/trainers?cursor=nonsense')
    expect(badCursor.statusCode).toBe(422)
    expect(badCursor.json().errors).toEqual({ cursor: 'invalid' })
  })

  it('search is rate-limited per address', async () => {
    const { app } = ctx
    const ip = freshIp()
    let last = 0
    for (let i = 0; i < 121; i++) last = (await call(app, 'GET', '/api/v1/trainers?q=x', { ip })).statusCode
    expect(last).toBe(429)
  })
})
