import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { brand } from '../../brand.ts'
import { santiagoDateTime, type MailLanguage } from '../../mail/texts.ts'
import en from './locales/en.json' with { type: 'json' }
import es from './locales/es.json' with { type: 'json' }

export type PrivacyMailKey = keyof typeof es
type Values = Record<string, string | Date>
const texts: Record<MailLanguage, typeof es> = { es, en }

const fill = (template: string, values: Values, language: MailLanguage) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = key === 'brand' ? brand.name : values[key]
    if (value === undefined) throw new Error(`privacy mail: no value for {{${key}}}`)
    return value instanceof Date ? santiagoDateTime(value, language) : value
  })

/** The mail's subject and text in `language` (decision 161), dates on Chile's clock. */
export function privacyMailText(key: PrivacyMailKey, language: MailLanguage, values: Values) {
  const { subject, text } = texts[language][key]
  return { subject: fill(subject, values, language), text: fill(text, values, language) }
}

/**
 * The privacy mails, in the recipient's stored language (Spanish without an account), queued in the
 * caller's transaction. `secrets`: links and tokens the mail carries (redacted once delivered).
 */
export async function queuePrivacyMail(
  app: FastifyInstance,
  tx: Tx,
  key: PrivacyMailKey,
  to: string,
  values: Values,
  secrets: string[] = [],
) {
  const [recipient] = await tx.select({ language: users.language }).from(users).where(eq(users.email, to.toLowerCase())).limit(1)
  const { subject, text } = privacyMailText(key, recipient?.language ?? 'es', values)
  await app.mailer.enqueue(tx, { to, subject, text, secrets })
}
