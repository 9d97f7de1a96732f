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
  /** The provider's name, for the report. */
  name: string
  /**
   * Every client-billing money movement the provider made in [from, to). `knownCharges`: the
   * charge ids the ledger knows (a Stripe account also holds the trainers' platform plans, whose
   * charges are not client billing).
   */
  listMoneyMovements(range: MovementRange, knownCharges: ReadonlySet<string>): AsyncIterable<MoneyMovement>
  /** Payouts to the platform's bank in the range: reported, not compared (the ledger keeps none). */
  payouts?(range: MovementRange): Promise<{ count: number; totalClp: number }>
}
