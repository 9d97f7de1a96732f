import { describe, expect, it } from 'vitest'
import { libraryExercises } from '../../db/exercise-library.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { gymWithTrainer } from '../client-billing/test-helpers.ts'
import { trainerWithRow } from './test-helpers.ts'

const ctx = useTestApp()

const search = (token: string, query: string) => call(ctx.app, 'GET', `/api/v1/exercises?${query}`, { token })
const names = (res: { json(): { data: { nameEs: string }[] } }) => res.json().data.map((e) => e.nameEs)

const privateExercise = {
  nameEs: 'Sentadilla con pausa de Tomás',
  category: 'strength',
  equipment: ['barbell'],
  primaryMuscles: ['quads'],
  cues: ['Pausa de dos segundos abajo'],
  videoUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
}

describe('exercise library', () => {
  it('ships at least 200 exercises from the data file, each with names, muscles, equipment and 3–4 cues', async () => {
    const rows = libraryExercises()
    expect(rows.length).toBeGreaterThanOrEqual(200)
    const trainer = await trainerWithRow(ctx.app)
    const all = await search(trainer.token, 'limit=100')
    expect(all.statusCode).toBe(200)
    expect(all.json().data).toHaveLength(100)
  })

  it('finds exercises in Spanish without accents, with typos, and in English', async () => {
    const { token } = await trainerWithRow(ctx.app)
    expect(names(await search(token, 'q=press%20banca'))[0]).toBe('Press banca con barra')
    expect(names(await search(token, 'q=sentadilla%20bulgara'))[0]).toBe('Sentadilla búlgara')
    expect(names(await search(token, 'q=sentadila%20bulgra'))[0]).toBe('Sentadilla búlgara')
    expect(names(await search(token, 'q=JALON'))).toContain('Jalón al pecho')
    expect(names(await search(token, 'q=bench%20press'))).toContain('Press banca con barra')
    expect((await search(token, 'q=zzzqqq')).json().data).toEqual([])
  })

  it('answers every library exercise’s cues in Spanish and English, one for one; a private exercise’s cues serve both', async () => {
    const { token } = await trainerWithRow(ctx.app)
    const [bench] = (await search(token, 'q=press%20banca')).json().data as { nameEs: string; cues: string[]; cuesEn: string[] }[]
    expect(bench!.nameEs).toBe('Press banca con barra')
    expect(bench!.cues[0]).toBe('Junta los omóplatos y mantenlos pegados a la banca')
    expect(bench!.cuesEn[0]).toBe('Squeeze your shoulder blades together and keep them pinned to the bench')
    expect(bench!.cuesEn).toHaveLength(bench!.cues.length)
    const page = (await search(token, 'limit=100')).json().data as { source: string; cues: string[]; cuesEn: string[] }[]
    for (const e of page.filter((x) => x.source === 'library')) {
      expect(e.cuesEn).toHaveLength(e.cues.length)
      expect(e.cuesEn).not.toEqual(e.cues)
    }

    const created = await call(ctx.app, 'POST', '/api/v1/exercises', { token, body: privateExercise })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ cues: privateExercise.cues, cuesEn: privateExercise.cues })
    const fetched = await call(ctx.app, 'GET', `/api/v1/exercises/${created.json().id as string}`, { token })
    expect(fetched.json()).toMatchObject({ cues: privateExercise.cues, cuesEn: privateExercise.cues })
  })

  it('filters by muscle and equipment', async () => {
    const { token } = await trainerWithRow(ctx.app)
    const res = await search(token, 'muscle=glutes&equipment=kettlebell&limit=100')
    expect(res.statusCode).toBe(200)
    const data = res.json().data as { equipment: string[]; primaryMuscles: string[]; secondaryMuscles: string[] }[]
    expect(data.length).toBeGreaterThan(0)
    for (const e of data) {
      expect(e.equipment).toContain('kettlebell')
      expect([...e.primaryMuscles, ...e.secondaryMuscles]).toContain('glutes')
    }
    expect((await search(token, 'muscle=wings')).statusCode).toBe(422)
  })

  it('a private exercise is its trainer’s only, with a checked YouTube or Vimeo link', async () => {
    const mine = await trainerWithRow(ctx.app)
    const other = await trainerWithRow(ctx.app)
    const created = await call(ctx.app, 'POST', '/api/v1/exercises', { token: mine.token, body: privateExercise })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ source: 'trainer', scope: 'mine', nameEn: privateExercise.nameEs })
    const id = created.json().id as string
    expect(names(await search(mine.token, 'q=pausa%20tomas&mine=true'))).toEqual([privateExercise.nameEs])
    expect(names(await search(other.token, 'q=pausa%20tomas'))).toEqual([])
    expect((await call(ctx.app, 'GET', `/api/v1/exercises/${id}`, { token: other.token })).statusCode).toBe(404)
    expect((await call(ctx.app, 'DELETE', `/api/v1/exercises/${id}`, { token: other.token })).statusCode).toBe(404)

    const vimeo = await call(ctx.app, 'POST', '/api/v1/exercises', {
      token: mine.token,
      body: { ...privateExercise, videoUrl: 'https://vimeo.com/123456789' },
    })
    expect(vimeo.statusCode).toBe(201)
    for (const videoUrl of [
      'http://www.youtube.com/watch?v=abcdefghijk',
      'https://evil.example/watch?v=abcdefghijk',
      'javascript:alert(1)',
    ]) {
      const bad = await call(ctx.app, 'POST', '/api/v1/exercises', { token: mine.token, body: { ...privateExercise, videoUrl } })
      expect(bad.statusCode).toBe(422)
      expect(bad.json()).toMatchObject({ status: 422, errors: { videoUrl: 'invalid' } })
    }
    const removed = await call(ctx.app, 'DELETE', `/api/v1/exercises/${id}`, { token: mine.token })
    expect(removed.statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', `/api/v1/exercises/${id}`, { token: mine.token })).statusCode).toBe(404)
  })

  it('a gym owner’s exercise is seen by the gym’s trainers and no one else', async () => {
    const gym = await gymWithTrainer(ctx.app)
    const outsider = await trainerWithRow(ctx.app)
    const created = await call(ctx.app, 'POST', '/api/v1/exercises', {
      token: gym.owner.token,
      body: { ...privateExercise, nameEs: 'Circuito de la casa Gym Central', videoUrl: null },
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().scope).toBe('gym')
    expect(names(await search(gym.trainer.token, 'q=circuito%20casa'))).toEqual(['Circuito de la casa Gym Central'])
    expect(names(await search(outsider.token, 'q=circuito%20casa'))).toEqual([])
    // A gym trainer cannot remove the gym's exercise; the owner can.
    expect((await call(ctx.app, 'DELETE', `/api/v1/exercises/${created.json().id}`, { token: gym.trainer.token })).statusCode).toBe(404)
    expect((await call(ctx.app, 'DELETE', `/api/v1/exercises/${created.json().id}`, { token: gym.owner.token })).statusCode).toBe(200)
  })

  it('refuses anonymous callers (401) and clients (403), and bad input changes nothing', async () => {
    expect((await call(ctx.app, 'GET', '/api/v1/exercises')).statusCode).toBe(401)
    const client = await createUserAndLogin(ctx.app, { role: 'member' })
    expect((await call(ctx.app, 'GET', '/api/v1/exercises', { token: client.token })).statusCode).toBe(403)
    expect((await call(ctx.app, 'POST', '/api/v1/exercises', { token: client.token, body: privateExercise })).statusCode).toBe(403)
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    expect((await call(ctx.app, 'GET', '/api/v1/exercises', { token: owner.token })).statusCode).toBe(403)
    const { token } = await trainerWithRow(ctx.app)
    const bad = await call(ctx.app, 'POST', '/api/v1/exercises', { token, body: { ...privateExercise, equipment: [], extra: 1 } })
    expect(bad.statusCode).toBe(422)
    expect(names(await search(token, 'q=pausa%20tomas&mine=true'))).toEqual([])
  })
})
