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

/** Answers a call: a JSON body (status 200) or `stripeAnswer(status, body)`; undefined → 404 like Stripe; a throw → 500. */
export type StripeRoute = (call: StripeCall) => unknown

export const stripeAnswer = (status: number, body: unknown) => ({ [ANSWER]: true, status, body })
const ANSWER = Symbol('answer')

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
      if (answer && typeof answer === 'object' && ANSWER in answer) {
        const a = answer as unknown as { status: number; body: unknown }
        return json(a.status, a.body)
      }
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

/**
 * Stripe's money movements, kept like Stripe keeps them: refunds, transfers to connected accounts
 * and their reversals, with each connected account's balance. Tests assert what left the platform
 * (`outflow`), not only what the ledger says. `refuseReversals`: a connected account whose balance
 * is empty refuses them, as Stripe does.
 */
export function stripeMoney() {
  const refunds: { id: string; charge: string; amount: number; account: string | null }[] = []
  const transfers: { id: string; destination: string; amount: number; sourceTransaction: string; reversed: number }[] = []
  const reversals: { id: string; transfer: string; amount: number }[] = []
  const refuse = new Set<string>()
  const refused = (account: string) =>
    stripeAnswer(400, { error: { type: 'invalid_request_error', message: `Insufficient funds in ${account}` } })
  const route = ({ method, path, form, headers }: StripeCall): unknown => {
    if (method === 'POST' && path === '/v1/refunds') {
      const refund = {
        id: `re_${refunds.length + 1}`,
        charge: form.charge,
        amount: Number(form.amount),
        account: (headers['stripe-account'] as string) ?? null,
      }
      refunds.push(refund)
      return { id: refund.id, object: 'refund', amount: refund.amount, charge: refund.charge, status: 'succeeded' }
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const transfer = {
        id: `tr_${transfers.length + 1}`,
        destination: form.destination,
        amount: Number(form.amount),
        sourceTransaction: form.source_transaction,
        reversed: 0,
      }
      transfers.push(transfer)
      return { id: transfer.id, object: 'transfer', amount: transfer.amount, destination: transfer.destination }
    }
    const reversal = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path)
    if (method === 'POST' && reversal) {
      const transfer = transfers.find((t) => t.id === reversal[1])
      if (!transfer) return undefined
      const amount = Number(form.amount)
      if (refuse.has(transfer.destination) || amount > transfer.amount - transfer.reversed) return refused(transfer.destination)
      transfer.reversed += amount
      const row = { id: `trr_${reversals.length + 1}`, transfer: transfer.id, amount }
      reversals.push(row)
      return { id: row.id, object: 'transfer_reversal', amount, transfer: transfer.id }
    }
    return undefined
  }
  return {
    route,
    refunds,
    transfers,
    reversals,
    /** From now on this connected account refuses reversals (its balance is empty). */
    refuseReversalsFrom: (account: string) => refuse.add(account),
    /** Net pesos that went to one connected account for one charge: transfers less reversals. */
    netTo: (account: string, charge: string) =>
      transfers.filter((t) => t.destination === account && t.sourceTransaction === charge).reduce((s, t) => s + t.amount - t.reversed, 0),
  }
}

let eventCounter = 0
/** A Stripe event as the webhook receives it: the exact payload and its signature header. */
export function signedEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  opts: { id?: string; account?: string; signature?: string; created?: number } = {},
) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_${++eventCounter}_${Date.now()}`,
    object: 'event',
    type,
    api_version: '2025-10-29.clover',
    // Seconds, like Stripe's; a test sends an older event by giving an earlier time.
    created: opts.created ?? Math.floor(Date.now() / 1000),
    ...(opts.account ? { account: opts.account } : {}),
    data: { object },
  })
  const signature = opts.signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret })
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } }
}
