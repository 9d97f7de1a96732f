import 'fake-indexeddb/auto'
import { createStore } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWriteQueue, type QueuedSet, type Synced } from './write-queue'

/**
 * The queue against a fake of the API's HTTP edge (global fetch): the server stores a set once per
 * idempotency key, as POST /client/set-logs does, and can be offline, unwell or refusing.
 */
type Mode = 'up' | 'offline' | 'unavailable' | { refuse: number }

function fakeServer() {
  const stored = new Map<string, unknown>()
  const posts: { path: string; body: Record<string, unknown>; headerKey: string | null }[] = []
  const server = { mode: 'up' as Mode, stored, posts, refuseKey: null as string | null }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (server.mode === 'offline') throw new TypeError('Failed to fetch')
      const path = url.replace('/api/v1', '')
      const body = JSON.parse(String(init.body)) as Record<string, unknown>
      posts.push({ path, body, headerKey: new Headers(init.headers).get('idempotency-key') })
      if (server.mode === 'unavailable') return Response.json({ status: 503, message: 'Service unavailable' }, { status: 503 })
      if (typeof server.mode === 'object' && (!server.refuseKey || server.refuseKey === body.idempotencyKey))
        return Response.json(
          { status: server.mode.refuse, message: 'Unprocessable entity', errors: { day: 'invalid' } },
          { status: server.mode.refuse },
        )
      if (path === '/client/workouts/done') return Response.json({ sessionId: 's1', comment: body.comment ?? null, completedAt: 'x' })
      const key = String(body.idempotencyKey)
      const replayed = stored.has(key)
      if (!replayed) stored.set(key, body)
      return Response.json(
        { setLog: { ...(stored.get(key) as object), id: key }, replayed, records: { exerciseId: 'e1', byReps: [], estimated1RmKg: null } },
        { status: replayed ? 200 : 201 },
      )
    }),
  )
  return server
}

let dbCount = 0
const freshStore = () => createStore(`queue-test-${++dbCount}`, 'writes')

function set(key: string, setNumber: number, userId = 'u1'): Omit<QueuedSet, 'attempts' | 'retryAt' | 'refusal'> {
  return {
    kind: 'set',
    key,
    userId,
    queuedAt: setNumber,
    body: {
      idempotencyKey: key,
      assignmentId: '2a9f6c1e-4b3d-4e7a-8c5f-0d1e2f3a4b5c',
      week: 1,
      day: 1,
      itemKey: 'w1d1e1',
      setNumber,
      reps: 8,
      loadKg: 60,
      done: true,
      performedAt: '2026-12-07T10:15:00-03:00',
    },
  }
}

