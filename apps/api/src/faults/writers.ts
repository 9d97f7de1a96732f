import { randomUUID } from 'node:crypto'

/**
 * Clients that keep writing through an outage, as the web client does (issue 34): each operation
 * is a free-access request with its own e-mail and Idempotency-Key, sent again with the same key
 * after a 503/409/network error until it is acknowledged (201).
 */
export interface WriterStats {
  /** e-mail of every operation, acknowledged or not yet */
  operations: Map<string, { key: string; acked: boolean }>
  statuses: Map<number | 'network', number>
  /** Longest time one request waited for an answer (ms). */
  slowestMs: number
  /** 503/507 answers without Retry-After or without a code. */
  badRefusals: string[]
}

export function startWriters(baseUrl: string, concurrency: number) {
  const stats: WriterStats = { operations: new Map(), statuses: new Map(), slowestMs: 0, badRefusals: [] }
  let stopping = false
  const count = (s: number | 'network') => stats.statuses.set(s, (stats.statuses.get(s) ?? 0) + 1)

  async function send(email: string, key: string): Promise<boolean> {
    const started = Date.now()
    try {
      const res = await fetch(`${baseUrl}/api/v1/forms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ title: 'Solicitud', content: 'Nombre: Ana', email, subject: 'Acceso' }),
        signal: AbortSignal.timeout(20_000),
      })
      const text = await res.text()
      count(res.status)
      if (res.status === 503 || res.status === 507) {
        const body = JSON.parse(text) as { status?: number; code?: string; message?: string }
        if (!res.headers.get('retry-after') || !body.code || body.status !== res.status) stats.badRefusals.push(text)
      }
      // A write that committed while its answer was lost (the database went away between the
      // commit and storing the answer) is reported as carried out: that is its acknowledgement.
      return res.status === 201 || (res.status === 409 && text.includes('"idempotencyAnswerLost"'))
    } catch {
      count('network')
      return false
    } finally {
      stats.slowestMs = Math.max(stats.slowestMs, Date.now() - started)
    }
  }

  async function loop() {
    while (!stopping) {
      const email = `w-${randomUUID().slice(0, 12)}@example.com`
      const op = { key: randomUUID(), acked: false }
      stats.operations.set(email, op)
      while (!stopping && !op.acked) {
        op.acked = await send(email, op.key)
        if (!op.acked) await new Promise((r) => setTimeout(r, 100))
      }
    }
  }
  const loops = Array.from({ length: concurrency }, () => loop())

  return {
    stats,
    /** Stops starting new operations and finishes (acknowledges) every open one. */
    async finish() {
      stopping = true
      await Promise.all(loops)
      // A key cut mid-request stays locked for its hold time (idempotency.ts); under load that can
      // outlast a fixed number of tries, so each open operation is retried for up to a minute.
      const deadline = Date.now() + 60_000
      for (const [email, op] of stats.operations) {
        while (!op.acked && Date.now() < deadline) {
          op.acked = await send(email, op.key)
          if (!op.acked) await new Promise((r) => setTimeout(r, 200))
        }
      }
    },
    /** Number of answers with `status` so far. */
    seen: (status: number | 'network') => stats.statuses.get(status) ?? 0,
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls `check` until it holds (or throws after `ms`). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, ms = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check().catch(() => undefined)
    if (value) return value
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`)
    await sleep(100)
  }
}
