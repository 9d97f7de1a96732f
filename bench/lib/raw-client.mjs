/* global Buffer */
// A minimal keep-alive HTTP/1.1 client for the API bench: one socket per simulated user, bound to
// its own 127.x.y.z address (autocannon cannot bind a local address, and per-address rate limits
// stay on). Cheap enough on the client side that it does not steal much CPU from the server.
import { connect } from 'node:net'

/** 127.x.y.z addresses, never repeating within a bench process. */
export function addressPool(start = 1) {
  let n = start
  return () => {
    n++
    if ((n & 255) === 0) n++
    return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  }
}

/** One persistent connection from `localAddress`; request() resolves { status, body, ms }. */
export function openConnection({ host = '127.0.0.1', port, localAddress }) {
  const socket = connect({ host, port, localAddress, noDelay: true })
  let buffer = Buffer.alloc(0)
  const waiting = []
  let closed = false
  const failAll = (err) => {
    closed = true
    while (waiting.length) waiting.shift().reject(err)
  }
  socket.on('error', failAll)
  socket.on('close', () => failAll(new Error('connection closed')))
  socket.on('data', (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n')
      if (end < 0) return
      const head = buffer.subarray(0, end).toString('latin1')
      const status = Number(head.slice(9, 12))
      const m = /\r\ncontent-length:\s*(\d+)/i.exec(head)
      const length = m ? Number(m[1]) : 0
      if (buffer.length < end + 4 + length) return
      const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8')
      buffer = buffer.subarray(end + 4 + length)
      const w = waiting.shift()
      if (w) w.resolve({ status, body, ms: Number(process.hrtime.bigint() - w.t0) / 1e6, headers: head })
    }
  })
  const ready = new Promise((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  return {
    ready,
    get closed() {
      return closed
    },
    request({ method = 'GET', path, headers = {}, body }) {
      const payload = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
      let head = `${method} ${path} HTTP/1.1\r\nhost: ${host}:${port}\r\n`
      for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`
      if (body !== undefined) head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`
      return new Promise((resolve, reject) => {
        if (closed) return reject(new Error('connection closed'))
        waiting.push({ resolve, reject, t0: process.hrtime.bigint() })
        socket.write(head + '\r\n' + payload)
      })
    },
    close: () => socket.destroy(),
  }
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/**
 * Runs `connections` loops for `durationMs`. Each loop owns a simulated user from `nextUser()`
 * (an address, maybe a session) and sends `step(user)` requests; after `perUser` requests it moves
 * to the next user on a new connection (so no address passes its rate limit).
 */
export async function runLoad({ port, connections, durationMs, perUser, nextUser, step }) {
  const latencies = []
  const statuses = {}
  let errors = 0
  const end = Date.now() + durationMs
  async function loop() {
    while (Date.now() < end) {
      const user = nextUser()
      if (!user) return
      const conn = openConnection({ port, localAddress: user.address })
      try {
        await conn.ready
        for (let i = 0; i < perUser && Date.now() < end; i++) {
          const res = await conn.request(step(user))
          latencies.push(res.ms)
          statuses[res.status] = (statuses[res.status] ?? 0) + 1
          if (user.onResponse) user.onResponse(res)
          if (user.done) break
        }
      } catch {
        errors++
      } finally {
        conn.close()
      }
    }
  }
  const t0 = Date.now()
  await Promise.all(Array.from({ length: connections }, loop))
  const seconds = (Date.now() - t0) / 1000
  latencies.sort((a, b) => a - b)
  const ok = Object.entries(statuses).reduce((n, [s, c]) => (s.startsWith('2') ? n + c : n), 0)
  return {
    requests: latencies.length,
    ok,
    reqPerSec: Math.round(ok / seconds),
    p50: +percentile(latencies, 50).toFixed(2),
    p99: +percentile(latencies, 99).toFixed(2),
    statuses,
    errors,
  }
}
