import { describe, expect, it } from 'vitest'
import { MAIL_TEMPLATES, mailText, type MailTemplateName } from './texts.ts'

/** Values for every placeholder any template has: each must show up in the mail that uses it. */
const VALUES = {
  code: '493817',
  minutes: 10,
  hours: 24,
  days: 7,
  firstName: 'Tomás',
  email: 'tomas@example.com',
  newEmail: 'tomas.nuevo@example.com',
  appUrl: 'https://app.example.cl',
  link: 'https://app.example.cl/x?token=abc',
  gymName: 'Gimnasio Sur',
  generatedPassword: true,
  trainerName: 'Ana Pérez',
  offerTitle: 'Plan fuerza',
  priceClp: 45000,
  otherName: 'Carla Díaz',
  type: 'Evaluación',
  startsAt: new Date('2026-11-24T13:00:00Z'),
  amountClp: 45000,
  periodStart: new Date('2026-11-24T03:07:00Z'),
  periodEnd: new Date('2026-12-24T03:07:00Z'),
  paymentReference: 'py_sbx_123',
  reference: 're_456',
}

// Words of one language that a mail in the other must not contain.
const ENGLISH = /\b(the|your|you|with|hello|link|password|account|booking|session|within|ignore|e-mail|chile time)\b/i
const SPANISH = /\b(tu|hola|el|los|enlace|contraseña|cuenta|reserva|sesión|correo|dentro|ignora|hora de chile|días|minutos)\b/i

/** A mail's words, without addresses and links (paths such as /recuperar-password are no words). */
const words = (mail: { subject: string; text: string }) => `${mail.subject}\n${mail.text}`.replace(/\S+@\S+|https?:\/\/\S+/g, '')

describe('mail templates (decision 161)', () => {
  const names = Object.keys(MAIL_TEMPLATES) as MailTemplateName[]

  it('every template is written in Spanish and in English, with no word of the other language', () => {
    for (const name of names) {
      const es = mailText(name, 'es', VALUES as never)
      const en = mailText(name, 'en', VALUES as never)
      for (const mail of [es, en]) {
        expect(mail.subject.trim(), name).not.toBe('')
        expect(mail.text.trim(), name).not.toBe('')
        expect(mail.text, name).not.toMatch(/undefined|NaN|\{\{|\$\{/)
      }
      expect(es.subject, name).not.toBe(en.subject)
      expect(words(es), `${name} (es)`).not.toMatch(ENGLISH)
      expect(words(en), `${name} (en)`).not.toMatch(SPANISH)
    }
  })

  it('the same facts in both languages: every value given appears in both mails or in neither', () => {
    for (const name of names) {
      const es = mailText(name, 'es', VALUES as never)
      const en = mailText(name, 'en', VALUES as never)
      for (const value of [
        '493817',
        'Tomás',
        'tomas@example.com',
        'tomas.nuevo@example.com',
        'Gimnasio Sur',
        'Ana Pérez',
        'Carla Díaz',
        '$45.000',
      ])
        expect(`${es.subject}${es.text}`.includes(value), `${name}: ${value}`).toBe(`${en.subject}${en.text}`.includes(value))
      expect(es.text.includes(VALUES.link), name).toBe(en.text.includes(VALUES.link))
    }
  })

  it("dates are Chile's wall clock, in the recipient's words", () => {
    const values = { firstName: 'Ana', otherName: 'Carla', type: 'Yoga', startsAt: new Date('2026-11-24T13:00:00Z'), appUrl: 'https://x' }
    expect(mailText('bookingConfirmed', 'es', values).subject).toBe('Reserva confirmada: martes 24 de noviembre, 10:00')
    expect(mailText('bookingConfirmed', 'en', values).subject).toBe('Booking confirmed: Tuesday 24 November, 10:00')
  })
})
