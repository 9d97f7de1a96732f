/** A subscription as every provider reports it. */
export interface ProviderSubscription {
  id: string
  customerId: string | null
  status: 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused'
  trialEnd: Date | null
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  cancelledAt: Date | null
}

export interface ProviderCheckout {
  status: 'open' | 'complete' | 'expired'
  paymentStatus: 'unpaid' | 'paid' | 'no_payment_required'
  subscription: ProviderSubscription | null
}

export interface CheckoutInput {
  userId: string
  customerEmail: string
  /** The provider customer of this user's earlier subscription, reused so one person is one customer. */
  customerId?: string | null
  /** 0: no free trial (this person had one); the first period is charged at checkout. */
  trialDays: number
  plan: { id: string; key: string; title: string; priceClp: number | null }
  successUrl: string
  cancelUrl: string
}

/** A provider event, already verified and reduced to what the platform reacts to; `at`: when the provider created it. */
export type ProviderEvent = { id: string; type: string; at: Date } & (
  | {
      kind: 'checkout.completed'
      sessionId: string
      paymentStatus: ProviderCheckout['paymentStatus']
      subscription: ProviderSubscription | null
      account?: string | null
      metadata?: Record<string, string>
    }
  | { kind: 'subscription.changed'; subscription: ProviderSubscription }
  | {
      kind: 'invoice.paid'
      subscriptionId: string
      periodEnd: Date | null
      invoiceId?: string
      chargeId?: string | null
      amountPaid?: number
      /** When the payment was made, where the provider says so apart from the event (a late notification); else `at`. */
      paidAt?: Date
      account?: string | null
      metadata?: Record<string, string>
    }
  | { kind: 'invoice.failed'; subscriptionId: string }
  | { kind: 'charge.refunded'; chargeId: string; refunds: { id: string; amount: number }[] }
  | { kind: 'charge.disputed'; disputeId: string; chargeId: string; amount: number }
  /**
   * A chargeback followed to its outcome (decision 250): open with the evidence deadline, then won
   * or lost; lost takes the money back as `charge.disputed` does.
   */
  | {
      kind: 'dispute.changed'
      disputeId: string
      /** The provider's own id of the dispute (what `replay` reads again). */
      reference: string
      chargeId: string
      amount: number
      status: 'open' | 'won' | 'lost'
      evidenceDueBy: Date | null
    }
  | { kind: 'account.updated'; accountId: string; chargesEnabled: boolean; detailsSubmitted: boolean }
  | { kind: 'ignored' }
)

/** The webhook's signature does not verify: answered 400, nothing applied. */
export class WebhookSignatureError extends Error {}
/** The provider refused to move money (a transfer reversal on an empty connected balance); an outage is not this. */
export class TransferRefusedError extends Error {}
/**
 * A method this provider has not built yet (decision 228: Mercado Pago's client charges, transfers
 * and their portal wait for the payments-with-disbursements slice). Thrown, never answered as
 * success; the configuration refuses such a provider in production.
 */
export class PaymentMethodNotBuiltError extends Error {
  constructor(
    public readonly provider: ProviderName,
    public readonly method: string,
  ) {
    super(`${method} is not built for the ${provider} payment provider yet`)
    this.name = 'PaymentMethodNotBuiltError'
  }
}
/** This provider sends no webhooks (the sandbox): answered 404. */
export class NoWebhooksError extends Error {}

/** The request headers a webhook arrived with; each provider reads its own signature header. */
export type WebhookHeaders = Record<string, string | string[] | undefined>

/** A client's checkout of a trainer's offer (issue 12, decision 063). */
export interface ClientCheckoutInput {
  clientUserId: string
  clientEmail: string
  offer: { id: string; title: string; priceClp: number }
  /** direct: charged on the trainer's connected account with the platform fee; platform: charged here, shares transferred. */
  chargeMode: 'direct' | 'platform'
  trainerAccountId: string | null
  platformFeeBps: number
  /** Copied onto the provider's checkout and subscription: the webhook finds our rows by it. */
  metadata: Record<string, string>
  successUrl: string
  cancelUrl: string
}

