import type { AccountLanguage } from '@app/contracts'
import { DateTime } from 'luxon'
import { brand } from '../brand.ts'

/**
 * Every mail the API writes, in both languages (decision 161): a mail goes out in its recipient's
 * stored language (`users.language`); someone without an account yet gets the language of the
 * screen they used (Spanish on sign-up and client screens). src/mail/texts.test.ts renders every
 * template in both languages.
 */
export type MailLanguage = AccountLanguage

export interface MailText {
  subject: string
  text: string
}

type Template<V> = Record<MailLanguage, (v: V) => MailText>

const body = (...lines: string[]) => [...lines, '', `— ${brand.name}`].join('\n')

/** "lunes 7 de septiembre, 10:00" / "Monday 7 September, 10:00", Chile's wall clock. */
export const santiagoDateTime = (at: Date, language: MailLanguage) =>
  DateTime.fromJSDate(at, { zone: 'America/Santiago' })
    .setLocale(language === 'es' ? 'es-CL' : 'en-GB')
    .toFormat(language === 'es' ? "cccc d 'de' LLLL, HH:mm" : 'cccc d LLLL, HH:mm')

/** "23 de noviembre de 2026" / "23 November 2026", Chile's calendar. */
export const santiagoDate = (at: Date, language: MailLanguage) =>
  DateTime.fromJSDate(at, { zone: 'America/Santiago' })
    .setLocale(language === 'es' ? 'es-CL' : 'en-GB')
    .toFormat(language === 'es' ? "d 'de' LLLL 'de' yyyy" : 'd LLLL yyyy')

/** "$45.000" in both languages: Chilean pesos are written the Chilean way. */
export const clp = (amount: number) => `$${new Intl.NumberFormat('es-CL').format(amount)}`

type Code = { code: string; minutes: number }
type Link = { firstName: string; link: string; minutes: number }
type Welcome = { firstName: string; email: string; appUrl: string }
type GymWelcome = Welcome & { gymName: string; generatedPassword: boolean }
type EmailChange = { firstName: string; gymName: string; link: string; hours: number }
type EmailChangeNotice = { firstName: string; gymName: string; newEmail: string; appUrl: string }
type Invitation = { trainerName: string; offerTitle: string; priceClp: number; link: string; days: number }
type Booking = { firstName: string; otherName: string; type: string; startsAt: Date; appUrl: string }

const signupCode: Template<Code> = {
  es: ({ code, minutes }) => ({
    subject: `Tu código de verificación de ${brand.name}: ${code}`,
    text: body(
      `Tu código de verificación es: ${code}`,
      '',
      `Es válido por ${minutes} minutos. Si no solicitaste este código, ignora este correo.`,
    ),
  }),
  en: ({ code, minutes }) => ({
    subject: `Your ${brand.name} verification code: ${code}`,
    text: body(
      `Your verification code is: ${code}`,
      '',
      `It is valid for ${minutes} minutes. If you did not ask for it, ignore this e-mail.`,
    ),
  }),
}

const passwordReset: Template<Link> = {
  es: ({ firstName, link, minutes }) => ({
    subject: `Restablece tu contraseña de ${brand.name}`,
    text: body(
      `Hola ${firstName}:`,
      '',
      `Alguien (ojalá tú) pidió restablecer la contraseña de tu cuenta de ${brand.name}.`,
      `Abre este enlace dentro de ${minutes} minutos para elegir una contraseña nueva:`,
      '',
      link,
      '',
      'El enlace funciona una sola vez. Si no lo pediste, ignora este correo: tu contraseña no cambia.',
    ),
  }),
  en: ({ firstName, link, minutes }) => ({
    subject: `Reset your ${brand.name} password`,
    text: body(
      `Hello ${firstName},`,
      '',
      `Someone (hopefully you) asked to reset the password of your ${brand.name} account.`,
      `Open this link within ${minutes} minutes to choose a new password:`,
      '',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this e-mail: your password stays the same.',
    ),
  }),
}

