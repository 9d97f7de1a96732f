import type { Tx } from '../../db/client.ts'
import type { FastifyInstance } from 'fastify'
import { brand } from '../../brand.ts'
import { santiagoText } from './zoned.ts'

export interface MailParty {
  email: string
  firstName: string
}

/** The booking mails, in Spanish (the clients' and trainers' language on the public side). */
export const bookingMail = {
  requested: (trainer: MailParty, client: { firstName: string; lastName: string }, startsAt: Date, type: string) => ({
    to: trainer.email,
    subject: `Nueva reserva: ${santiagoText(startsAt)}`,
    text: `Hola ${trainer.firstName}:\n\n${client.firstName} ${client.lastName} reservó "${type}" el ${santiagoText(startsAt)} (hora de Chile).\nConfírmala en tu calendario: ${'{APP}'}/dashboard/calendario\n\n${brand.name}`,
  }),
  confirmed: (client: MailParty, trainerName: string, startsAt: Date, type: string) => ({
    to: client.email,
    subject: `Reserva confirmada: ${santiagoText(startsAt)}`,
    text: `Hola ${client.firstName}:\n\n${trainerName} confirmó tu sesión "${type}" del ${santiagoText(startsAt)} (hora de Chile).\n\n${brand.name}`,
  }),
  cancelledByTrainer: (client: MailParty, trainerName: string, startsAt: Date, type: string) => ({
    to: client.email,
    subject: `Sesión cancelada: ${santiagoText(startsAt)}`,
    text: `Hola ${client.firstName}:\n\n${trainerName} canceló tu sesión "${type}" del ${santiagoText(startsAt)} (hora de Chile). Puedes reservar otro horario en ${'{APP}'}/cliente/reservas\n\n${brand.name}`,
  }),
  cancelledByClient: (trainer: MailParty, clientName: string, startsAt: Date, type: string) => ({
    to: trainer.email,
    subject: `Reserva cancelada: ${santiagoText(startsAt)}`,
    text: `Hola ${trainer.firstName}:\n\n${clientName} canceló su reserva "${type}" del ${santiagoText(startsAt)} (hora de Chile).\n\n${brand.name}`,
  }),
  reminder: (client: MailParty, trainerName: string, startsAt: Date, type: string) => ({
    to: client.email,
    subject: `Recordatorio: tu sesión es mañana, ${santiagoText(startsAt)}`,
    text: `Hola ${client.firstName}:\n\nTe recordamos tu sesión "${type}" con ${trainerName} el ${santiagoText(startsAt)} (hora de Chile).\nSi no puedes asistir, cancélala en ${'{APP}'}/cliente/reservas\n\n${brand.name}`,
  }),
}

/** Queues a booking mail in the caller's transaction (it carries no secret). */
export async function queueBookingMail(app: FastifyInstance, tx: Tx, mail: { to: string; subject: string; text: string }) {
  await app.mailer.enqueue(tx, { ...mail, text: mail.text.replaceAll('{APP}', app.config.APP_URL), secrets: [] })
}
