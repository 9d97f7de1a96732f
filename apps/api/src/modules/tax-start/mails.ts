import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { businesses, trainers, users } from '../../db/schema.ts'
import { brand } from '../../brand.ts'
import { santiagoDate, type MailLanguage } from '../../mail/texts.ts'
import type { SellerKind } from './service.ts'
import en from './locales/en.json' with { type: 'json' }
import es from './locales/es.json' with { type: 'json' }

export type TaxStartMailKey = keyof typeof es
type Values = Record<string, string | Date>
const texts: Record<MailLanguage, typeof es> = { es, en }

const fill = (template: string, values: Values, language: MailLanguage) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = key === 'brand' ? brand.name : values[key]
    if (value === undefined) throw new Error(`tax start mail: no value for {{${key}}}`)
    return value instanceof Date ? santiagoDate(value, language) : value
  })

export function taxStartMailText(key: TaxStartMailKey, language: MailLanguage, values: Values) {
  const { subject, text } = texts[language][key]
  return { subject: fill(subject, values, language), text: fill(text, values, language) }
}

/** Where the seller declares: the trainer's dashboard, or the owner's Payments & Commissions tab. */
const pathOf = (kind: SellerKind) => (kind === 'trainer' ? '/dashboard#tax-start' : '/business/dashboard#tax-start')

/** Queues the mail to the seller's account in its stored language, in the caller's transaction. */
export async function queueTaxStartMail(
  app: FastifyInstance,
  tx: Tx,
  seller: { kind: SellerKind; id: string },
  key: TaxStartMailKey,
  values: Values,
) {
  const [to] =
    seller.kind === 'trainer'
      ? await tx
          .select({ email: users.email, language: users.language, name: trainers.firstName })
          .from(trainers)
          .innerJoin(users, eq(users.id, trainers.userId))
          .where(eq(trainers.id, seller.id))
          .limit(1)
      : await tx
          .select({ email: users.email, language: users.language, name: users.firstName })
          .from(businesses)
          .innerJoin(users, eq(users.id, businesses.ownerId))
          .where(eq(businesses.id, seller.id))
          .limit(1)
  if (!to) return
  const link = `${app.config.APP_URL}${pathOf(seller.kind)}`
  const { subject, text } = taxStartMailText(key, to.language ?? 'es', { name: to.name ?? '', link, ...values })
  await app.mailer.enqueue(tx, { to: to.email, subject, text, secrets: [] })
}