/** What client billing asks of a provider; the sandbox's side lives in this database. */
export interface ClientPayments {
  createCheckout(input: ClientCheckoutInput): Promise<{ id: string; url: string }>
  createPortal(input: {
    clientUserId: string
    customerId: string | null
    accountId: string | null
    returnUrl: string
  }): Promise<{ url: string }>
  cancelSubscription(input: { subscriptionId: string; accountId: string | null; atPeriodEnd: boolean }): Promise<void>
  /**
   * `parts`: what each party gave back, where the payment was split at the source and the provider
   * rounds the refund of its fee itself (decision 249); absent, the ledger splits the refund.
   */
  refund(input: {
    paymentId: string
    amountClp: number
    accountId: string | null
    idempotencyKey: string
  }): Promise<{ refundId: string; parts?: { trainer: number; gym: number; platform: number } }>
  /** Pays a share out of the platform's balance to a connected account; null: this provider moves no money. */
  transfer(input: {
    amountClp: number
    destination: string
    sourcePaymentId: string
    idempotencyKey: string
  }): Promise<{ transferId: string } | null>
  /** Takes back part of a transfer from the connected account; null: this provider moves no money. Throws TransferRefusedError. */
  reverseTransfer(input: { transferId: string; amountClp: number; idempotencyKey: string }): Promise<{ reversalId: string } | null>
}

/** What a provider's billing engine moves on its own: a period's status and end. */
export type SubscriptionPeriod = Pick<ProviderSubscription, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'cancelledAt'>

/** The providers there are; stored with every row a provider creates. */
export type ProviderName = 'sandbox' | 'stripe' | 'mercadopago'

/**
 * Checkout, billing portal, payout onboarding and webhooks behind one interface (decision 091):
 * the built-in sandbox (pages on this server, no keys; ./sandbox) or Stripe (./stripe). The
 * services store what a provider reports and never ask which provider it is; a provider keeps
 * only its own side (for the sandbox, its pages, links and renewals, in this database).
 */
