// Issue 9, item 11: argon2 work is bounded; a full queue answers 503 with Retry-After; made-up reset links cost no hashing.
import { afterEach, describe, expect, it } from 'vitest'
import { HttpError } from '../errors.ts'
import { hash } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import {
  argon2Params,
  configurePasswordHashing,
  hashPassword,
  OWASP_MIN_MEMORY_KIB,
  passwordQueue,
  WorkQueue,
} from '../modules/users/hashing.ts'
import { call, freshIp, uniqueEmail, useTestApp } from '../testing/app.ts'
import { findUserByEmail, insertUser, upgradePasswordHash } from '../modules/users/service.ts'

const ctx = useTestApp()

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks, queues up to `maxQueued`, refuses the next with 503 and Retry-After', async () => {
    const queue = new WorkQueue({ concurrency: 2, maxQueued: 3 })
    const gates = Array.from({ length: 5 }, gate)
    let running = 0
    let peak = 0
    const order: number[] = []
    const tasks = gates.map((g, i) =>
      queue.run(async () => {
        running += 1
        peak = Math.max(peak, running)
        order.push(i)
        await g.opened
        running -= 1
        return i
      }),
    )
    await new Promise((resolve) => setImmediate(resolve))
    expect(queue.running).toBe(2)
    expect(queue.queued).toBe(3)
    expect(order).toEqual([0, 1])

    const refused = await queue.run(async () => 'never').catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(HttpError)
    expect((refused as HttpError).status).toBe(503)
    expect(Number((refused as HttpError).headers?.['retry-after'])).toBeGreaterThanOrEqual(1)

    gates[0].open()
    await tasks[0]
    await new Promise((resolve) => setImmediate(resolve))
    // First in, first out: the slot went to the oldest waiter.
    expect(order).toEqual([0, 1, 2])
    expect(queue.running).toBe(2)
    expect(queue.queued).toBe(2)

    for (const g of gates) g.open()
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4])
    expect(peak).toBe(2)
    expect(queue.running).toBe(0)
  })

  it('a failing task frees its slot', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxQueued: 0 })
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await queue.run(async () => 'ok')).toBe('ok')
  })
})

describe('password hashing in the app', () => {
  const saved = { ...passwordQueue.options }
  afterEach(() => configurePasswordHashing(saved))

  /** Fills the only slot with a task that waits until `release` is called. */
  function occupy() {
    configurePasswordHashing({ concurrency: 1, maxQueued: 0 })
    const g = gate()
    const held = passwordQueue.run(() => g.opened)
    return async () => {
      g.open()
      await held
    }
  }

  it("argon2id at one of OWASP's equal-strength settings or stronger", async () => {
    const params = argon2Params(await hashPassword('Segura123!'))!
    expect(params.p).toBe(1)
    expect(params.t).toBeGreaterThanOrEqual(1)
    // More passes than the table lists need no more memory than its last row.
    expect(params.m).toBeGreaterThanOrEqual(OWASP_MIN_MEMORY_KIB[Math.min(params.t, 5)])
  })

  it("a login with a hash made under the old settings (m=19 MiB, t=2) succeeds and stores one with today's", async () => {
    const email = uniqueEmail('rehash')
    const old = await hash('Segura123!', { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 })
    await insertUser(ctx.app.db, { email, password: 'unused', passwordHash: old, firstName: 'A', lastName: 'B' })
    const login = () => call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email, password: 'Segura123!' }, ip: freshIp() })
    expect((await login()).statusCode).toBe(200)
    const stored = (await findUserByEmail(ctx.app.db, email))!.passwordHash
    expect(stored).not.toBe(old)
    expect(argon2Params(stored)).toEqual({ m: 12_288, t: 3, p: 1 })
    expect((await login()).statusCode).toBe(200)
    // A wrong password never rewrites anything.
    const wrong = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email, password: 'Otra1234!' }, ip: freshIp() })
    expect(wrong.statusCode).toBe(422)
    expect((await findUserByEmail(ctx.app.db, email))!.passwordHash).toBe(stored)
  })

  it('the upgrade never overwrites a password changed since the hash was read', async () => {
    const email = uniqueEmail('rehash-race')
    const old = await hash('Segura123!', { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 })
    const user = (await insertUser(ctx.app.db, { email, password: 'unused', passwordHash: old, firstName: 'A', lastName: 'B' }))!
    const changed = await hashPassword('Nueva123!')
    await ctx.app.db.update(users).set({ passwordHash: changed }).where(eq(users.id, user.id))
    expect(await upgradePasswordHash(ctx.app.db, { id: user.id, passwordHash: old }, 'Segura123!')).toBe(false)
    expect((await findUserByEmail(ctx.app.db, email))!.passwordHash).toBe(changed)
  })

  it('a login while the queue is full answers 503 with Retry-After in the error shape', async () => {
    const email = uniqueEmail('busy')
    await insertUser(ctx.app.db, { email, password: 'Segura123!', firstName: 'A', lastName: 'B' })
    const release = occupy()
    try {
      const res = await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email, password: 'Segura123!' }, ip: freshIp() })
      expect(res.statusCode).toBe(503)
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      expect(res.json()).toEqual({ status: 503, message: expect.any(String) })
    } finally {
      await release()
    }
    expect(
      (await call(ctx.app, 'POST', '/api/v1/auth/email/login', { body: { email, password: 'Segura123!' }, ip: freshIp() })).statusCode,
    ).toBe(200)
  })

  it('a password reset checks the link before hashing: a made-up link is refused without queueing', async () => {
    const release = occupy()
    try {
      const res = await call(ctx.app, 'POST', '/api/v1/auth/reset/password', {
        body: { hash: 'made-up-link-hash', password: 'Nueva123!' },
        ip: freshIp(),
      })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ hash: 'invalidHash' })
    } finally {
      await release()
    }
  })

  it('registration checks the verification token before hashing', async () => {
    const release = occupy()
    try {
      const res = await call(ctx.app, 'POST', '/api/v1/auth/email/register', {
        body: {
          email: uniqueEmail(),
          password: 'Segura123!',
          firstName: 'A',
          lastName: 'B',
          userType: 'member',
          birthDate: '1990-04-02',
          verificationToken: 'made-up',
        },
      })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ verificationToken: 'invalidOrExpired' })
    } finally {
      await release()
    }
  })
})