const passwordSet: Template<Link & { email: string }> = {
  es: ({ firstName, link, minutes, email }) => ({
    subject: `Elige tu contraseña de ${brand.name}`,
    text: body(
      `Hola ${firstName}:`,
      '',
      `El equipo de ${brand.name} te envió este enlace para elegir la contraseña de tu cuenta de entrenador (${email}).`,
      `Ábrelo dentro de ${minutes} minutos:`,
      '',
      link,
      '',
      'El enlace funciona una sola vez. Si no lo esperabas, ignora este correo: nada cambia.',
    ),
  }),
  en: ({ firstName, link, minutes, email }) => ({
    subject: `Choose your ${brand.name} password`,
    text: body(
      `Hello ${firstName},`,
      '',
      `The ${brand.name} team sent you this link to choose the password of your trainer account (${email}).`,
      `Open it within ${minutes} minutes:`,
      '',
      link,
      '',
      'The link works once. If you did not expect it, ignore this e-mail: nothing changes.',
    ),
  }),
}

const trainerWelcome: Template<Welcome> = {
  es: ({ firstName, email, appUrl }) => ({
    subject: `Te damos la bienvenida a ${brand.name}`,
    text: body(
      `Hola ${firstName}:`,
      '',
      `Tu cuenta de entrenador de ${brand.name} está lista.`,
      `Inicia sesión en ${appUrl}/auth/login o en la app móvil de ${brand.name} con este correo: ${email}`,
      `Si no conoces tu contraseña, elige una en ${appUrl}/recuperar-password`,
    ),
  }),
  en: ({ firstName, email, appUrl }) => ({
    subject: `Welcome to ${brand.name}`,
    text: body(
      `Hello ${firstName},`,
      '',
      `Your ${brand.name} trainer account is ready.`,
      `Sign in at ${appUrl}/auth/login or in the ${brand.name} mobile app with this e-mail address: ${email}`,
      `If you do not know your password, choose one at ${appUrl}/recuperar-password`,
    ),
  }),
}

const gymTrainerWelcome: Template<GymWelcome> = {
  es: ({ firstName, email, appUrl, gymName, generatedPassword }) => ({
    subject: `Tu cuenta de entrenador de ${brand.name} en ${gymName}`,
    text: body(
      `Hola ${firstName}:`,
      '',
      `${gymName} creó para ti una cuenta de entrenador de ${brand.name}. Tu gimnasio cubre tu suscripción.`,
      '',
      `Inicia sesión en ${appUrl}/auth/login o en la app móvil de ${brand.name} con este correo: ${email}`,
      generatedPassword
        ? 'Tu gimnasio recibió una contraseña para ti al crear la cuenta; pídesela.'
        : 'Tu gimnasio eligió tu contraseña; pídesela.',
      `Para elegir tu propia contraseña cuando quieras, entra a ${appUrl}/recuperar-password`,
    ),
  }),
  en: ({ firstName, email, appUrl, gymName, generatedPassword }) => ({
    subject: `Your ${brand.name} trainer account at ${gymName}`,
    text: body(
      `Hello ${firstName},`,
      '',
      `${gymName} has created a ${brand.name} trainer account for you. Your gym covers your subscription.`,
      '',
      `Sign in at ${appUrl}/auth/login or in the ${brand.name} mobile app with this e-mail address: ${email}`,
      generatedPassword
        ? 'Your gym received a password for you when it created the account; ask them for it.'
        : 'Your gym chose your password; ask them for it.',
      `To choose your own password at any time, go to ${appUrl}/recuperar-password`,
    ),
  }),
}

const emailChangeConfirm: Template<EmailChange> = {
  es: ({ firstName, gymName, link, hours }) => ({
    subject: `Confirma tu nuevo correo de ${brand.name}`,
    text: body(
      `Hola ${firstName}:`,
      '',
      `Tu gimnasio ${gymName} pidió que tu cuenta de ${brand.name} use este correo para iniciar sesión.`,
      `Abre este enlace dentro de ${hours} horas para confirmarlo:`,
      '',
      link,
      '',
      'Hasta que lo confirmes, tu cuenta sigue usando tu correo anterior. Si no esperabas este cambio, ignora este correo.',
    ),
  }),
  en: ({ firstName, gymName, link, hours }) => ({
    subject: `Confirm your new ${brand.name} e-mail`,
    text: body(
      `Hello ${firstName},`,
      '',
      `Your gym ${gymName} asked that your ${brand.name} account sign in with this e-mail address.`,
      `Open this link within ${hours} hours to confirm it:`,
      '',
      link,
      '',
      'Until you confirm it, your account keeps your previous address. If you did not expect this change, ignore this e-mail.',
    ),
  }),
}

