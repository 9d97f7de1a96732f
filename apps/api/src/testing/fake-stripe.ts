import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import type { Config } from '../config.ts'

/** One call the Stripe SDK made: the form it posted (or the query of a GET) and its headers. */
export interface StripeCall {
  method: string
  path: string
  form: Record<string, string>
  headers: IncomingMessage['headers']
}

/** Answers a call: a JSON body (status 200); undefined → 404 like Stripe; a throw → 500. */
export type StripeRoute = (call: StripeCall) => unknown

/**
 * A stand-in for api.stripe.com on 127.0.0.1: records what the SDK sends and answers what the
 * test's `route` returns. `config` points the app's Stripe provider at it.
 */
export async function startFakeStripe(route: StripeRoute) {
  const recorded: StripeCall[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const url = new URL(req.url!, 'http://stripe.local')
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : body))
      const call = { method: req.method!, path: url.pathname, form, headers: req.headers }
      recorded.push(call)
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' })
        res.end(JSON.stringify(value))
      }
      let answer: unknown
      try {
        answer = route(call)
      } catch (err) {
        return json(500, { error: { type: 'api_error', message: (err as Error).message } })
      }
      if (answer === undefined)
        return json(404, { error: { type: 'invalid_request_error', message: `No route ${call.method} ${call.path}` } })
      json(200, answer)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    recorded,
    port,
    /** Calls to one path (and method). */
    calls: (method: string, path: string | RegExp) =>
      recorded.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    config: (secret: string, extra: Partial<Config> = {}): Partial<Config> => ({
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: port,
      STRIPE_API_PROTOCOL: 'http',
      ...extra,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let eventCounter = 0
/** A Stripe event as the webhook receives it: the exact payload and its signature header. */
export function signedEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  opts: { id?: string; account?: string; signature?: string } = {},
) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_${++eventCounter}_${Date.now()}`,
    object: 'event',
    type,
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    ...(opts.account ? { account: opts.account } : {}),
    data: { object },
  })
  const signature = opts.signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret })
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } }
}
