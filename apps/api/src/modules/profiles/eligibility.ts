import type { FastifyInstance } from 'fastify'
import { HttpError } from '../../errors.ts'
import { billingOf } from '../client-billing/trainer.ts'

export type Blocker = 'subscription' | 'payouts' | 'account'

/**
 * Whether a trainer can charge clients now: the one rule of client billing (decision 062), asked
 * for its write mode. A trainer without a login account (added by a gym owner) cannot.
 */
export async function chargeBlocker(app: FastifyInstance, trainerUserId: string | null): Promise<Blocker | null> {
  if (!trainerUserId) return 'account'
  try {
    await billingOf(app, { id: trainerUserId }, true)
    return null
  } catch (err) {
    if (err instanceof HttpError && err.status === 403) {
      if (err.errors?.payouts) return 'payouts'
      if (err.errors?.subscription) return 'subscription'
      return 'account'
    }
    throw err
  }
}