const emailChangeNotice: Template<EmailChangeNotice> = {
  es: ({ firstName, gymName, newEmail, appUrl }) => ({
    subject: `Se pidió cambiar el correo de tu cuenta de ${brand.name}`,
    text: body(
      `Hola ${firstName}:`,
      '',
      `Tu gimnasio ${gymName} pidió cambiar el correo con el que inicias sesión en ${brand.name} a ${newEmail}.`,
      'El cambio solo se hace si esa dirección lo confirma. Hasta entonces sigues entrando con este correo.',
      `Si no lo esperabas, habla con tu gimnasio o cambia tu contraseña en ${appUrl}/recuperar-password`,
    ),
  }),
  en: ({ firstName, gymName, newEmail, appUrl }) => ({
    subject: `A change of your ${brand.name} e-mail was requested`,
    text: body(
      `Hello ${firstName},`,
      '',
      `Your gym ${gymName} asked to change the e-mail you sign in to ${brand.name} with to ${newEmail}.`,
      'The change happens only once that address confirms it. Until then you keep signing in with this one.',
      `If you did not expect it, talk to your gym or change your password at ${appUrl}/recuperar-password`,
    ),
  }),
}

const clientInvitation: Template<Invitation> = {
  es: ({ trainerName, offerTitle, priceClp, link, days }) => ({
    subject: `${trainerName} te invita a entrenar en ${brand.name}`,
    text: body(
      `${trainerName} te invita a su plan "${offerTitle}" por ${clp(priceClp)} CLP al mes.`,
      '',
      `Acepta la invitación aquí: ${link}`,
      '',
      `El enlace es válido por ${days} días. Si no esperabas este correo, ignóralo.`,
    ),
  }),
  en: ({ trainerName, offerTitle, priceClp, link, days }) => ({
    subject: `${trainerName} invites you to train on ${brand.name}`,
    text: body(
      `${trainerName} invites you to their plan "${offerTitle}" for ${clp(priceClp)} CLP a month.`,
      '',
      `Accept the invitation here: ${link}`,
      '',
      `The link is valid for ${days} days. If you did not expect this e-mail, ignore it.`,
    ),
  }),
}

/** To the trainer: a client booked. `otherName` is the client. */
const bookingRequested: Template<Booking> = {
  es: ({ firstName, otherName, type, startsAt, appUrl }) => ({
    subject: `Nueva reserva: ${santiagoDateTime(startsAt, 'es')}`,
    text: body(
      `Hola ${firstName}:`,
      '',
      `${otherName} reservó "${type}" el ${santiagoDateTime(startsAt, 'es')} (hora de Chile).`,
      `Confírmala en tu calendario: ${appUrl}/dashboard/calendario`,
    ),
  }),
  en: ({ firstName, otherName, type, startsAt, appUrl }) => ({
    subject: `New booking: ${santiagoDateTime(startsAt, 'en')}`,
    text: body(
      `Hello ${firstName},`,
      '',
      `${otherName} booked "${type}" on ${santiagoDateTime(startsAt, 'en')} (Chile time).`,
      `Confirm it in your calendar: ${appUrl}/dashboard/calendario`,
    ),
  }),
}

/** To the client: the trainer confirmed. `otherName` is the trainer. */
const bookingConfirmed: Template<Booking> = {
  es: ({ firstName, otherName, type, startsAt }) => ({
    subject: `Reserva confirmada: ${santiagoDateTime(startsAt, 'es')}`,
    text: body(
      `Hola ${firstName}:`,
      '',
      `${otherName} confirmó tu sesión "${type}" del ${santiagoDateTime(startsAt, 'es')} (hora de Chile).`,
    ),
  }),
  en: ({ firstName, otherName, type, startsAt }) => ({
    subject: `Booking confirmed: ${santiagoDateTime(startsAt, 'en')}`,
    text: body(
      `Hello ${firstName},`,
      '',
      `${otherName} confirmed your "${type}" session on ${santiagoDateTime(startsAt, 'en')} (Chile time).`,
    ),
  }),
}

