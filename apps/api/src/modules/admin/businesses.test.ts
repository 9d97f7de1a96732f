import { beforeAll, describe, expect, it } from 'vitest'
import { call, createUserAndLogin, freshIp, uniqueEmail, useTestApp } from '../../testing/app.ts'
import { registerOwner } from './test-helpers.ts'

const ctx = useTestApp()
let admin: Awaited<ReturnType<typeof createUserAndLogin>>
beforeAll(async () => {
  admin = await createUserAndLogin(ctx.app, { role: 'platform_admin' })
})

const get = (url: string) => call(ctx.app, 'GET', url, { token: admin.token })
const gymBody = {
  name: 'Gimnasio Norte',
  email: 'norte@example.com',
  address: 'Av. Norte 1',
  city: 'Antofagasta',
  state: 'II',
  zipCode: '1240000',
  phone: '+56 55 255 0000',
}
const trainerBody = () => ({
  firstName: 'Matías',
  lastName: 'Fuentes',
  email: uniqueEmail('trainer'),
  phone: '+56 9 8765 4321',
  specialization: 'Weight Training',
  experience: 5,
})

describe('gyms (businesses) in the console', () => {
  it('an owner at the Business limit: the operator sees 10/10, moves it to Enterprise with a reason, sees 10/50, and the owner can add the 11th', async () => {
    const owner = await registerOwner(ctx.app, 'Norte Fit Limits')
    const gym = (await call(ctx.app, 'POST', '/api/v1/gyms', { token: owner.token, body: gymBody })).json()
    for (let i = 0; i < 10; i++)
      expect((await call(ctx.app, 'POST', '/api/v1/trainers', { token: owner.token, body: trainerBody() })).statusCode).toBe(201)
    expect((await call(ctx.app, 'POST', '/api/v1/trainers', { token: owner.token, body: trainerBody() })).json().errors).toEqual({
      trainers: 'limitReached',
    })

    const listed = (await get('/api/v1/admin/businesses?q=limits')).json()
    expect(listed.total).toBe(1)
    expect(listed.data[0]).toMatchObject({
      id: owner.business.id,
      subscriptionPlan: 'business',
      gym: { id: gym.id, name: 'Gimnasio Norte', city: 'Antofagasta' },
      trainers: { count: 10, limit: 10 },
      owner: { email: owner.user.email },
    })

    const ip = freshIp()
    const changed = await call(ctx.app, 'PATCH', `/api/v1/admin/businesses/${owner.business.id}`, {
      token: admin.token,
      ip,
      body: { subscriptionPlan: 'enterprise', reason: 'Signed Enterprise contract' },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ subscriptionPlan: 'enterprise', trainers: { count: 10, limit: 50 } })
    expect((await call(ctx.app, 'POST', '/api/v1/trainers', { token: owner.token, body: trainerBody() })).statusCode).toBe(201)

    const detail = (await get(`/api/v1/admin/businesses/${owner.business.id}`)).json()
    expect(detail.trainers).toEqual({ count: 11, limit: 50 })
    expect(detail.history).toMatchObject([
      {
        action: 'business.update',
        actor: { id: admin.user.id, role: 'platform_admin' },
        ip,
        reason: 'Signed Enterprise contract',
        before: { subscriptionPlan: 'business' },
        after: { subscriptionPlan: 'enterprise' },
      },
    ])
  })

  it('searches by business name or owner e-mail and filters by plan; an owner without a gym shows no gym and 0 trainers', async () => {
    const a = await registerOwner(ctx.app, 'Zeta Search Gym')
    const b = await registerOwner(ctx.app, 'Omega Search Gym')
    await call(ctx.app, 'PATCH', `/api/v1/admin/businesses/${b.business.id}`, {
      token: admin.token,
      body: { subscriptionPlan: 'enterprise', reason: 'x' },
    })
    const ids = async (query: string) =>
      ((await get(`/api/v1/admin/businesses?pageSize=100&${query}`)).json().data as { id: string }[]).map((x) => x.id)
    expect(await ids('q=zeta%20search')).toEqual([a.business.id])
    expect(await ids(`q=${encodeURIComponent(b.user.email)}`)).toEqual([b.business.id])
    expect(await ids('q=search&plan=enterprise')).toEqual([b.business.id])
    const one = (await get('/api/v1/admin/businesses?q=zeta%20search')).json()
    expect(one.data[0]).toMatchObject({ gym: null, trainers: { count: 0, limit: 10 } })
    expect((await get('/api/v1/admin/businesses?plan=gold')).json().errors).toEqual({ plan: 'invalid' })
    expect((await get('/api/v1/admin/businesses/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
  })
})
