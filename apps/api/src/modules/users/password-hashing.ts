import { hash, verify } from '@node-rs/argon2'
import { availableParallelism } from 'node:os'
import { HttpError } from '../../errors.ts'

// argon2id with @node-rs/argon2's defaults (m=19456 KiB, t=2, p=1: OWASP's recommendation) runs on
// the libuv thread pool, off the event loop. Bounded here so that a flood of logins takes at most
// one hash per core and leaves the pool's other threads (fs, dns, …) and some CPU for everything
// else; past MAX_WAITING the caller is told to come back instead of queueing without end.
const MAX_RUNNING = Math.max(1, availableParallelism())
const MAX_WAITING = 256

let running = 0
const waiting: Array<() => void> = []

export const hashingStats = () => ({ running, waiting: waiting.length })

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw new HttpError(503, 'The server is busy. Try again in a moment.', undefined, { 'retry-after': '1' })
    await new Promise<void>((resolve) => waiting.push(resolve))
  } else running++
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

export const hashPassword = (password: string) => bounded(() => hash(password))
export const verifyPassword = (passwordHash: string, password: string) => bounded(() => verify(passwordHash, password).catch(() => false))
