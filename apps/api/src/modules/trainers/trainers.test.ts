import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { businesses, clientPayments, mailOutbox, trainers, users } from '../../db/schema.ts'
import { createOffer, gymWithTrainer, sandboxClient } from '../client-billing/test-helpers.ts'
import { call, createUserAndLogin, uniqueEmail, useTestApp } from '../../testing/app.ts'
import { generatePassword } from './password.ts'

const ctx = useTestApp()

const gymBody = (name = 'Gimnasio Sur') => ({
  name,
  email: 'sur@example.com',
  address: 'Gran Avenida 5000',
  city: 'San Miguel',
  state: 'RM',
  zipCode: '8900000',
  phone: '+56 2 2555 0000',
})

const trainerBody = (over: Record<string, unknown> = {}) => ({
  firstName: 'Matías',
  lastName: 'Fuentes',
  email: uniqueEmail('trainer'),
  phone: '+56 9 8765 4321',
  specialization: 'Weight Training',
  experience: 5,
  ...over,
})

/**
 * A gym owner (e-mail verified, so mail to trainers goes out) with a gym; `plan` registers through
 * the API so a businesses row exists, and sets the plan as a platform admin would.
 */
async function ownerWithGym(plan?: 'business' | 'enterprise') {
  let token: string
  let userId: string
  if (plan) {
    const res = await call(ctx.app, 'POST', '/api/v1/auth/business/register', {
      body: {
        email: uniqueEmail('owner'),
        password: 'secret1',
        firstName: 'Olga',
        lastName: 'Díaz',
        businessName: 'Olga Fit',
        businessAddress: 'Calle 1',
      },
    })
    expect(res.statusCode).toBe(200)
    token = res.json().token
    userId = res.json().user.id
    await ctx.app.db.update(businesses).set({ subscriptionPlan: plan }).where(eq(businesses.ownerId, userId))
  } else {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    token = owner.token
    userId = owner.user.id
  }
  await ctx.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId))
  const gym = (await call(ctx.app, 'POST', '/api/v1/gyms', { token, body: gymBody() })).json() as { id: string; name: string }
  return { token, userId, gym }
}

const emailLogin = (email: string, password: string) => call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email, password } })

describe('generatePassword', () => {
  it('is 16 characters with lower, upper, digit and symbol, and differs each time', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 200; i++) {
      const p = generatePassword()
      expect(p).toHaveLength(16)
      expect(p).toMatch(/[a-z]/)
      expect(p).toMatch(/[A-Z]/)
      expect(p).toMatch(/[0-9]/)
      expect(p).toMatch(/[^a-zA-Z0-9]/)
      seen.add(p)
    }
    expect(seen.size).toBe(200)
  })
})

