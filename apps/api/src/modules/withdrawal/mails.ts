import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { clientSubscriptions, offers, trainers, users } from '../../db/schema.ts'
import { brand } from '../../brand.ts'
import { santiagoDate, type MailLanguage } from '../../mail/texts.ts'
import en from './locales/en.json' with { type: 'json' }
import es from './locales/es.json' with { type: 'json' }

type Texts = typeof es
export type SubscriptionMailKey = Exclude<keyof Texts, 'refundNone' | 'refundPaid'>
/** A Date is written as a Santiago calendar day in the reader's language; amounts come already formatted. */
export type SubscriptionMailValues = Record<string, string | number | Date>
const texts: Record<MailLanguage, Texts> = { es, en }

const fill = (template: string, values: SubscriptionMailValues, language: MailLanguage) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = key === 'brand' ? brand.name : values[key]
    if (value === undefined) throw new Error(`subscription mail: no value for {{${key}}}`)
    return value instanceof Date ? santiagoDate(value, language) : String(value)
  })

/** The subject and text of one of this module's mails (withdrawal, cancel, renewal notices), in `language`. */
export function subscriptionMailText(key: SubscriptionMailKey, language: MailLanguage, values: SubscriptionMailValues) {
  const { subject, text } = texts[language][key]
  return { subject: fill(subject, values, language), text: fill(text, values, language) }
}

export const refundNoneText = (language: MailLanguage) => texts[language].refundNone
/** `amount`: already formatted in pesos. */
export const refundPaidText = (language: MailLanguage, amount: string) => texts[language].refundPaid.replace('{{amount}}', amount)

/**
 * Queues one of these mails to a user in their stored language, in the caller's transaction
 * (the outbox: it goes only if the change commits). `values` may depend on the language.
 */
export async function queueSubscriptionMail(
  app: FastifyInstance,
  tx: Tx,
  userId: string,
  key: SubscriptionMailKey,
  values: SubscriptionMailValues | ((language: MailLanguage) => SubscriptionMailValues),
) {
  const [to] = await tx
    .select({ email: users.email, language: users.language, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!to) return
  const language = to.language ?? 'es'
  const own = typeof values === 'function' ? values(language) : values
  const { subject, text } = subscriptionMailText(key, language, { name: to.firstName ?? '', ...own })
  await app.mailer.enqueue(tx, { to: to.email, subject, text, secrets: [] })
}

/** The client's cancel confirmation: the subscription stays until the end of the paid period. */
export async function queueCancelledMail(app: FastifyInstance, tx: Tx, sub: typeof clientSubscriptions.$inferSelect) {
  const [row] = await tx
    .select({ offer: offers.title, first: trainers.firstName, last: trainers.lastName })
    .from(offers)
    .innerJoin(trainers, eq(trainers.id, sub.trainerId))
    .where(eq(offers.id, sub.offerId))
    .limit(1)
  await queueSubscriptionMail(app, tx, sub.clientUserId, 'cancelled', {
    offer: row?.offer ?? '',
    trainer: `${row?.first ?? ''} ${row?.last ?? ''}`.trim(),
    date: sub.currentPeriodEnd ?? new Date(),
    link: `${app.config.APP_URL}/mi-suscripcion`,
  })
}
