import type { SessionDoneInput, SessionState, SetLogAnswer, SetLogInput } from '@app/contracts'
import { createStore, del, entries, set, type UseStore } from 'idb-keyval'
import { api, ApiError } from '@/lib/api-client'
import { islandWrites } from '../island/hand-off'

/**
 * The client's workout writes, kept on the device until the server has them (issue 25, decision
 * 210): a set logged in a basement without signal is stored here first, in IndexedDB so that it
 * survives a reload or a closed tab, and sent when the connection returns. Each set carries the
 * idempotency key made when it was first logged, so sending it again (a flush cut halfway, two
 * tabs) never stores it twice on the server.
 */

export type QueuedSet = {
  kind: 'set'
  /** The set's idempotency key, made on the device when it was first logged. */
  key: string
  userId: string
  queuedAt: number
  body: SetLogInput & { idempotencyKey: string; performedAt: string }
  attempts: number
  /** Not before this time (ms) unless the connection has just come back. */
  retryAt: number
  /** A final refusal (a 4xx other than a temporary one): shown, never sent again. */
  refusal: Refusal | null
}

export type QueuedDone = Omit<QueuedSet, 'kind' | 'body'> & { kind: 'done'; body: SessionDoneInput }
export type QueuedWrite = QueuedSet | QueuedDone

export interface Refusal {
  status: number
  message: string
  data: unknown
}

export type Synced = { write: QueuedSet; answer: SetLogAnswer } | { write: QueuedDone; answer: SessionState }

/** Sends one write; throws ApiError for an answer that is not 2xx, TypeError without a connection. */
export type Send = (write: QueuedWrite) => Promise<SetLogAnswer | SessionState>

/** 408, 409 (the same key still running), 425 and 429 are worth another try; other 4xx are final. */
const TEMPORARY = new Set([408, 409, 425, 429])
export const isFinalRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && !TEMPORARY.has(error.status) && error.status !== 401
const MAX_BACKOFF_MS = 60_000

/** 1 s, 2 s, 4 s … at most a minute between tries of a write the server could not take. */
export const backoff = (attempts: number) => Math.min(1000 * 2 ** Math.max(attempts - 1, 0), MAX_BACKOFF_MS)

// A set is sent without an Idempotency-Key header: the set's own key in the body is what the server
// dedupes on, and the header's stored answer cost ~1.3 ms of server CPU per set (a third of the
// throughput, decision 221). Other writes (a session marked done) keep a header key per send; a
// header key reused after a lost answer would be refused with 409 while the first still runs.
const sendOverHttp: Send = (write) =>
  write.kind === 'set'
    ? api.post<SetLogAnswer>('/client/set-logs', write.body, { idempotencyKey: null })
    : api.post<SessionState>('/client/workouts/done', write.body)

export interface WriteQueue {
  /** The user's writes not yet on the server, oldest first (refused ones included). */
  list(userId: string): QueuedWrite[]
  /** Reads what an earlier page load left in IndexedDB. */
  ready(): Promise<void>
  /** Keeps a write; a key already queued keeps its first version (a double tap logs one set). */
  add(write: Omit<QueuedSet, 'attempts' | 'retryAt' | 'refusal'> | Omit<QueuedDone, 'attempts' | 'retryAt' | 'refusal'>): Promise<void>
  /** Sends the user's writes in order; `force` ignores the back-off (the connection came back). */
  flush(userId: string, opts?: { force?: boolean }): Promise<void>
  /** Drops a refused write. */
  discard(key: string): Promise<void>
  /** When the next retry of a write the server could not take is due (ms), if any. */
  nextRetryAt(userId: string): number | null
  subscribe(listener: () => void): () => void
  onSynced(listener: (synced: Synced) => void): () => void
}