describe('POST /trainers/with-user', () => {
  it('empty password: generates one, returns it once, stores only its hash; the trainer signs in with it; welcome mail sent', async () => {
    const { token, gym } = await ownerWithGym()
    const body = trainerBody({ password: '' })
    const res = await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token, body })
    expect(res.statusCode).toBe(201)
    const trainer = res.json()
    expect(trainer).toMatchObject({
      firstName: 'Matías',
      lastName: 'Fuentes',
      email: body.email,
      experience: 5,
      gymId: gym.id,
      gym: { id: gym.id, name: gym.name },
      isActive: true,
      userId: expect.any(String),
    })
    expect(trainer.generatedPassword).toMatch(/^.{16}$/)

    const [user] = await ctx.app.db.select().from(users).where(eq(users.id, trainer.userId))
    expect(user.role).toBe('trainer')
    expect(user.passwordHash).toMatch(/^\$argon2id\$/)
    expect(user.passwordHash).not.toContain(trainer.generatedPassword)

    const login = await emailLogin(body.email, trainer.generatedPassword)
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({ role: 'trainer', email: body.email })

    // Shown once: the list never carries it.
    const list = await call(ctx.app, 'GET', `/api/v1/gyms/${gym.id}/trainers`, { token })
    expect(list.body).not.toContain(trainer.generatedPassword)
    expect(list.json()[0]).not.toHaveProperty('generatedPassword')

    await ctx.app.mailer.flush()
    const mail = ctx.mail.sent.find((m) => m.to === body.email)
    expect(mail).toBeDefined()
    expect(mail!.subject).toContain(gym.name)
    expect(mail!.text).toContain('http://localhost:3000/auth/login')
    expect(mail!.text).toContain('/recuperar-password')
    expect(mail!.text).not.toContain(trainer.generatedPassword)
  })

  it('password left out: also generated', async () => {
    const { token } = await ownerWithGym()
    const res = await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token, body: trainerBody() })
    expect(res.statusCode).toBe(201)
    expect(res.json().generatedPassword).toEqual(expect.any(String))
  })

  it('a given password is used and not echoed; shorter than 8 → 422 tooShort', async () => {
    const { token } = await ownerWithGym()
    const body = trainerBody({ password: 'Chosen123!' })
    const res = await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token, body })
    expect(res.statusCode).toBe(201)
    expect(res.json()).not.toHaveProperty('generatedPassword')
    expect(res.body).not.toContain('Chosen123!')
    expect((await emailLogin(body.email, 'Chosen123!')).statusCode).toBe(200)

    const short = await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token, body: trainerBody({ password: 'short' }) })
    expect(short.statusCode).toBe(422)
    expect(short.json().errors).toEqual({ password: 'tooShort' })
  })

  it('an e-mail already in use → 422 emailAlreadyExists; no trainer, no mail', async () => {
    const { token, gym } = await ownerWithGym()
    const member = await createUserAndLogin(ctx.app, { role: 'member' })
    await ctx.app.mailer.flush()
    const sentBefore = ctx.mail.sent.length
    const res = await call(ctx.app, 'POST', '/api/v1/trainers/with-user', {
      token,
      body: trainerBody({ email: member.user.email.toUpperCase() }),
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ email: 'emailAlreadyExists' })
    expect((await call(ctx.app, 'GET', `/api/v1/gyms/${gym.id}/trainers`, { token })).json()).toEqual([])
    await ctx.app.mailer.flush()
    expect(ctx.mail.sent.length).toBe(sentBefore)
  })

  it('account, trainer and welcome mail are one transaction: a failing trainer insert leaves no account and no mail', async () => {
    const { token } = await ownerWithGym()
    await ctx.app.db.execute(
      sql`CREATE FUNCTION fail_trainer() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'trainer insert failed'; END $$`,
    )
    await ctx.app.db.execute(sql`CREATE TRIGGER fail_trainer BEFORE INSERT ON trainers FOR EACH ROW EXECUTE FUNCTION fail_trainer()`)
    try {
      const body = trainerBody()
      const res = await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token, body })
      expect(res.statusCode).toBe(500)
      expect(await ctx.app.db.select().from(users).where(eq(users.email, body.email))).toEqual([])
      expect(await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email))).toEqual([])
    } finally {
      await ctx.app.db.execute(sql`DROP TRIGGER fail_trainer ON trainers`)
      await ctx.app.db.execute(sql`DROP FUNCTION fail_trainer()`)
    }
  })

  it('an owner without a gym → 422 gymId notFound', async () => {
    const owner = await createUserAndLogin(ctx.app, { role: 'gym_owner' })
    const res = await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token: owner.token, body: trainerBody() })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ errors: { gymId: 'notFound' }, message: 'Create your gym before adding trainers' })
  })
})

describe('trainer validation (POST /trainers, POST /trainers/with-user, PUT /trainers/{id})', () => {
  let owner: Awaited<ReturnType<typeof ownerWithGym>>
  let trainerId: string
  beforeAll(async () => {
    owner = await ownerWithGym()
    trainerId = (await call(ctx.app, 'POST', '/api/v1/trainers', { token: owner.token, body: trainerBody() })).json().id
  })

  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['firstName blank', { firstName: ' ' }, { firstName: 'required' }],
    ['lastName missing', { lastName: undefined }, { lastName: 'required' }],
    ['email missing', { email: undefined }, { email: 'required' }],
    ['email malformed', { email: 'trainer@' }, { email: 'invalidEmail' }],
    ['phone blank', { phone: '' }, { phone: 'required' }],
    ['phone malformed', { phone: 'abc-def' }, { phone: 'invalidPhone' }],
    ['specialization blank', { specialization: '' }, { specialization: 'required' }],
    ['experience missing', { experience: undefined }, { experience: 'invalidType' }],
    ['experience negative', { experience: -1 }, { experience: 'tooSmall' }],
    ['experience not whole', { experience: 2.5 }, { experience: 'invalid' }],
    ['experience as text', { experience: '5' }, { experience: 'invalidType' }],
    ['gymId malformed', { gymId: 'x' }, { gymId: 'invalid' }],
    ['unknown field', { salary: 1 }, { salary: 'unknownField' }],
  ]

  it.each(cases)('%s → 422', async (_name, over, errors) => {
    const body = trainerBody(over)
    for (const [method, url] of [
      ['POST', '/api/v1/trainers'],
      ['POST', '/api/v1/trainers/with-user'],
      ['PUT', `/api/v1/trainers/${trainerId}`],
    ] as const) {
      const res = await call(ctx.app, method, url, { token: owner.token, body })
      expect(res.statusCode, `${method} ${url}`).toBe(422)
      expect(res.json().errors, `${method} ${url}`).toEqual(errors)
    }
  })

  it('experience 0 is accepted', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/trainers', { token: owner.token, body: trainerBody({ experience: 0 }) })
    expect(res.statusCode).toBe(201)
    expect(res.json().experience).toBe(0)
  })

  it('POST /trainers: an e-mail already used by a trainer of the gym → 422 emailAlreadyExists', async () => {
    const email = uniqueEmail('dup')
    expect((await call(ctx.app, 'POST', '/api/v1/trainers', { token: owner.token, body: trainerBody({ email }) })).statusCode).toBe(201)
    const res = await call(ctx.app, 'POST', '/api/v1/trainers', { token: owner.token, body: trainerBody({ email: email.toUpperCase() }) })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ email: 'emailAlreadyExists' })
  })
})