describe('the offline write queue', () => {
  let clock = 1_000_000
  const now = () => clock
  beforeEach(() => {
    clock = 1_000_000
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('keeps sets logged offline across a reload and sends each once when the connection returns', async () => {
    const server = fakeServer()
    const store = freshStore()
    const first = createWriteQueue({ store, now })
    server.mode = 'offline'
    await first.add(set('key-set-0001', 1))
    await first.add(set('key-set-0002', 2))
    await first.flush('u1')
    expect(first.list('u1').map((w) => w.key)).toEqual(['key-set-0001', 'key-set-0002'])
    expect(server.stored.size).toBe(0)

    // The page is reloaded: a new queue reads what the first one left in IndexedDB.
    const reloaded = createWriteQueue({ store, now })
    await reloaded.ready()
    expect(reloaded.list('u1').map((w) => w.key)).toEqual(['key-set-0001', 'key-set-0002'])
    server.mode = 'up'
    const synced: Synced[] = []
    reloaded.onSynced((s) => synced.push(s))
    await reloaded.flush('u1', { force: true })
    expect(reloaded.list('u1')).toEqual([])
    expect([...server.stored.keys()]).toEqual(['key-set-0001', 'key-set-0002'])
    expect(synced.map((s) => s.write.key)).toEqual(['key-set-0001', 'key-set-0002'])

    // Nothing left for a third load.
    const third = createWriteQueue({ store, now })
    await third.ready()
    expect(third.list('u1')).toEqual([])
  })

  it('lists a tapped set in the same task once loaded, so that its row answers in the tap’s own render', async () => {
    fakeServer()
    const queue = createWriteQueue({ store: freshStore(), now })
    const notified: number[] = []
    queue.subscribe(() => notified.push(queue.list('u1').length))
    await queue.ready()
    void queue.add(set('key-sync-0001', 1))
    // No await: the listeners have already been told, with the set listed.
    expect(queue.list('u1').map((w) => w.key)).toEqual(['key-sync-0001'])
    expect(notified.at(-1)).toBe(1)
  })

  it('dedupes: a double tap queues one set, parallel flushes send it once, a replay after a lost answer stores nothing new', async () => {
    const server = fakeServer()
    const queue = createWriteQueue({ store: freshStore(), now })
    await queue.add(set('key-double', 1))
    await queue.add({ ...set('key-double', 1), body: { ...set('key-double', 1).body, reps: 99 } })
    expect(queue.list('u1')).toHaveLength(1)
    expect((queue.list('u1')[0] as QueuedSet).body.reps).toBe(8)
    await Promise.all([queue.flush('u1'), queue.flush('u1'), queue.flush('u1')])
    expect(server.posts).toHaveLength(1)

    // The same set queued again on another tab (its answer was lost there): the server replays it.
    const otherTab = createWriteQueue({ store: freshStore(), now })
    await otherTab.add(set('key-double', 1))
    await otherTab.flush('u1')
    expect(server.posts).toHaveLength(2)
    expect(server.stored.size).toBe(1)
    expect(otherTab.list('u1')).toEqual([])
  })

  it('sends a set with its key in the body and no Idempotency-Key header; a session marked done keeps one', async () => {
    const server = fakeServer()
    const queue = createWriteQueue({ store: freshStore(), now })
    await queue.add(set('key-no-header', 1))
    await queue.add({
      kind: 'done',
      key: 'key-done',
      userId: 'u1',
      queuedAt: 2,
      body: { assignmentId: set('x', 1).body.assignmentId, week: 1, day: 1 },
    })
    await queue.flush('u1')
    expect(server.posts.map((p) => [p.path, p.body.idempotencyKey ?? null, p.headerKey === null])).toEqual([
      ['/client/set-logs', 'key-no-header', true],
      ['/client/workouts/done', null, false],
    ])
  })

  it('retries a write the server could not take, after a back-off, keeping the order', async () => {
    const server = fakeServer()
    const queue = createWriteQueue({ store: freshStore(), now })
    await queue.add(set('key-retry-1', 1))
    await queue.add(set('key-retry-2', 2))
    server.mode = 'unavailable'
    await queue.flush('u1')
    // The first failed; the second waited behind it (order kept).
    expect(server.posts.map((p) => p.body.idempotencyKey)).toEqual(['key-retry-1'])
    expect(queue.list('u1')[0]).toMatchObject({ attempts: 1, retryAt: clock + 1000, refusal: null })
    expect(queue.nextRetryAt('u1')).toBe(clock + 1000)

    server.mode = 'up'
    await queue.flush('u1') // too early: the back-off holds
    expect(server.posts).toHaveLength(1)
    clock += 1000
    await queue.flush('u1')
    expect(queue.list('u1')).toEqual([])
    expect([...server.stored.keys()]).toEqual(['key-retry-1', 'key-retry-2'])
  })

  it('a final 4xx is kept as a refusal to show, never sent again; the sets after it still go; discard drops it', async () => {
    const server = fakeServer()
    const queue = createWriteQueue({ store: freshStore(), now })
    await queue.add(set('key-refused', 1))
    await queue.add(set('key-accepted', 2))
    server.mode = { refuse: 422 }
    server.refuseKey = 'key-refused'
    await queue.flush('u1')
    expect(queue.list('u1')).toEqual([expect.objectContaining({ key: 'key-refused', refusal: expect.objectContaining({ status: 422 }) })])
    expect([...server.stored.keys()]).toEqual(['key-accepted'])
    expect(queue.nextRetryAt('u1')).toBeNull()

    const posts = server.posts.length
    clock += 3_600_000
    await queue.flush('u1', { force: true })
    await queue.flush('u1', { force: true })
    expect(server.posts).toHaveLength(posts)
    await queue.discard('key-refused')
    expect(queue.list('u1')).toEqual([])
  })

  it('429 and 409 are temporary: retried, not refused', async () => {
    const server = fakeServer()
    const queue = createWriteQueue({ store: freshStore(), now })
    await queue.add(set('key-busy', 1))
    for (const status of [429, 409]) {
      server.mode = { refuse: status }
      await queue.flush('u1', { force: true })
      expect(queue.list('u1')[0]?.refusal).toBeNull()
    }
    server.mode = 'up'
    await queue.flush('u1', { force: true })
    expect([...server.stored.keys()]).toEqual(['key-busy'])
  })

  it('a set logged while a flush runs is sent by that flush, after the ones before it', async () => {
    const server = fakeServer()
    const queue = createWriteQueue({ store: freshStore(), now })
    await queue.add(set('key-during-1', 1))
    const running = queue.flush('u1')
    await queue.add(set('key-during-2', 2))
    await queue.flush('u1') // joins the running one
    await running
    expect([...server.stored.keys()]).toEqual(['key-during-1', 'key-during-2'])
    expect(queue.list('u1')).toEqual([])
  })

  it("sends only the signed-in person's writes", async () => {
    const server = fakeServer()
    const queue = createWriteQueue({ store: freshStore(), now })
    await queue.add(set('key-user-1', 1, 'u1'))
    await queue.add(set('key-user-2', 2, 'u2'))
    await queue.flush('u2')
    expect([...server.stored.keys()]).toEqual(['key-user-2'])
    expect(queue.list('u1').map((w) => w.key)).toEqual(['key-user-1'])
  })
})
