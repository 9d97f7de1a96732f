import { z } from 'zod'

/** Whose payout account (decision 207): the trainer's own, or their gym's (linked by the gym's owner). */
export const PayoutLinkOwnerSchema = z.enum(['trainer', 'gym'])
export type PayoutLinkOwner = z.infer<typeof PayoutLinkOwnerSchema>

export const PayoutLinkOwnerParamsSchema = z.object({ owner: PayoutLinkOwnerSchema })

export const StartPayoutLinkRequestSchema = z.strictObject({ owner: PayoutLinkOwnerSchema })

/** Where to send the person: the provider's page that asks them to authorize us (valid 10 minutes, once). */
export const PayoutLinkStartSchema = z.object({ authorizationUrl: z.url() })
export type PayoutLinkStart = z.infer<typeof PayoutLinkStartSchema>

/** What the provider's redirect brought back to the web page, sent on by the person who started the link. */
export const CompletePayoutLinkRequestSchema = z.strictObject({
  code: z.string().min(1).max(512),
  state: z.string().min(1).max(128),
})

/** A payout account link as its owner sees it; never a token. */
export const PayoutLinkSchema = z.object({
  owner: PayoutLinkOwnerSchema,
  /** none: never linked or unlinked; revoked: access was withdrawn at the provider, link again. */
  status: z.enum(['none', 'linked', 'revoked']),
  /** The account's number at the provider (shown so the person recognises it). */
  providerAccountId: z.string().nullable(),
  linkedAt: z.iso.datetime({ offset: true }).nullable(),
})
export type PayoutLink = z.infer<typeof PayoutLinkSchema>

export const PayoutLinkNotificationReceiptSchema = z.object({ received: z.literal(true) })
