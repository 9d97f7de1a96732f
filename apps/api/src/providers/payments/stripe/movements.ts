import Stripe from 'stripe'
import { stripeSdk } from './sdk.ts'
import type { Config } from '../../../config.ts'
import type { MovementSource } from '../movement-types.ts'

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null))

/**
 * Stripe's records through its API, every list paged to its end (auto-pagination). Charges of
 * the platform account and of the connected accounts that take direct charges; refunds and
 * disputes of those charges; transfers and their reversals grouped by the charge they pay out.
 * Every other charge and refund of the platform account is a plan's (decision 239).
 */
export function stripeMovements(config: Config, connectedAccounts: () => Promise<string[]>): MovementSource {
  const stripe = stripeSdk(config)
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
          if (!c.paid) continue
          const at = new Date(c.created * 1000)
          const amountClp = c.amount_captured ?? c.amount
          if (knownCharges.has(c.id) || isClient(c.metadata) || (account && c.application_fee_amount)) {
            clientCharges.add(c.id)
            yield { kind: 'charge', id: c.id, amountClp, at }
          } else if (!account) yield { kind: 'plan_charge', id: c.id, amountClp, at }
        }
        for await (const r of stripe.refunds.list({ created, limit: 100 }, opts)) {
          const charge = idOf(r.charge)
          if (r.status === 'failed' || r.status === 'canceled' || !charge) continue
          const at = new Date(r.created * 1000)
          if (knownCharges.has(charge) || clientCharges.has(charge)) yield { kind: 'refund', id: r.id, amountClp: r.amount, at }
          // The platform's own account sells only plans besides client billing: any other refund there is a plan's.
          else if (!account) yield { kind: 'plan_refund', id: r.id, amountClp: r.amount, at }
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
