import { createServer, type Server } from 'node:http'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exerciseImages, exercises } from '../../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../../testing/app.ts'
import { trainerWithRow } from '../test-helpers.ts'
import { exercisesImport } from './command.ts'
import { importExercises } from './importer.ts'

const ctx = useTestApp()
const fixtures = dirname(fileURLToPath(import.meta.url)) + '/fixtures'
const work = mkdtempSync(join(tmpdir(), 'exercise-import-'))

/** A tiny picture made here: no third-party image is committed. */
const picture = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .toFormat(format)
    .toBuffer()

let server: Server
let base = ''
const hits: string[] = []
let slow = true
beforeAll(async () => {
  const png = await picture(1200, 900, 'png')
  server = createServer((req, res) => {
    const url = req.url ?? ''
    hits.push(url)
    const page = (name: string) => {
      res.setHeader('content-type', 'application/json')
      res.end(readFileSync(join(fixtures, name), 'utf8').replaceAll('__BASE__', base))
    }
    if (url === '/api/v2/exerciseinfo/?limit=2') return page('wger-page-1.json')
    if (url === '/api/v2/exerciseinfo/?limit=2&offset=2') return page('wger-page-2.json')
    if (url === '/media/exercise-images/9001/paused-press.png') return (res.setHeader('content-type', 'image/png'), res.end(png))
    if (url === '/media/exercise-images/9004/slow.png') {
      if (slow) return // never answers: the read's timeout ends it
      return (res.setHeader('content-type', 'image/png'), res.end(png))
    }
    res.statusCode = 404
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`

  // free-exercise-db as its repository lays it out: dist/exercises.json, pictures under exercises/.
  mkdirSync(join(work, 'dist'))
  writeFileSync(join(work, 'dist/exercises.json'), readFileSync(join(fixtures, 'free-exercise-db.json')))
  for (const [dir, file] of [
    ['Kneeling_Landmine_Arc', '0.jpg'],
    ['Tempo_EZ-Bar_Preacher_Hold', '0.jpg'],
  ] as const) {
    mkdirSync(join(work, 'exercises', dir), { recursive: true })
    writeFileSync(join(work, 'exercises', dir, file), await picture(1000, 1500))
  }
  writeFileSync(join(work, 'outside.png'), await picture(10, 10, 'png'))
})
afterAll(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  rmSync(work, { recursive: true, force: true })
})

const imported = (source: string) =>
  ctx.app.db
    .select()
    .from(exercises)
    .where(sql`${exercises.externalSource} = ${source}`)
    .orderBy(exercises.externalId)
const byId = async (source: string) => Object.fromEntries((await imported(source)).map((r) => [r.externalId, r]))

describe('exercises:import, free-exercise-db JSON from a file', () => {
  it('maps names, muscles, equipment, level and category onto ours, stores pictures at web sizes, reports and skips bad rows', async () => {
    const report = await importExercises(ctx.app.db, { source: join(work, 'dist/exercises.json') })
    expect(report).toMatchObject({ format: 'free-exercise-db', read: 5, created: 3, updated: 0 })
    expect(report.skipped.map((s) => s.ref)).toEqual(['#4 (Nameless_Row)', '#5'])
    expect(report.skipped[0]!.reason).toMatch(/^name:/)
    expect(report.images).toEqual({ stored: 2, kept: 0, failed: 1 })
    expect(report.warnings[0]).toMatch(/Wall_Quad_Rocker.*outside/)

    const rows = await byId('free-exercise-db')
    expect(rows.Kneeling_Landmine_Arc).toMatchObject({
      source: 'import',
      nameEs: 'Kneeling Landmine Arc',
      nameEn: 'Kneeling Landmine Arc',
      category: 'strength',
      level: 'intermediate',
      equipment: [],
      primaryMuscles: ['abs'],
      secondaryMuscles: ['shoulders', 'upper_back'],
      cues: ['Kneel facing the end of the bar with both hands on the sleeve.', expect.stringContaining('slow arc')],
      license: 'Public domain (Unlicense)',
      attribution: null,
    })
    expect(rows['Tempo_EZ-Bar_Preacher_Hold']).toMatchObject({
      level: 'advanced',
      category: 'strength',
      equipment: ['ez_bar'],
      secondaryMuscles: ['forearms', 'traps'],
    })
    expect(rows.Wall_Quad_Rocker).toMatchObject({
      category: 'stretching',
      equipment: ['bodyweight'],
      primaryMuscles: ['quads'],
      imageUrl: null,
    })

    // The picture, resized once at import: 800 px on the long side, a 320 px thumbnail, public.
    const url = rows.Kneeling_Landmine_Arc!.imageUrl!
    expect(url).toMatch(/^\/api\/v1\/exercise-images\/[0-9a-f-]{36}$/)
    const full = await ctx.app.inject({ method: 'GET', url })
    expect(full.statusCode).toBe(200)
    expect(full.headers['content-type']).toBe('image/webp')
    expect(full.headers['cache-control']).toContain('immutable')
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 533, height: 800 })
    const thumb = await ctx.app.inject({ method: 'GET', url: `${url}?size=thumb` })
    expect((await sharp(thumb.rawPayload).metadata()).height).toBe(320)
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/exercise-images/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    )
  })

  it('a second run updates the same rows and keeps the pictures (no download, same address)', async () => {
    const before = await byId('free-exercise-db')
    const [{ n: picturesBefore }] = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(exerciseImages)
    await ctx.app.db
      .update(exercises)
      .set({ nameEs: 'Cambiado a mano', level: 'beginner' })
      .where(eq(exercises.id, before.Kneeling_Landmine_Arc!.id))

    const report = await importExercises(ctx.app.db, { source: join(work, 'dist/exercises.json') })
    expect(report).toMatchObject({ read: 5, created: 0, updated: 3, images: { stored: 0, kept: 2, failed: 1 } })
    const after = await byId('free-exercise-db')
    expect(Object.keys(after)).toEqual(Object.keys(before))
    for (const key of Object.keys(before)) {
      expect(after[key]!.id).toBe(before[key]!.id)
      expect(after[key]!.imageUrl).toBe(before[key]!.imageUrl)
    }
    expect(after.Kneeling_Landmine_Arc).toMatchObject({ nameEs: 'Kneeling Landmine Arc', level: 'intermediate' })
    const [{ n: picturesAfter }] = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(exerciseImages)
    expect(picturesAfter).toBe(picturesBefore)
  })
})

describe('exercises:import, wger exerciseinfo pages from a URL', () => {
  it('follows `next`; a picture that never answers fails on its timeout, and its row is still stored', async () => {
    hits.length = 0
    const started = Date.now()
    const report = await importExercises(ctx.app.db, { source: `${base}/api/v2/exerciseinfo/?limit=2`, imageTimeoutMs: 300 })
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(hits).toContain('/api/v2/exerciseinfo/?limit=2&offset=2')
    expect(report).toMatchObject({ format: 'wger', read: 4, created: 3, updated: 0, images: { stored: 1, kept: 0, failed: 2 } })
    expect(report.warnings).toContainEqual(
      expect.stringMatching(/^0b1f9c3e-1111-4a5b-8c6d-000000009004: .*9004\/slow\.png: no answer within 0\.3 s$/),
    )
    expect((await byId('wger'))['0b1f9c3e-1111-4a5b-8c6d-000000009004']).toMatchObject({ nameEs: 'Gorilla kettlebell row', imageUrl: null })
  })

  it('run again as the command: takes the Spanish name where there is one, stores license and authors, reports what failed', async () => {
    slow = false
    const result = await exercisesImport.run(
      { db: ctx.app.db, kind: ctx.database.kind, appUrl: ctx.config.APP_URL, config: ctx.config },
      { source: `${base}/api/v2/exerciseinfo/?limit=2`, skipImages: false, images: null },
    )
    expect(result.exitCode).toBe(0)
    expect(result.stdout[0]).toMatch(/4 wger exercise\(s\) read, 0 new, 3 updated, 1 skipped/)
    expect(result.stderr).toContainEqual(
      expect.stringMatching(/SKIPPED #3 \(0b1f9c3e-1111-4a5b-8c6d-000000009003\): no Spanish or English translation/),
    )
    expect(result.stderr).toContainEqual(
      expect.stringMatching(/^PICTURE 0b1f9c3e-1111-4a5b-8c6d-000000009002: .*9002\/missing\.png: HTTP 404$/),
    )
    expect(result.stdout[1]).toBe('pictures: 1 stored, 1 unchanged, 1 failed')

    const rows = await byId('wger')
    expect(rows['0b1f9c3e-1111-4a5b-8c6d-000000009001']).toMatchObject({
      nameEs: 'Press banca con pausa en el pecho',
      nameEn: 'Paused bench press to chest',
      category: 'strength',
      equipment: ['barbell', 'bench'],
      primaryMuscles: ['chest'],
      secondaryMuscles: ['triceps'],
      cues: ['Baja la barra hasta el pecho.', 'Sostén dos segundos & empuja.'],
      cuesEn: ['Lower the bar to your chest.', 'Hold it still for two seconds, then press.'],
      license: 'CC-BY-SA 4',
      licenseAuthor: 'ana.trainer, carla.coach, foto.por.luis',
    })
    expect(rows['0b1f9c3e-1111-4a5b-8c6d-000000009001']!.imageUrl).toMatch(/^\/api\/v1\/exercise-images\//)
    // English only: the English name serves both languages.
    expect(rows['0b1f9c3e-1111-4a5b-8c6d-000000009002']).toMatchObject({
      nameEs: 'Stability ball wall squat hold',
      nameEn: 'Stability ball wall squat hold',
      equipment: [],
      primaryMuscles: ['quads'],
      secondaryMuscles: ['glutes'],
      imageUrl: null,
    })
  })

  it('shows the attribution through the exercises API, and imported exercises are found in Spanish and English', async () => {
    const { token } = await trainerWithRow(ctx.app)
    const search = async (q: string) =>
      (await call(ctx.app, 'GET', `/api/v1/exercises?q=${encodeURIComponent(q)}`, { token })).json().data as {
        id: string
        nameEs: string
        source: string
        attribution: string | null
        imageUrl: string | null
      }[]
    const [paused] = await search('press banca pausa')
    expect(paused).toMatchObject({ nameEs: 'Press banca con pausa en el pecho', source: 'import' })
    expect(paused!.attribution).toBe(
      '“Paused bench press to chest” · ana.trainer, carla.coach, foto.por.luis · CC-BY-SA 4 · ' + new URL(base).host,
    )
    expect((await search('prees banca con pausa'))[0]!.id).toBe(paused!.id)
    expect((await search('dead stop bench'))[0]!.id).toBe(paused!.id)
    expect((await search('gorila kettlebel row'))[0]!.nameEs).toBe('Gorilla kettlebell row')
    expect((await search('kneeling landmine'))[0]!.nameEs).toBe('Kneeling Landmine Arc')

    const one = await call(ctx.app, 'GET', `/api/v1/exercises/${paused!.id}`, { token })
    expect(one.statusCode).toBe(200)
    expect(one.json()).toMatchObject({ attribution: paused!.attribution, imageUrl: paused!.imageUrl })
    // Filters see imported exercises too.
    const lats = (await call(ctx.app, 'GET', '/api/v1/exercises?muscle=lats&equipment=kettlebell', { token })).json().data as {
      nameEs: string
    }[]
    expect(lats.map((e) => e.nameEs)).toContain('Gorilla kettlebell row')
  })

  it('an unreadable input is one clear line and exit 1; nothing is stored', async () => {
    const count = async () => (await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(exercises))[0]!.n
    const before = await count()
    const run = (source: string) =>
      exercisesImport.run(
        { db: ctx.app.db, kind: ctx.database.kind, appUrl: ctx.config.APP_URL, config: ctx.config },
        { source, skipImages: false, images: null },
      )
    writeFileSync(join(work, 'other.json'), JSON.stringify({ hello: 'world' }))
    writeFileSync(join(work, 'broken.json'), '{ not json')
    for (const [source, message] of [
      [`${base}/nothing-here`, /HTTP 404/],
      [join(work, 'missing.json'), /no such file/],
      [join(work, 'broken.json'), /not JSON/],
      [join(work, 'other.json'), /neither free-exercise-db JSON .* nor a wger exerciseinfo page/],
    ] as const) {
      const result = await run(source)
      expect(result.exitCode, source).toBe(1)
      expect(result.stderr).toEqual([expect.stringMatching(message)])
    }
    expect(await count()).toBe(before)
  })
})

describe('a private exercise’s photo', () => {
  it('its author uploads one (resized once, served publicly by address); others are refused', async () => {
    const mine = await trainerWithRow(ctx.app)
    const other = await trainerWithRow(ctx.app)
    const client = await createUserAndLogin(ctx.app, { role: 'member' })
    const created = await call(ctx.app, 'POST', '/api/v1/exercises', {
      token: mine.token,
      body: { nameEs: 'Remo con toalla de Tomás', category: 'strength', equipment: ['bodyweight'], primaryMuscles: ['lats'] },
    })
    const id = created.json().id as string
    const upload = (token: string | undefined, body: Buffer, type = 'image/jpeg') =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/exercises/${id}/photo`,
        headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: body,
      })
    const jpeg = await picture(2000, 1000)
    expect((await upload(undefined, jpeg)).statusCode).toBe(401)
    expect((await upload(client.token, jpeg)).statusCode).toBe(403)
    expect((await upload(other.token, jpeg)).statusCode).toBe(404)
    const bad = await upload(mine.token, Buffer.from('not a picture at all'))
    expect(bad.statusCode).toBe(415)
    expect(bad.json().errors).toEqual({ photo: 'unsupportedImage' })
    expect((await ctx.app.db.select().from(exercises).where(eq(exercises.id, id)))[0]!.imageUrl).toBeNull()

    const ok = await upload(mine.token, jpeg)
    expect(ok.statusCode, ok.body).toBe(200)
    const imageUrl = ok.json().imageUrl as string
    const served = await ctx.app.inject({ method: 'GET', url: imageUrl })
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 400 })

    // Library exercises have no author here.
    const [library] = await ctx.app.db.select().from(exercises).where(eq(exercises.source, 'library')).limit(1)
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/exercises/${library!.id}/photo`,
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${mine.token}` },
      payload: jpeg,
    })
    expect(refused.statusCode).toBe(404)

    const removed = await call(ctx.app, 'DELETE', `/api/v1/exercises/${id}/photo`, { token: mine.token })
    expect(removed.json().imageUrl).toBeNull()
    expect((await ctx.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(404)
  })
})
