import type { Tx } from '../../db/client.ts'
import type { FastifyInstance } from 'fastify'
import { mailText, type MailLanguage, type MailTemplateName } from '../../mail/texts.ts'

export interface MailParty {
  email: string
  firstName: string
  /** The recipient's stored language (users.language, decision 161). */
  language: MailLanguage
}

type BookingTemplate = Extract<
  MailTemplateName,
  'bookingRequested' | 'bookingConfirmed' | 'bookingCancelledByTrainer' | 'bookingCancelledByClient' | 'bookingReminder'
>
export interface BookingMail {
  template: BookingTemplate
  to: MailParty
  otherName: string
  startsAt: Date
  type: string
}

const mail =
  (template: BookingTemplate) =>
  (to: MailParty, otherName: string, startsAt: Date, type: string): BookingMail => ({ template, to, otherName, startsAt, type })

/** The booking mails, each in its recipient's language. `otherName` is the other party. */
export const bookingMail = {
  requested: (trainer: MailParty, client: { firstName: string; lastName: string }, startsAt: Date, type: string) =>
    mail('bookingRequested')(trainer, `${client.firstName} ${client.lastName}`, startsAt, type),
  confirmed: mail('bookingConfirmed'),
  cancelledByTrainer: mail('bookingCancelledByTrainer'),
  cancelledByClient: mail('bookingCancelledByClient'),
  reminder: mail('bookingReminder'),
}

/** Queues a booking mail in the caller's transaction (it carries no secret). */
export async function queueBookingMail(app: FastifyInstance, tx: Tx, m: BookingMail) {
  const values = { firstName: m.to.firstName, otherName: m.otherName, type: m.type, startsAt: m.startsAt, appUrl: app.config.APP_URL }
  await app.mailer.enqueue(tx, { to: m.to.email, ...mailText(m.template, m.to.language, values), secrets: [] })
}
