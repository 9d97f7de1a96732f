// Child process of bench/api.mjs: runs one rate-limited scenario with the raw client and prints
// its result as JSON on stdout. Spec (JSON file in argv[2]): { kind, port, connections, durationMs,
// addressStart, users?, sessions? }.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { addressPool, runLoad } from './raw-client.mjs'

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const nextAddress = addressPool(spec.addressStart)
const json = { 'content-type': 'application/json' }
let result

if (spec.kind === 'login' || spec.kind === 'login-hammer') {
  // login-ip allows 30 per address per 10 min, login-email 10 per e-mail: stay under both.
  let k = 0
  const sessions = []
  const nextEmail = () => {
    if (spec.kind === 'login-hammer') return { email: `nobody-${randomUUID()}@example.com`, password: 'wrong-password' }
    const user = spec.users[Math.floor(k++ / 9)]
    return user
  }
  result = await runLoad({
    port: spec.port,
    connections: spec.connections,
    durationMs: spec.durationMs,
    perUser: 25,
    nextUser: () => ({
      address: nextAddress(),
      onResponse: (res) => {
        if (res.status === 200) sessions.push(JSON.parse(res.body).refreshToken)
      },
    }),
    step: () => {
      const user = nextEmail()
      if (!user) throw new Error('out of bench users')
      return { method: 'POST', path: '/api/v1/auth/email/login', headers: json, body: { email: user.email, password: user.password } }
    },
  })
  // Unknown e-mails answer 422 after the same argon2 verify: that is the hammer's success.
  if (spec.kind === 'login-hammer') result.reqPerSec = Math.round((result.statuses['422'] ?? 0) / (spec.durationMs / 1000))
  result.sessions = sessions
} else if (spec.kind === 'refresh') {
  // Each simulated user rotates its own session with the token of the previous answer; refresh
  // allows 60 per address per minute, so a user stops after 55 and the next one takes over.
  let i = 0
  result = await runLoad({
    port: spec.port,
    connections: spec.connections,
    durationMs: spec.durationMs,
    perUser: 55,
    nextUser: () => {
      const token = spec.sessions[i++]
      if (!token) return undefined
      const user = {
        address: nextAddress(),
        token,
        done: false,
        onResponse: (res) => {
          if (res.status === 200) user.token = JSON.parse(res.body).refreshToken
          else user.done = true
        },
      }
      return user
    },
    step: (user) => ({ method: 'POST', path: '/api/v1/auth/refresh', headers: { authorization: `Bearer ${user.token}` } }),
  })
  result.sessionsUsed = i
} else throw new Error(`unknown kind ${spec.kind}`)

process.stdout.write(JSON.stringify(result))
