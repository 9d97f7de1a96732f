import type { Business, BusinessRegister, BusinessRegisterResponse } from '@app/contracts'
import { DEFAULT_COMMISSION_RATES } from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { businesses } from '../../db/schema.ts'
import { unprocessable } from '../../errors.ts'
import { startSession } from '../auth/sessions.ts'
import { sendVerificationCode } from '../email-verification/service.ts'
import { bpsToRate, ratesToBps } from '../ledger/split.ts'
import { findUserByEmail, insertUser, toUser } from '../users/service.ts'

type BusinessRow = typeof businesses.$inferSelect

/** The stored split (basis points) as the API's fractions (spec §3: 0.6 / 0.35 / 0.05). */
export const ratesOf = (row: BusinessRow) => ({
  trainer: bpsToRate(row.commissionTrainerBps),
  gym: bpsToRate(row.commissionGymBps),
  platform: bpsToRate(row.commissionPlatformBps),
})

export function toBusiness(row: BusinessRow): Business {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    website: row.website,
    subscriptionPlan: row.subscriptionPlan,
    centralBilling: {
      enabled: row.centralBilling,
      paymentAccountId: row.paymentAccountId,
      commissionRates: ratesOf(row),
    },
  }
}

export async function findBusinessOfOwner(db: Tx, ownerId: string): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.ownerId, ownerId)).limit(1)
  return row
}

const emailTaken = () => unprocessable({ email: 'emailAlreadyExists' }, 'This e-mail is already registered')

/**
 * Creates the gym owner's account and its business record in one transaction, then signs in.
 * The plan and the split are the server's: Business and 60/35/5 (spec §3, §9); only a platform
 * admin changes them (modules/admin). The owner is mailed a code to verify the address.
 */
export async function registerBusiness(app: FastifyInstance, input: BusinessRegister): Promise<BusinessRegisterResponse> {
  if (await findUserByEmail(app.db, input.email)) throw emailTaken()
  const rates = ratesToBps(DEFAULT_COMMISSION_RATES)
  const registered = await app.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: input.email,
      password: input.password,
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'gym_owner',
      language: input.language,
    })
    // Someone registered the same e-mail between the check and the insert.
    if (!user) throw emailTaken()
    const [business] = await tx
      .insert(businesses)
      .values({
        ownerId: user.id,
        name: input.businessName,
        address: input.businessAddress,
        phone: input.businessPhone,
        website: input.businessWebsite,
        subscriptionPlan: 'business',
        centralBilling: true,
        paymentAccountId: null,
        commissionTrainerBps: rates.trainer,
        commissionGymBps: rates.gym,
        commissionPlatformBps: rates.platform,
      })
      .returning()
    const pair = await startSession(tx, app.tokens, user, app.config.REFRESH_TOKEN_TTL)
    return { ...pair, user: toUser(user), business: toBusiness(business) }
  })
  // After the commit: a failed mail must not undo the registration; the dashboard can resend.
  await sendVerificationCode(app, registered.user.id).catch((err) =>
    app.log.warn({ err: (err as Error).message }, 'could not queue the owner verification code'),
  )
  return registered
}
