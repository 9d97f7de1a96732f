import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { businesses, trainers, users } from '../../db/schema.ts'
import { call, createUserAndLogin, useTestApp } from '../../testing/app.ts'
import { TRAINER_SEARCH_MAX } from './money.ts'
import { csvColumn, downloadCsv } from '../../testing/csv.ts'
import {
  createOffer,
  eligibleTrainer,
  gymWithTrainer,
  sandboxClient,
  type TestGym,
  type TestTrainer,
} from '../client-billing/test-helpers.ts'

// Issue 23 point 7: the console's Money page finds a trainer's transactions by name or e-mail
// (any case, with or without accents), not by id; the id filter keeps working; every ledger entry
// of a trainer or gym names it and its console page.
const ctx = useTestApp()
const get = (url: string, token?: string) => call(ctx.app, 'GET', `/api/v1/admin/money${url}`, { token })
const ids = (res: { json: () => { data: { id: string }[] } }) => res.json().data.map((t) => t.id)

let admin: string
let solo: TestTrainer
let gym: TestGym
let businessId: string

beforeAll(async () => {
  admin = (await createUserAndLogin(ctx.app, { role: 'platform_admin' })).token
  solo = await eligibleTrainer(ctx.app)
  // The name as a Chilean writes it; the search is typed without accents.
  await ctx.app.db.update(users).set({ firstName: 'Íñigo', lastName: 'Muñoz' }).where(eq(users.id, solo.userId))
  await ctx.app.db.update(trainers).set({ firstName: 'Íñigo', lastName: 'Muñoz' }).where(eq(trainers.userId, solo.userId))
  await sandboxClient(ctx.app, solo.token, (await createOffer(ctx.app, solo.token, { priceClp: 25_000 })).id)
  await sandboxClient(ctx.app, solo.token, (await createOffer(ctx.app, solo.token, { priceClp: 30_000 })).id)
  gym = await gymWithTrainer(ctx.app)
  await sandboxClient(ctx.app, gym.trainer.token, (await createOffer(ctx.app, gym.trainer.token, { priceClp: 40_000 })).id)
  const [business] = await ctx.app.db.select().from(businesses).where(eq(businesses.ownerId, gym.owner.userId))
  businessId = business!.id
})

describe('GET /admin/money/transactions?trainerSearch=', () => {
  it('matches the name or e-mail, part of it, in any case and with or without accents; nothing else', async () => {
    const soloTx = ids(await get(`/transactions?trainer=${solo.userId}`, admin))
    const gymTx = ids(await get(`/transactions?trainer=${gym.trainer.userId}`, admin))
    expect(soloTx).toHaveLength(2)
    expect(gymTx).toHaveLength(1)
    for (const text of ['inigo munoz', 'MUÑOZ', 'íñigo', 'Munoz', solo.email.split('@')[0]!.toUpperCase()]) {
      const res = await get(`/transactions?trainerSearch=${encodeURIComponent(text)}`, admin)
      expect(res.statusCode, text).toBe(200)
      expect(ids(res), text).toEqual(soloTx)
    }
    expect(ids(await get('/transactions?trainerSearch=gabriel%20gym', admin))).toEqual(gymTx)
    // No match, and LIKE's wildcards taken literally (they do not match everyone).
    for (const text of ['zzz-nadie', '%%', '__'])
      expect(ids(await get(`/transactions?trainerSearch=${encodeURIComponent(text)}`, admin)), text).toEqual([])
    // With the other filters: all apply (the id of one and the name of the other find nothing).
    expect(ids(await get(`/transactions?trainer=${gym.trainer.userId}&trainerSearch=munoz`, admin))).toEqual([])
    expect(ids(await get(`/transactions?kind=refund&trainerSearch=munoz`, admin))).toEqual([])
    // Blank is "not given".
    expect(ids(await get('/transactions?trainerSearch=%20%20', admin)).length).toBeGreaterThanOrEqual(3)
    // The CSV takes the same filter: only the searched trainer's lines.
    const csv = await downloadCsv(ctx.app, '/api/v1/admin/money/transactions/export.csv?trainerSearch=munoz', admin)
    expect(new Set(csvColumn(csv, 'ID del movimiento'))).toEqual(new Set(soloTx))
  })

  it('names trainer and gym accounts with their console page', async () => {
    const [tx] = (await get(`/transactions?trainerSearch=gabriel`, admin)).json().data
    expect(tx.trainer).toEqual({ userId: gym.trainer.userId, name: 'Gabriel Gym' })
    const byAccount = Object.fromEntries(tx.entries.map((e: { account: string; ref: unknown }) => [e.account, e.ref]))
    expect(byAccount[`trainer:${gym.trainer.trainerId}`]).toEqual({
      name: 'Gabriel Gym',
      page: { kind: 'trainer', id: gym.trainer.userId },
    })
    expect(byAccount[`gym:${gym.gymId}`]).toEqual({ name: 'Gym Central', page: { kind: 'gym', id: businessId } })
    expect(byAccount.platform_revenue).toBeNull()
    expect(byAccount.provider_clearing).toBeNull()
  })

  it('bad input is 422 in the error shape, with the field and its code', async () => {
    const cases: [string, Record<string, string>][] = [
      ['trainerSearch=a', { trainerSearch: 'tooShort' }],
      [`trainerSearch=${'x'.repeat(101)}`, { trainerSearch: 'tooLong' }],
      ['trainer=munoz', { trainer: 'invalid' }],
    ]
    for (const [q, errors] of cases) {
      const res = await get(`/transactions?${q}`, admin)
      expect(res.statusCode, q).toBe(422)
      expect(res.json(), q).toEqual({ status: 422, message: expect.any(String), errors })
    }
    expect((await get('/transactions/export.csv?trainerSearch=a', admin)).statusCode).toBe(422)
  })

  it('a text matching more than 50 trainers is refused (type more), 50 are searched', async () => {
    const insertTrainers = async (n: number, lastName: string) => {
      const made = await ctx.app.db
        .insert(users)
        .values(
          Array.from({ length: n }, (_, i) => ({
            email: `${lastName.toLowerCase()}${i}@example.com`,
            passwordHash: 'x',
            firstName: 'Zoe',
            lastName,
            role: 'trainer' as const,
          })),
        )
        .returning()
      await ctx.app.db
        .insert(trainers)
        .values(made.map((u) => ({ userId: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email })))
    }
    await insertTrainers(TRAINER_SEARCH_MAX, 'Zúñiga')
    const fifty = await get('/transactions?trainerSearch=zuniga', admin)
    expect(fifty.statusCode).toBe(200)
    expect(fifty.json()).toEqual({ data: [], nextCursor: null })
    await insertTrainers(1, 'ZUÑIGA')
    const more = await get('/transactions?trainerSearch=zuniga', admin)
    expect(more.statusCode).toBe(422)
    expect(more.json()).toEqual({ status: 422, message: expect.any(String), errors: { trainerSearch: 'tooBroad' } })
  })

  it('only operators: the trainer searched for, an owner and anonymous callers are refused', async () => {
    for (const token of [solo.token, gym.owner.token]) {
      const res = await get('/transactions?trainerSearch=munoz', token)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ status: 403, message: expect.any(String) })
    }
    expect((await get('/transactions?trainerSearch=munoz')).statusCode).toBe(401)
  })
})
