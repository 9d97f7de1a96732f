import type { FastifyInstance } from 'fastify'
import { brand } from '../../brand.ts'
import type { Tx } from '../../db/client.ts'
import type { MailLanguage, MailText } from '../../mail/texts.ts'
import { santiagoDate } from '../../mail/texts.ts'

/** Issue 25's mails (decision 221), each in its reader's language, through the outbox. */
type Template<V> = Record<MailLanguage, (v: V) => MailText>

const body = (...lines: string[]) => [...lines, '', `— ${brand.name}`].join('\n')

/** A Santiago calendar day (YYYY-MM-DD) in words; noon UTC is the same day in Santiago. */
const dayInWords = (day: string, language: MailLanguage) => santiagoDate(new Date(`${day}T12:00:00Z`), language)

export interface ProgramAssignedValues {
  firstName: string
  trainerName: string
  programTitle: string
  startDate: string
  weeks: number
  appUrl: string
}

/** To the client: their trainer assigned a program. */
export const programAssigned: Template<ProgramAssignedValues> = {
  es: (v) => ({
    subject: `${v.trainerName} te asignó el programa "${v.programTitle}"`,
    text: body(
      `Hola ${v.firstName}:`,
      '',
      `${v.trainerName} te asignó el programa "${v.programTitle}" (${v.weeks} ${v.weeks === 1 ? 'semana' : 'semanas'}).`,
      `Empieza el ${dayInWords(v.startDate, 'es')}.`,
      '',
      `Cada día de entrenamiento lo verás en Hoy: ${v.appUrl}/cliente`,
      'Ahí registras tus series, aunque no tengas señal en el gimnasio.',
    ),
  }),
  en: (v) => ({
    subject: `${v.trainerName} assigned you the program "${v.programTitle}"`,
    text: body(
      `Hello ${v.firstName},`,
      '',
      `${v.trainerName} assigned you the program "${v.programTitle}" (${v.weeks} ${v.weeks === 1 ? 'week' : 'weeks'}).`,
      `It starts on ${dayInWords(v.startDate, 'en')}.`,
      '',
      `You will find each training day under Today: ${v.appUrl}/cliente`,
      'Log your sets there, even without signal at the gym.',
    ),
  }),
}

export interface DigestClient {
  clientUserId: string
  name: string
  /** Santiago day of the last workout on the trainer's programs, or null: never. */
  lastWorkoutOn: string | null
  /** Last week's training days done and assigned. */
  done: number
  assigned: number
}

export interface WeeklyDigestValues {
  firstName: string
  weekStart: string
  clients: DigestClient[]
  appUrl: string
}

const clientLine = (c: DigestClient, language: MailLanguage, appUrl: string) => {
  const link = `${appUrl}/dashboard/clientes/${c.clientUserId}`
  if (language === 'es') {
    const last = c.lastWorkoutOn ? `último entrenamiento el ${dayInWords(c.lastWorkoutOn, 'es')}` : 'aún no ha entrenado'
    return `- ${c.name}: ${c.done} de ${c.assigned} sesiones la semana pasada, ${last}.\n  ${link}`
  }
  const last = c.lastWorkoutOn ? `last workout on ${dayInWords(c.lastWorkoutOn, 'en')}` : 'not trained yet'
  return `- ${c.name}: ${c.done} of ${c.assigned} sessions last week, ${last}.\n  ${link}`
}

/** To the trainer, Monday morning: the clients who are falling off (never sent empty). */
export const weeklyDigest: Template<WeeklyDigestValues> = {
  es: (v) => ({
    subject:
      v.clients.length === 1
        ? `1 cliente necesita un empujón esta semana`
        : `${v.clients.length} clientes necesitan un empujón esta semana`,
    text: body(
      `Hola ${v.firstName}:`,
      '',
      `En la semana del ${dayInWords(v.weekStart, 'es')} estos clientes hicieron menos de la mitad de sus sesiones o no entrenan hace 7 días:`,
      '',
      ...v.clients.map((c) => clientLine(c, 'es', v.appUrl)),
      '',
      `Todos tus clientes: ${v.appUrl}/dashboard/clientes`,
    ),
  }),
  en: (v) => ({
    subject: v.clients.length === 1 ? `1 client needs a nudge this week` : `${v.clients.length} clients need a nudge this week`,
    text: body(
      `Hello ${v.firstName},`,
      '',
      `In the week of ${dayInWords(v.weekStart, 'en')} these clients did less than half of their sessions or have not trained for 7 days:`,
      '',
      ...v.clients.map((c) => clientLine(c, 'en', v.appUrl)),
      '',
      `All your clients: ${v.appUrl}/dashboard/clientes`,
    ),
  }),
}

/** Queues a mail of this module in the caller's transaction (neither carries a secret). */
export async function queueRoutineMail<V>(
  app: FastifyInstance,
  tx: Tx,
  to: { email: string; language: MailLanguage },
  template: Template<V>,
  values: V,
) {
  await app.mailer.enqueue(tx, { to: to.email, ...template[to.language](values), secrets: [] })
}