/** To the client: the trainer cancelled. */
const bookingCancelledByTrainer: Template<Booking> = {
  es: ({ firstName, otherName, type, startsAt, appUrl }) => ({
    subject: `Sesión cancelada: ${santiagoDateTime(startsAt, 'es')}`,
    text: body(
      `Hola ${firstName}:`,
      '',
      `${otherName} canceló tu sesión "${type}" del ${santiagoDateTime(startsAt, 'es')} (hora de Chile). Puedes reservar otro horario en ${appUrl}/cliente/reservas`,
    ),
  }),
  en: ({ firstName, otherName, type, startsAt, appUrl }) => ({
    subject: `Session cancelled: ${santiagoDateTime(startsAt, 'en')}`,
    text: body(
      `Hello ${firstName},`,
      '',
      `${otherName} cancelled your "${type}" session on ${santiagoDateTime(startsAt, 'en')} (Chile time). You can book another time at ${appUrl}/cliente/reservas`,
    ),
  }),
}

/** To the trainer: the client cancelled. */
const bookingCancelledByClient: Template<Booking> = {
  es: ({ firstName, otherName, type, startsAt }) => ({
    subject: `Reserva cancelada: ${santiagoDateTime(startsAt, 'es')}`,
    text: body(
      `Hola ${firstName}:`,
      '',
      `${otherName} canceló su reserva "${type}" del ${santiagoDateTime(startsAt, 'es')} (hora de Chile).`,
    ),
  }),
  en: ({ firstName, otherName, type, startsAt }) => ({
    subject: `Booking cancelled: ${santiagoDateTime(startsAt, 'en')}`,
    text: body(
      `Hello ${firstName},`,
      '',
      `${otherName} cancelled their "${type}" booking on ${santiagoDateTime(startsAt, 'en')} (Chile time).`,
    ),
  }),
}

/** To the client, the day before. */
const bookingReminder: Template<Booking> = {
  es: ({ firstName, otherName, type, startsAt, appUrl }) => ({
    subject: `Recordatorio: tu sesión es mañana, ${santiagoDateTime(startsAt, 'es')}`,
    text: body(
      `Hola ${firstName}:`,
      '',
      `Te recordamos tu sesión "${type}" con ${otherName} el ${santiagoDateTime(startsAt, 'es')} (hora de Chile).`,
      `Si no puedes asistir, cancélala en ${appUrl}/cliente/reservas`,
    ),
  }),
  en: ({ firstName, otherName, type, startsAt, appUrl }) => ({
    subject: `Reminder: your session is tomorrow, ${santiagoDateTime(startsAt, 'en')}`,
    text: body(
      `Hello ${firstName},`,
      '',
      `This is a reminder of your "${type}" session with ${otherName} on ${santiagoDateTime(startsAt, 'en')} (Chile time).`,
      `If you cannot attend, cancel it at ${appUrl}/cliente/reservas`,
    ),
  }),
}

type Receipt = {
  firstName: string
  trainerName: string
  offerTitle: string
  amountClp: number
  periodStart: Date
  periodEnd: Date
  paymentReference: string
  reference: string
}

/** To the client: a payment went through (decision 162). The split is never shown. */
const paymentReceipt: Template<Receipt> = {
  es: (v) => ({
    subject: `Comprobante de pago: ${clp(v.amountClp)} a ${v.trainerName}`,
    text: body(
      `Hola ${v.firstName}:`,
      '',
      'Recibimos tu pago. Este es tu comprobante:',
      '',
      `Monto: ${clp(v.amountClp)} CLP`,
      `Entrenador: ${v.trainerName}`,
      `Plan: ${v.offerTitle}`,
      `Periodo: ${santiagoDate(v.periodStart, 'es')} al ${santiagoDate(v.periodEnd, 'es')}`,
      `Referencia del pago: ${v.paymentReference}`,
    ),
  }),
  en: (v) => ({
    subject: `Payment receipt: ${clp(v.amountClp)} to ${v.trainerName}`,
    text: body(
      `Hello ${v.firstName},`,
      '',
      'We received your payment. This is your receipt:',
      '',
      `Amount: ${clp(v.amountClp)} CLP`,
      `Trainer: ${v.trainerName}`,
      `Plan: ${v.offerTitle}`,
      `Period: ${santiagoDate(v.periodStart, 'en')} to ${santiagoDate(v.periodEnd, 'en')}`,
      `Payment reference: ${v.paymentReference}`,
    ),
  }),
}

