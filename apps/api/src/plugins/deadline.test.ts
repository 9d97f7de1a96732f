import { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import deadline from './deadline.ts'

// The request deadline answers 503 when nothing was sent in time, but never cuts a stream that has begun.
const app = Fastify()
beforeAll(async () => {
  app.decorate('config', { REQUEST_TIMEOUT_MS: 1_000 } as never)
  await app.register(deadline)
  app.get('/silent', async () => {
    await sleep(1_600)
    return { late: true }
  })
  app.get('/stream', async (_request, reply) => {
    async function* lines() {
      for (let i = 0; i < 8; i++) {
        yield `line ${i}\n`
        await sleep(250)
      }
    }
    return reply.header('content-type', 'text/plain').send(Readable.from(lines()))
  })
  await app.ready()
})
afterAll(() => app.close())

describe('the request deadline', () => {
  it('answers 503 requestTimeout when the handler has not answered in time', async () => {
    const res = await app.inject({ method: 'GET', url: '/silent' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('5')
  })

  it('lets a stream that has begun finish past the deadline (a long export stays whole)', async () => {
    const res = await app.inject({ method: 'GET', url: '/stream' })
    expect(res.statusCode).toBe(200)
    expect(res.body.split('\n').filter(Boolean)).toHaveLength(8)
  })
})