export function createWriteQueue(opts: { store?: UseStore; send?: Send; now?: () => number } = {}): WriteQueue {
  // Opened on first use: importing this module must not touch IndexedDB.
  let opened = opts.store
  const store = () => (opened ??= createStore('entrenapp-workout', 'writes'))
  const send = opts.send ?? sendOverHttp
  const now = opts.now ?? Date.now
  const writes = new Map<string, QueuedWrite>()
  const listeners = new Set<() => void>()
  const syncedListeners = new Set<(synced: Synced) => void>()
  const flushing = new Map<string, Promise<void>>()
  let loading: Promise<void> | null = null
  let loaded = false
  let snapshot = new Map<string, QueuedWrite[]>()

  const changed = () => {
    snapshot = new Map()
    for (const listener of listeners) listener()
  }
  // IndexedDB may be missing (some private modes): the queue then lives for this page load only.
  const persist = async (write: QueuedWrite) => {
    try {
      await set(write.key, write, store())
    } catch {
      /* kept in memory */
    }
  }
  const forget = async (key: string) => {
    try {
      await del(key, store())
    } catch {
      /* nothing stored */
    }
  }

  const queue: WriteQueue = {
    list(userId) {
      let mine = snapshot.get(userId)
      if (!mine) {
        mine = [...writes.values()].filter((w) => w.userId === userId).sort((a, b) => a.queuedAt - b.queuedAt)
        snapshot.set(userId, mine)
      }
      return mine
    },

    ready() {
      loading ??= (async () => {
        try {
          for (const [key, write] of await entries<string, QueuedWrite>(store())) if (!writes.has(key)) writes.set(key, write)
        } catch {
          /* nothing stored */
        }
        // Sets the HTML's own day took (decision 254) whose IndexedDB write may not have landed yet.
        for (const write of islandWrites()) if (!writes.has(write.key)) writes.set(write.key, write)
        loaded = true
        changed()
      })()
      return loading
    },

    async add(write) {
      // Once loaded, the write is listed in the same task as the tap: its row turns done in the
      // same render as the rest of the tap's answer (no second render a microtask later).
      if (!loaded) await queue.ready()
      if (writes.has(write.key)) return
      const queued = { ...write, attempts: 0, retryAt: 0, refusal: null } as QueuedWrite
      writes.set(queued.key, queued)
      changed()
      await persist(queued)
    },

    flush(userId, { force = false } = {}) {
      // One flush per user at a time; a second call waits for the running one.
      const running = flushing.get(userId)
      if (running) return running
      const run = (async () => {
        await queue.ready()
        // Writes added while this runs are sent by this run too, in order.
        const tried = new Set<string>()
        for (;;) {
          const write = queue.list(userId).find((w) => !w.refusal && !tried.has(w.key))
          if (!write || (!force && write.retryAt > now())) break
          tried.add(write.key)
          try {
            const answer = await send(write)
            writes.delete(write.key)
            changed()
            await forget(write.key)
            for (const listener of syncedListeners) listener({ write, answer } as Synced)
          } catch (error) {
            const next: QueuedWrite = isFinalRefusal(error)
              ? { ...write, refusal: { status: error.status, message: error.message, data: error.data } }
              : { ...write, attempts: write.attempts + 1, retryAt: now() + backoff(write.attempts + 1) }
            writes.set(write.key, next)
            changed()
            await persist(next)
            // Offline or the server unwell: keep the order, try the rest later.
            if (!next.refusal) break
          }
        }
      })().finally(() => flushing.delete(userId))
      flushing.set(userId, run)
      return run
    },

    async discard(key) {
      writes.delete(key)
      changed()
      await forget(key)
    },

    nextRetryAt(userId) {
      const due = queue
        .list(userId)
        .filter((w) => !w.refusal && w.attempts > 0)
        .map((w) => w.retryAt)
      return due.length ? Math.min(...due) : null
    },

    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    onSynced(listener) {
      syncedListeners.add(listener)
      return () => syncedListeners.delete(listener)
    },
  }
  return queue
}

/** The page's one queue. */
export const writeQueue = createWriteQueue()