describe('POST /trainers, GET /gyms/{id}/trainers, PUT and DELETE /trainers/{id}', () => {
  it('adds a trainer without a login account and lists it with its gym', async () => {
    const { token, gym } = await ownerWithGym()
    const res = await call(ctx.app, 'POST', '/api/v1/trainers', { token, body: trainerBody({ gymId: gym.id }) })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ userId: null, gymId: gym.id })
    const list = await call(ctx.app, 'GET', `/api/v1/gyms/${gym.id}/trainers`, { token })
    expect(list.statusCode).toBe(200)
    expect(list.json()).toEqual([
      expect.objectContaining({ id: res.json().id, gym: { id: gym.id, name: gym.name }, specialization: 'Weight Training' }),
    ])
  })

  it('PUT updates the trainer and its login account (name now; a new e-mail once the new address confirms it)', async () => {
    const { token } = await ownerWithGym()
    const created = (
      await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token, body: trainerBody({ password: 'Chosen123!' }) })
    ).json()
    const newEmail = uniqueEmail('renamed')
    const res = await call(ctx.app, 'PUT', `/api/v1/trainers/${created.id}`, {
      token,
      body: trainerBody({ firstName: 'Mati', email: newEmail, specialization: 'Yoga', experience: 7, gymId: created.gymId }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: created.id,
      firstName: 'Mati',
      email: created.email,
      pendingEmail: newEmail,
      specialization: 'Yoga',
      experience: 7,
    })
    await ctx.app.mailer.flush()
    const link = ctx.mail.sent.find((m) => m.to === newEmail)!.text.match(/confirmar-correo\?token=([\w-]+)/)!
    expect((await call(ctx.app, 'POST', '/api/v1/auth/email-change/confirm', { body: { token: link[1] } })).statusCode).toBe(200)
    const login = await emailLogin(newEmail, 'Chosen123!')
    expect(login.statusCode).toBe(200)
    expect(login.json().user.firstName).toBe('Mati')
  })

  it('PUT to an e-mail of another account → 422 emailAlreadyExists and nothing changes', async () => {
    const { token } = await ownerWithGym()
    const created = (await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token, body: trainerBody() })).json()
    const other = await createUserAndLogin(ctx.app, { role: 'member' })
    const res = await call(ctx.app, 'PUT', `/api/v1/trainers/${created.id}`, { token, body: trainerBody({ email: other.user.email }) })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ email: 'emailAlreadyExists' })
    const [row] = await ctx.app.db.select().from(trainers).where(eq(trainers.id, created.id))
    expect(row.email).toBe(created.email)
  })

  it('PUT keeping the same e-mail is fine', async () => {
    const { token } = await ownerWithGym()
    const body = trainerBody()
    const created = (await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token, body })).json()
    expect(
      (await call(ctx.app, 'PUT', `/api/v1/trainers/${created.id}`, { token, body: { ...body, phone: '+56 9 0000 1111' } })).statusCode,
    ).toBe(200)
  })

  it('DELETE removes the trainer and the login account created for it (its sessions end)', async () => {
    const { token, gym } = await ownerWithGym()
    const body = trainerBody({ password: 'Chosen123!' })
    const created = (await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token, body })).json()
    const trainerSession = (await emailLogin(body.email, 'Chosen123!')).json().token
    const res = await call(ctx.app, 'DELETE', `/api/v1/trainers/${created.id}`, { token })
    expect(res.statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', `/api/v1/gyms/${gym.id}/trainers`, { token })).json()).toEqual([])
    expect((await emailLogin(body.email, 'Chosen123!')).json().errors).toEqual({ email: 'notFound' })
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token: trainerSession })).statusCode).toBe(401)
    // The e-mail can be used again.
    expect((await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token, body })).statusCode).toBe(201)
    // A second delete of the same id is 404.
    expect((await call(ctx.app, 'DELETE', `/api/v1/trainers/${created.id}`, { token })).statusCode).toBe(404)
  })

  it('DELETE of a trainer who has charged clients is a clear 409 (issue 19): the trainer, their account and the payments stay', async () => {
    const gym = await gymWithTrainer(ctx.app)
    const offer = await createOffer(ctx.app, gym.trainer.token)
    await sandboxClient(ctx.app, gym.trainer.token, offer.id)
    const res = await call(ctx.app, 'DELETE', `/api/v1/trainers/${gym.trainer.trainerId}`, { token: gym.owner.token })
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json()).toEqual({ status: 409, message: expect.stringMatching(/client subscriptions or payments.*deactivate/) })
    expect(await ctx.app.db.select().from(trainers).where(eq(trainers.id, gym.trainer.trainerId))).toHaveLength(1)
    expect(await ctx.app.db.select().from(clientPayments).where(eq(clientPayments.trainerId, gym.trainer.trainerId))).toHaveLength(1)
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { token: gym.trainer.token })).statusCode).toBe(200)
  })
})

