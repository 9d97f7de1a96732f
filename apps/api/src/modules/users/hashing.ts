import { hash, verify, type Options } from '@node-rs/argon2'
import { availableParallelism } from 'node:os'
import { HttpError } from '../../errors.ts'

/**
 * argon2id at one of OWASP's equal-strength settings: m = 12 MiB, t = 3, p = 1 (the cheat sheet lists
 * it beside m = 19 MiB, t = 2). On this hardware it verifies about twice as fast (decision 049).
 * @node-rs/argon2 computes on libuv's thread pool, never on the event loop; the queue below bounds
 * how much of it runs at once.
 */
export const ARGON2_OPTIONS: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 12_288, timeCost: 3, parallelism: 1 }

/** OWASP's argon2id settings of equal strength: the least memory (KiB) for each number of passes. */
export const OWASP_MIN_MEMORY_KIB: Record<number, number> = { 1: 47_104, 2: 19_456, 3: 12_288, 4: 9_216, 5: 7_168 }

/** The cost parameters of a PHC argon2id string, or undefined when it is not one. */
export function argon2Params(passwordHash: string) {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash)
  return match ? { m: Number(match[1]), t: Number(match[2]), p: Number(match[3]) } : undefined
}

/** True when a stored hash was made with other settings than today's: it is replaced at the next login. */
export function needsRehash(passwordHash: string) {
  const params = argon2Params(passwordHash)
  return (
    !params || params.m !== ARGON2_OPTIONS.memoryCost || params.t !== ARGON2_OPTIONS.timeCost || params.p !== ARGON2_OPTIONS.parallelism
  )
}

export interface WorkQueueOptions {
  /** Tasks running at once. */
  concurrency: number
  /** Tasks waiting for a slot; one more is refused with 503 and Retry-After. */
  maxQueued: number
}

/** Refused because the queue is full: the caller should come back after `retryAfterSeconds`. */
export const busy = (retryAfterSeconds: number) =>
  new HttpError(503, 'The server is busy. Try again in a moment.', undefined, { 'retry-after': String(retryAfterSeconds) })

/**
 * A bounded FIFO of async tasks. A flood of logins waits here (or is refused at once) instead of
 * piling up unbounded work on the thread pool that file access and DNS also need.
 */
export class WorkQueue {
  private active = 0
  private readonly waiting: Array<() => void> = []
  /** Moving average of a task's duration, for Retry-After. */
  private averageMs = 20

  constructor(public options: WorkQueueOptions) {}

  get running() {
    return this.active
  }
  get queued() {
    return this.waiting.length
  }

  /** Seconds after which the queue, as full as it is now, will have drained. */
  retryAfterSeconds() {
    return Math.max(1, Math.ceil(((this.waiting.length + 1) * this.averageMs) / this.options.concurrency / 1000))
  }

  /**
   * Throws `busy` now if a task would be refused: lets a caller turn a request away before it
   * spends anything else (database queries) on work that cannot be done.
   */
  assertRoom() {
    if (this.active >= this.options.concurrency && this.waiting.length >= this.options.maxQueued) throw busy(this.retryAfterSeconds())
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxQueued) throw busy(this.retryAfterSeconds())
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.active += 1
    }
    const started = performance.now()
    try {
      return await task()
    } finally {
      this.averageMs = this.averageMs * 0.9 + (performance.now() - started) * 0.1
      // The slot passes straight to the next waiter, so `active` never exceeds the limit.
      const next = this.waiting.shift()
      if (next) next()
      else this.active -= 1
    }
  }
}

/** One queue per process: the thread pool it protects is per process too. */
export const passwordQueue = new WorkQueue({ concurrency: availableParallelism(), maxQueued: 64 })

export function configurePasswordHashing(options: Partial<WorkQueueOptions>) {
  passwordQueue.options = { ...passwordQueue.options, ...options }
}

export const hashPassword = (password: string) => passwordQueue.run(() => hash(password, ARGON2_OPTIONS))

export const verifyPassword = (passwordHash: string, password: string) =>
  passwordQueue.run(() => verify(passwordHash, password).catch(() => false))