/** To the client: (part of) a payment was refunded. */
const refundReceipt: Template<Receipt> = {
  es: (v) => ({
    subject: `Comprobante de reembolso: ${clp(v.amountClp)} de ${v.trainerName}`,
    text: body(
      `Hola ${v.firstName}:`,
      '',
      'Te reembolsamos un pago. Este es tu comprobante:',
      '',
      `Monto reembolsado: ${clp(v.amountClp)} CLP`,
      `Entrenador: ${v.trainerName}`,
      `Plan: ${v.offerTitle}`,
      `Periodo: ${santiagoDate(v.periodStart, 'es')} al ${santiagoDate(v.periodEnd, 'es')}`,
      `Referencia del pago: ${v.paymentReference}`,
      `Referencia del reembolso: ${v.reference}`,
      '',
      'El banco o la tarjeta puede tardar algunos días hábiles en mostrarlo.',
    ),
  }),
  en: (v) => ({
    subject: `Refund receipt: ${clp(v.amountClp)} from ${v.trainerName}`,
    text: body(
      `Hello ${v.firstName},`,
      '',
      'A payment of yours was refunded. This is your receipt:',
      '',
      `Amount refunded: ${clp(v.amountClp)} CLP`,
      `Trainer: ${v.trainerName}`,
      `Plan: ${v.offerTitle}`,
      `Period: ${santiagoDate(v.periodStart, 'en')} to ${santiagoDate(v.periodEnd, 'en')}`,
      `Payment reference: ${v.paymentReference}`,
      `Refund reference: ${v.reference}`,
      '',
      'Your bank or card may take a few business days to show it.',
    ),
  }),
}

/** To the client: the trainer's account was deactivated, so the subscription ended now (issue 19). */
const clientSubscriptionStopped: Template<{ firstName: string; trainerName: string; offerTitle: string }> = {
  es: ({ firstName, trainerName, offerTitle }) => ({
    subject: `Tu suscripción con ${trainerName} terminó`,
    text: body(
      `Hola ${firstName}:`,
      '',
      `La cuenta de ${trainerName} en ${brand.name} fue desactivada, así que tu suscripción "${offerTitle}" terminó hoy.`,
      'No se te cobrará nada más. Si tienes dudas sobre un pago, responde a este correo.',
    ),
  }),
  en: ({ firstName, trainerName, offerTitle }) => ({
    subject: `Your subscription with ${trainerName} has ended`,
    text: body(
      `Hello ${firstName},`,
      '',
      `${trainerName}'s ${brand.name} account was deactivated, so your "${offerTitle}" subscription ended today.`,
      'You will not be charged again. If you have a question about a payment, reply to this e-mail.',
    ),
  }),
}

export const MAIL_TEMPLATES = {
  paymentReceipt,
  refundReceipt,
  signupCode,
  passwordReset,
  passwordSet,
  trainerWelcome,
  gymTrainerWelcome,
  emailChangeConfirm,
  emailChangeNotice,
  clientInvitation,
  bookingRequested,
  bookingConfirmed,
  bookingCancelledByTrainer,
  bookingCancelledByClient,
  bookingReminder,
  clientSubscriptionStopped,
}
export type MailTemplateName = keyof typeof MAIL_TEMPLATES
type ValuesOf<N extends MailTemplateName> = Parameters<(typeof MAIL_TEMPLATES)[N]['es']>[0]

/** The subject and body of mail `name` in `language`. */
export function mailText<N extends MailTemplateName>(name: N, language: MailLanguage, values: ValuesOf<N>): MailText {
  return (MAIL_TEMPLATES[name][language] as (v: ValuesOf<N>) => MailText)(values)
}