describe('plan limits', () => {
  const fill = async (token: string, n: number) => {
    for (let i = 0; i < n; i++) {
      const res = await call(ctx.app, 'POST', '/api/v1/trainers', { token, body: trainerBody() })
      expect(res.statusCode).toBe(201)
    }
  }

  it('Business: the 11th trainer is refused with a clear 409, by either create endpoint; no mail', async () => {
    const { token, gym } = await ownerWithGym('business')
    await fill(token, 9)
    await ctx.app.mailer.flush()
    const sentBefore = ctx.mail.sent.length
    expect((await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token, body: trainerBody() })).statusCode).toBe(201)
    await ctx.app.mailer.flush()
    const afterTenth = ctx.mail.sent.length
    expect(afterTenth).toBe(sentBefore + 1)
    for (const url of ['/api/v1/trainers', '/api/v1/trainers/with-user']) {
      const res = await call(ctx.app, 'POST', url, { token, body: trainerBody() })
      expect(res.statusCode, url).toBe(409)
      expect(res.json()).toEqual({
        status: 409,
        message: 'Trainer limit reached: the Business plan allows up to 10 trainers. Upgrade to Enterprise for up to 50.',
        errors: { trainers: 'limitReached' },
      })
    }
    expect((await call(ctx.app, 'GET', `/api/v1/gyms/${gym.id}/trainers`, { token })).json()).toHaveLength(10)
    await ctx.app.mailer.flush()
    expect(ctx.mail.sent.length).toBe(afterTenth)
  })

  it('an owner without a business record counts as Business (10)', async () => {
    const { token } = await ownerWithGym()
    await fill(token, 10)
    const res = await call(ctx.app, 'POST', '/api/v1/trainers', { token, body: trainerBody() })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/Business plan allows up to 10/)
  })

  it('deleting a trainer frees a place', async () => {
    const { token } = await ownerWithGym()
    await fill(token, 9)
    const last = (await call(ctx.app, 'POST', '/api/v1/trainers', { token, body: trainerBody() })).json()
    expect((await call(ctx.app, 'POST', '/api/v1/trainers', { token, body: trainerBody() })).statusCode).toBe(409)
    await call(ctx.app, 'DELETE', `/api/v1/trainers/${last.id}`, { token })
    expect((await call(ctx.app, 'POST', '/api/v1/trainers', { token, body: trainerBody() })).statusCode).toBe(201)
  })

  it('concurrent creates cannot pass the limit together', async () => {
    const { token, gym } = await ownerWithGym('business')
    await fill(token, 8)
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(ctx.app, 'POST', '/api/v1/trainers', { token, body: trainerBody() })),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409])
    expect((await call(ctx.app, 'GET', `/api/v1/gyms/${gym.id}/trainers`, { token })).json()).toHaveLength(10)
  })

  it('Enterprise: 50 trainers, the 51st is refused', async () => {
    const { token } = await ownerWithGym('enterprise')
    await fill(token, 50)
    const res = await call(ctx.app, 'POST', '/api/v1/trainers', { token, body: trainerBody() })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      message: 'Trainer limit reached: the Enterprise plan allows up to 50 trainers.',
      errors: { trainers: 'limitReached' },
    })
  }, 30_000)
})

