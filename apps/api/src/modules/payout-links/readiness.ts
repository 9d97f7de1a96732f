import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { payoutLinks, type trainers } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import { taxStartBlock, type TaxStartBlock } from '../tax-start/readiness.ts'

/**
 * Payout readiness (decision 213): the one answer to "can this trainer's clients' money reach the
 * right accounts now?", asked before an offer is published or changed, an invitation is sent or a
 * charge starts. With a provider that onboards payout accounts it is the trainer's finished
 * onboarding (`stripeOnboardingComplete`, spec §4); with one that links them (decision 207) it is
 * the trainer's own linked account, and under a gym's central billing the gym's linked account too
 * (the payment is split at the source to both accounts, so both must exist).
 */
export type PayoutReadiness =
  | { ready: true }
  /**
   * payouts: required (onboarding unfinished), linkRequired (own account not linked or revoked), gymLinkRequired (the gym's),
   * splitUnavailable (central billing needs split payments the provider has not enabled for us, decision 249);
   * decision 222: taxStartRequired / taxStartPending / taxStartLapsed (the trainer's tax start), gymTaxStartRequired (the gym's).
   */
  | { ready: false; code: 'required' | 'linkRequired' | 'gymLinkRequired' | 'splitUnavailable' | TaxStartBlock; message: string }

type TrainerRow = Pick<typeof trainers.$inferSelect, 'id' | 'userId' | 'stripeOnboardingComplete'>

const TAX_START_MESSAGES: Record<TaxStartBlock, string> = {
  taxStartRequired: 'Declare your tax start (inicio de actividades) or exemption before charging clients',
  taxStartPending: 'Your tax start is waiting for review: you can charge clients once it is approved',
  taxStartLapsed: 'Your tax start check lapsed after six months: send it again to resume charging; nothing was lost',
  gymTaxStartRequired: "Your gym's tax start is not approved: its owner must declare it before you charge clients",
}

async function isLinked(db: Tx, ownerKind: 'trainer' | 'gym', ownerId: string) {
  const [row] = await db
    .select({ status: payoutLinks.status })
    .from(payoutLinks)
    .where(and(eq(payoutLinks.ownerKind, ownerKind), eq(payoutLinks.ownerId, ownerId)))
    .limit(1)
  return row?.status === 'linked'
}

export async function payoutReadiness(
  app: FastifyInstance,
  trainer: TrainerRow,
  centralGymId: string | null,
  db: Tx = app.db,
): Promise<PayoutReadiness> {
  const payouts = await accountsReadiness(app, trainer, centralGymId, db)
  if (!payouts.ready) return payouts
  // Decision 222: the sellers' tax start (art. 68 Código Tributario) comes after the accounts.
  const block = await taxStartBlock(app, trainer.id, centralGymId, db)
  return block ? { ready: false, code: block, message: TAX_START_MESSAGES[block] } : payouts
}

/** Decision 249: the platform never holds other people's money, so without split payments a gym's central billing cannot charge. */
export const SPLIT_UNAVAILABLE = {
  ready: false,
  code: 'splitUnavailable',
  message:
    "Central billing is not available: the payment provider has not enabled split payments for this platform, so the gym's share cannot be paid at the source",
} as const

async function accountsReadiness(app: FastifyInstance, trainer: TrainerRow, centralGymId: string | null, db: Tx): Promise<PayoutReadiness> {
  if (!app.payoutLinking) {
    return trainer.stripeOnboardingComplete
      ? { ready: true }
      : { ready: false, code: 'required', message: 'Finish payout onboarding before charging clients' }
  }
  if (!trainer.userId || !(await isLinked(db, 'trainer', trainer.userId)))
    return { ready: false, code: 'linkRequired', message: 'Link your payout account before publishing offers or charging clients' }
  if (centralGymId && app.cardCharges && !app.cardCharges.splitPayments) return SPLIT_UNAVAILABLE
  if (centralGymId && !(await isLinked(db, 'gym', centralGymId)))
    return {
      ready: false,
      code: 'gymLinkRequired',
      message: "Your gym's payout account is not linked: its owner must link it before you charge clients",
    }
  return { ready: true }
}

/** Refuses with 403 `{ payouts: <code> }` (spec §8 shape) when payouts are not ready. */
export async function assertPayoutsReady(app: FastifyInstance, trainer: TrainerRow, centralGymId: string | null, db: Tx = app.db) {
  const readiness = await payoutReadiness(app, trainer, centralGymId, db)
  if (!readiness.ready) throw new HttpError(403, readiness.message, { payouts: readiness.code })
}