export interface PaymentProvider {
  /** Stored with every row it creates: a row of another provider means nothing to this one. */
  readonly name: ProviderName
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>
  /** The provider's current view of a checkout; null when this server is the source of truth (sandbox). */
  fetchCheckout(id: string): Promise<ProviderCheckout | null>
  createPortal(input: { userId: string; customerId: string | null; returnUrl: string }): Promise<{ url: string }>
  createPayoutAccount(input: { userId: string; email: string; country: string }): Promise<{ accountId: string }>
  createOnboardingLink(input: { userId: string; accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>
  fetchPayoutAccount(accountId: string): Promise<{ chargesEnabled: boolean; detailsSubmitted: boolean } | null>
  /** Ends a subscription's trial now (the first period is charged); a provider that grants no repeated trial does nothing. */
  endTrial(subscriptionId: string): Promise<void>
  /** Verifies the signature and reduces the event; throws WebhookSignatureError, or NoWebhooksError. */
  parseWebhook(rawBody: Buffer, headers: WebhookHeaders): Promise<ProviderEvent>
  /**
   * The operator's replay (decision 250): a payment or a dispute (its `reference`) read again from the provider and
   * reduced as its notification would be, applied whatever was missed (applying is idempotent by
   * the resource's ids). Throws NoWebhooksError where the provider sends none (the sandbox).
   */
  replay(resource: { kind: 'payment' | 'dispute'; id: string }): Promise<ProviderEvent>
  /**
   * A stored subscription as the provider sees it at `now` (renewed or ended), without writing.
   * A provider that reports every change by webhook answers the row as stored.
   */
  subscriptionAt<T extends SubscriptionPeriod>(sub: T, now: number): T
  /** Trainers charging their clients (issue 12). */
  readonly clients: ClientPayments
}

/** The provider did not answer in time, could not be reached or failed (5xx, 429): our caller gets 503 and may retry. */
export class PaymentProviderUnavailableError extends Error {}
/** The provider refused an authorization code or a refresh token (used, expired, revoked, wrong verifier). */
export class PayoutLinkRefusedError extends Error {}

/** Tokens of a payout account linked by OAuth; never logged. `expiresAt`: when the access token stops working. */
export interface PayoutLinkTokens {
  accessToken: string
  refreshToken: string
  expiresAt: Date
  providerUserId: string
  scope: string | null
  liveMode: boolean
}

/** A signed provider notification, verified and reduced: `id` is unique per notification (replays carry the same). */
export interface PayoutLinkNotification {
  id: string
  /** unlinked: the account holder revoked our access (a trigger: the service checks the link again). */
  kind: 'account.revoked' | 'other'
  providerUserId: string | null
}

/**
 * Payout accounts linked by OAuth authorization code (decision 207): the person authorizes us on
 * the provider's site and the provider pays their share into their own account. A provider whose
 * payout accounts are onboarded instead (Stripe, the sandbox) has none: `payoutLinkingFor` answers null.
 */
export interface PayoutLinking {
  readonly name: 'mercadopago'
  /** The provider's page where the person authorizes us; `codeChallenge`: PKCE S256. */
  authorizationUrl(input: { state: string; redirectUri: string; codeChallenge: string }): string
  /** Throws PayoutLinkRefusedError, PaymentProviderUnavailableError. */
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<PayoutLinkTokens>
  /** The provider rotates refresh tokens: store the answer's. Throws PayoutLinkRefusedError, PaymentProviderUnavailableError. */
  refresh(refreshToken: string): Promise<PayoutLinkTokens>
  /** Whether the access token still works (false: revoked or expired). */
  isAuthorized(accessToken: string): Promise<boolean>
  /** Verifies the signature and freshness; throws WebhookSignatureError. */
  parseNotification(rawBody: Buffer, headers: WebhookHeaders, query: Record<string, string | undefined>): PayoutLinkNotification
  /**
   * Whether a notification that reached the payment webhook is about linked accounts: the
   * provider's panel takes one notification URL for every topic (decision 240). Reads only its type.
   */
  ownsNotification(rawBody: Buffer): boolean
}

/** Where a client's payment lands (decision 249): one seller's account with the platform's fee, or disbursements to trainer and gym. */
export type CardChargeRoute =
  | { kind: 'seller'; sellerToken: string; applicationFee: number }
  | {
      kind: 'disbursements'
      trainer: { collectorId: number; amount: number; applicationFee: number }
      gym: { collectorId: number; amount: number; applicationFee: number }
    }

/** A charge's outcome: `paymentId` is the payment we book (the one a notification names). */
export interface CardChargeOutcome {
  paymentId: string
  status: 'approved' | 'rejected' | 'pending' | 'in_process' | 'refunded' | 'charged_back' | 'cancelled'
  statusDetail: string | null
}

/**
 * Client payments we make ourselves on a card, with the split at the source (decision 249): a
 * provider whose subscriptions cannot carry a marketplace fee (Mercado Pago). The card is entered
 * on the provider's card form (tokenized there, never on our servers); the first payment and every
 * renewal are charges of ours. null (`cardChargesFor`): the provider bills subscriptions itself.
 */
export interface CardCharges {
  readonly name: 'mercadopago'
  /** Whether the provider lets us charge a saved card without the client (card-on-file, enabled per application). */
  readonly cardOnFile: boolean
  /** Whether one payment may be split to several accounts at the source (advanced payments, enabled per application): central billing needs it. */
  readonly splitPayments: boolean
  /** The card form for an amount; it returns to `returnUrl` with `token` and `payment_method_id`. */
  cardFormUrl(input: { amountClp: number; description: string; returnUrl: string }): string
  /**
   * A card token to charge now: with card-on-file the form's token saves the card on the client's
   * customer (on the account that charges) and a token of the saved card is answered; without, the
   * form's own token. `accessToken`: the seller's, or null for the platform's.
   */
  prepareCard(input: {
    accessToken: string | null
    email: string
    cardToken: string
    paymentMethodId: string
    key: string
  }): Promise<{ customerId: string | null; cardId: string | null; token: string }>
  /** A token of a saved card and the card's payment method (card-on-file only); throws when the provider refuses it (the client must come back). */
  savedCardToken(input: {
    accessToken: string | null
    customerId: string
    cardId: string
    key: string
  }): Promise<{ token: string; paymentMethodId: string }>
  /** Charges once per `key` (a retried call answers the first outcome). */
  charge(input: {
    key: string
    amountClp: number
    cardToken: string
    paymentMethodId: string
    customerId: string | null
    payerEmail: string
    description: string
    externalReference: string
    metadata: Record<string, string>
    route: CardChargeRoute
  }): Promise<CardChargeOutcome>
}

/** Our own client subscriptions charged on a card (decision 249): the id names no subscription at the provider. */
export const CARD_SUBSCRIPTION_PREFIX = 'cardsub_'