describe('authorization: only the owner reads or changes their trainers', () => {
  let ownerA: Awaited<ReturnType<typeof ownerWithGym>>
  let trainerA: { id: string; email: string }
  const tokens: Record<string, string> = {}

  beforeAll(async () => {
    ownerA = await ownerWithGym()
    const body = trainerBody({ password: 'Trainer123!' })
    trainerA = (await call(ctx.app, 'POST', '/api/v1/trainers/with-user', { token: ownerA.token, body })).json()
    tokens.secondOwner = (await ownerWithGym()).token
    // The trainer of A's own gym is not its owner.
    tokens.trainer = (await emailLogin(body.email, 'Trainer123!')).json().token
    tokens.member = (await createUserAndLogin(ctx.app, { role: 'member' })).token
  })

  const snapshot = async () => (await ctx.app.db.select().from(trainers).where(eq(trainers.gymId, ownerA.gym.id))).map((t) => ({ ...t }))
  const expected: Record<string, number> = { secondOwner: 404, trainer: 403, member: 403 }

  it('GET /gyms/{A}/trainers: second owner 404, trainer 403, member 403, no token 401', async () => {
    for (const [who, status] of Object.entries(expected)) {
      const res = await call(ctx.app, 'GET', `/api/v1/gyms/${ownerA.gym.id}/trainers`, { token: tokens[who] })
      expect(res.statusCode, who).toBe(status)
      expect(res.body).not.toContain(trainerA.email)
    }
    expect((await call(ctx.app, 'GET', `/api/v1/gyms/${ownerA.gym.id}/trainers`)).statusCode).toBe(401)
  })

  it('POST /trainers and /trainers/with-user into A’s gym: second owner 403, trainer 403, member 403; nothing added', async () => {
    const before = await snapshot()
    for (const url of ['/api/v1/trainers', '/api/v1/trainers/with-user']) {
      for (const who of ['secondOwner', 'trainer', 'member']) {
        const res = await call(ctx.app, 'POST', url, { token: tokens[who], body: trainerBody({ gymId: ownerA.gym.id }) })
        expect(res.statusCode, `${who} ${url}`).toBe(403)
      }
      expect((await call(ctx.app, 'POST', url, { body: trainerBody() })).statusCode).toBe(401)
    }
    expect(await snapshot()).toEqual(before)
  })

  it('PUT /trainers/{A’s trainer}: second owner 404, trainer 403, member 403; unchanged', async () => {
    const before = await snapshot()
    for (const [who, status] of Object.entries(expected)) {
      const res = await call(ctx.app, 'PUT', `/api/v1/trainers/${trainerA.id}`, {
        token: tokens[who],
        body: trainerBody({ firstName: 'Hijacked' }),
      })
      expect(res.statusCode, who).toBe(status)
    }
    expect((await call(ctx.app, 'PUT', `/api/v1/trainers/${trainerA.id}`, { body: trainerBody() })).statusCode).toBe(401)
    expect(await snapshot()).toEqual(before)
  })

  it('DELETE /trainers/{A’s trainer}: second owner 404, trainer 403, member 403; still there', async () => {
    const before = await snapshot()
    for (const [who, status] of Object.entries(expected)) {
      expect((await call(ctx.app, 'DELETE', `/api/v1/trainers/${trainerA.id}`, { token: tokens[who] })).statusCode, who).toBe(status)
    }
    expect((await call(ctx.app, 'DELETE', `/api/v1/trainers/${trainerA.id}`)).statusCode).toBe(401)
    expect(await snapshot()).toEqual(before)
  })

  it('the second owner cannot move a trainer into A’s gym either', async () => {
    const b = await ownerWithGym()
    const own = (await call(ctx.app, 'POST', '/api/v1/trainers', { token: b.token, body: trainerBody() })).json()
    const res = await call(ctx.app, 'PUT', `/api/v1/trainers/${own.id}`, { token: b.token, body: trainerBody({ gymId: ownerA.gym.id }) })
    expect(res.statusCode).toBe(403)
    expect((await call(ctx.app, 'GET', `/api/v1/gyms/${ownerA.gym.id}/trainers`, { token: ownerA.token })).json()).toHaveLength(1)
  })
})
