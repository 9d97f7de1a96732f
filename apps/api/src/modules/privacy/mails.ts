import type { FastifyInstance } from 'fastify'
import type { Tx } from '../../db/client.ts'
import { brand } from '../../brand.ts'
import { santiagoText } from '../bookings/zoned.ts'
import texts from './locales/es.json' with { type: 'json' }

type MailKey = keyof typeof texts
type Values = Record<string, string | Date>

const fill = (template: string, values: Values) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = key === 'brand' ? brand.name : values[key]
    if (value === undefined) throw new Error(`privacy mail: no value for {{${key}}}`)
    return value instanceof Date ? santiagoText(value) : value
  })

/** The privacy mails (Spanish, from locales/es.json), queued in the caller's transaction. */
export async function queuePrivacyMail(app: FastifyInstance, tx: Tx, key: MailKey, to: string, values: Values) {
  const { subject, text } = texts[key]
  await app.mailer.enqueue(tx, { to, subject: fill(subject, values), text: fill(text, values), secrets: [] })
}
