import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isIPv4 } from 'node:net'

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x (a dual-stack socket reports those). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const a = address.toLowerCase()
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a
  return isIPv4(v4) && v4.startsWith('127.')
}

// Any of these means a proxy forwarded the request: its socket peer is the proxy, not the person.
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'cf-connecting-ip', 'true-client-ip']

/**
 * Whether a dev-only surface (the built-in mailbox, …) may answer this request: never in
 * production, never while mail goes to a real SMTP server, and only to a caller on this machine:
 * the socket's own address (never request.ip, which TRUST_PROXY may take from a header) is
 * loopback and no proxy header is present (a reverse proxy on this host would be loopback too).
 */
export function devOnlyAllowed(app: FastifyInstance, request: FastifyRequest): boolean {
  if (app.config.NODE_ENV === 'production') return false
  if (app.config.MAIL_TRANSPORT === 'smtp') return false
  if (!isLoopback(request.raw.socket?.remoteAddress)) return false
  return !FORWARDED.some((h) => request.headers[h] !== undefined)
}

/**
 * onRequest hook for every dev-only route: anyone else gets exactly the answer of an unknown
 * route, so the surface cannot even be detected.
 */
export function devOnly(app: FastifyInstance) {
  return async function devOnlyGuard(request: FastifyRequest, reply: FastifyReply) {
    if (!devOnlyAllowed(app, request)) return reply.callNotFound()
  }
}
