import { sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { brand } from '../../brand.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'

/**
 * Money the provider moved, as `ledger:reconcile` compares it with the ledger (issue 19).
 * A narrow interface of its own (`listMoneyMovements`), beside the payment provider's, so the
 * provider can be reshaped without touching reconciliation.
 *
 * - charge / refund / dispute: by the provider's id (the ids the ledger stores).
 * - transfer: the net paid out to connected accounts for one charge (transfers minus their
 *   reversals), keyed by the charge id (transfers carry it as `transfer_group`).
 */
export type MovementKind = 'charge' | 'refund' | 'dispute' | 'transfer'

export interface MoneyMovement {
  kind: MovementKind
  /** The provider's id of the charge, refund or dispute; for transfers, the charge they pay out. */
  id: string
  amountClp: number
  at: Date
}

export interface MovementRange {
  from: Date
  to: Date
}

export interface MovementSource {
  name: 'sandbox' | 'stripe'
  /**
   * Every client-billing money movement the provider made in [from, to). `knownCharges`: the
   * charge ids the ledger knows (a Stripe account also holds the trainers' platform plans, whose
   * charges are not client billing).
   */
  listMoneyMovements(range: MovementRange, knownCharges: ReadonlySet<string>): AsyncIterable<MoneyMovement>
  /** Payouts to the platform's bank in the range: reported, not compared (the ledger keeps none). */
  payouts?(range: MovementRange): Promise<{ count: number; totalClp: number }>
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[])

/**
 * The sandbox's own records: the charges and refunds its pages made (client_payments and
 * client_refunds rows of provider 'sandbox'). It never transfers.
 */
export function sandboxMovements(db: Db): MovementSource {
  return {
    name: 'sandbox',
    async *listMoneyMovements({ from, to }) {
      const charges = rowsOf<{ id: string; amount: number; at: Date | string }>(
        await db.execute(sql`select provider_payment_id as id, amount_clp as amount, paid_at as at from client_payments
          where provider = 'sandbox' and paid_at >= ${from.toISOString()} and paid_at < ${to.toISOString()}`),
      )
      for (const c of charges) yield { kind: 'charge', id: c.id, amountClp: Number(c.amount), at: new Date(c.at) }
      const refunds = rowsOf<{ id: string; kind: 'refund' | 'dispute'; amount: number; at: Date | string }>(
        await db.execute(sql`select r.provider_refund_id as id, r.kind, r.amount_clp as amount, r.created_at as at
          from client_refunds r join client_payments p on p.id = r.payment_id
          where p.provider = 'sandbox' and r.created_at >= ${from.toISOString()} and r.created_at < ${to.toISOString()}`),
      )
      for (const r of refunds) yield { kind: r.kind, id: r.id, amountClp: Number(r.amount), at: new Date(r.at) }
    },
  }
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null))

/**
 * Stripe's records through its API, every list paged to its end (auto-pagination). Charges of
 * the platform account and of the connected accounts that take direct charges; refunds and
 * disputes of those charges; transfers and their reversals grouped by the charge they pay out.
 */
export function stripeMovements(config: Config, connectedAccounts: () => Promise<string[]>): MovementSource {
  const stripe = new Stripe(config.STRIPE_SECRET_KEY!, {
    host: config.STRIPE_API_HOST,
    port: config.STRIPE_API_PORT,
    protocol: config.STRIPE_API_PROTOCOL,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: brand.slug },
  })
  const isClient = (metadata: Stripe.Metadata | null | undefined) => metadata?.kind === 'client'
  return {
    name: 'stripe',
    async *listMoneyMovements({ from, to }, knownCharges) {
      const created = { gte: seconds(from), lt: seconds(to) }
      const clientCharges = new Set<string>()
      const onAccounts: (string | undefined)[] = [undefined, ...(await connectedAccounts())]
      for (const account of onAccounts) {
        const opts = account ? { stripeAccount: account } : undefined
        for await (const c of stripe.charges.list({ created, limit: 100 }, opts)) {
          if (!c.paid || !(knownCharges.has(c.id) || isClient(c.metadata) || (account && c.application_fee_amount))) continue
          clientCharges.add(c.id)
          yield { kind: 'charge', id: c.id, amountClp: c.amount_captured ?? c.amount, at: new Date(c.created * 1000) }
        }
        for await (const r of stripe.refunds.list({ created, limit: 100 }, opts)) {
          const charge = idOf(r.charge)
          if (r.status === 'failed' || r.status === 'canceled' || !charge) continue
          if (!(knownCharges.has(charge) || clientCharges.has(charge))) continue
          yield { kind: 'refund', id: r.id, amountClp: r.amount, at: new Date(r.created * 1000) }
        }
        for await (const d of stripe.disputes.list({ created, limit: 100 }, opts)) {
          const charge = idOf(d.charge)
          if (!charge || !(knownCharges.has(charge) || clientCharges.has(charge)) || d.status === 'won') continue
          yield { kind: 'dispute', id: d.id, amountClp: d.amount, at: new Date(d.created * 1000) }
        }
      }
      const net = new Map<string, { amount: number; at: Date }>()
      for await (const t of stripe.transfers.list({ created, limit: 100 })) {
        const group = t.transfer_group ?? idOf(t.source_transaction)
        if (!group) continue
        // amount_reversed: every reversal of the transfer so far (refunds and lost disputes claw back).
        const reversed = t.amount_reversed ?? 0
        const prev = net.get(group) ?? { amount: 0, at: new Date(t.created * 1000) }
        net.set(group, { amount: prev.amount + t.amount - reversed, at: prev.at })
      }
      for (const [id, v] of net) yield { kind: 'transfer', id, amountClp: v.amount, at: v.at }
    },
    async payouts({ from, to }) {
      let count = 0
      let totalClp = 0
      for await (const p of stripe.payouts.list({ created: { gte: seconds(from), lt: seconds(to) }, limit: 100 })) {
        if (p.status === 'failed' || p.status === 'canceled') continue
        count++
        totalClp += p.amount
      }
      return { count, totalClp }
    },
  }
}

/** The movement source of the configured provider (the same choice as plugins/payments.ts). */
export function movementSourceFor(config: Config, db: Db): MovementSource {
  if (!config.STRIPE_SECRET_KEY) return sandboxMovements(db)
  return stripeMovements(config, async () =>
    rowsOf<{ account: string }>(
      await db.execute(sql`select distinct provider_account_id as account from client_subscriptions
        where provider = 'stripe' and provider_account_id is not null order by 1`),
    ).map((r) => r.account),
  )
}
