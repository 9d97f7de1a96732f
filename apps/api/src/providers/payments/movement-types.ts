/**
 * Money the provider moved, as `ledger:reconcile` compares it with the ledger (issue 19).
 * A narrow interface of its own (`listMoneyMovements`), beside the payment provider's, so the
 * provider can be reshaped without touching reconciliation.
 *
 * - charge / refund / dispute: by the provider's id (the ids the ledger stores).
 * - transfer: the net paid out to connected accounts for one charge (transfers minus their
 *   reversals), keyed by the charge id (transfers carry it as `transfer_group`).
 * - plan_charge / plan_refund: a trainer's or a gym's payment of its platform plan, and a refund of
 *   one, by the provider's payment and refund ids (decision 239).
 * - fee / disbursement: for a payment split at the source (decision 249), what the platform's fee
 *   kept and what reached the trainer's and the gym's own accounts, net of refunds and a lost
 *   chargeback, keyed by the payment id. Compared only with a source that reports them (`kinds`).
 */
export type MovementKind = 'charge' | 'refund' | 'dispute' | 'transfer' | 'plan_charge' | 'plan_refund' | 'fee' | 'disbursement'

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
   * Every money movement the provider made in [from, to): client billing, and the platform's plan
   * charges and refunds. `knownCharges`: the client charge ids the ledger knows (the platform's
   * Stripe account holds both; a charge that is not a client's is a plan's).
   */
  listMoneyMovements(range: MovementRange, knownCharges: ReadonlySet<string>): AsyncIterable<MoneyMovement>
  /** The kinds beyond charges, refunds, disputes, transfers and plans this source reports (fee, disbursement). */
  extraKinds?: readonly MovementKind[]
  /** Payouts to the platform's bank in the range: reported, not compared (the ledger keeps none). */
  payouts?(range: MovementRange): Promise<{ count: number; totalClp: number }>
}
