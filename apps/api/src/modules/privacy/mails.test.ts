import { describe, expect, it } from 'vitest'
import { call, uniqueEmail, useTestApp } from '../../testing/app.ts'
import en from './locales/en.json' with { type: 'json' }
import es from './locales/es.json' with { type: 'json' }
import { privacyMailText, type PrivacyMailKey } from './mails.ts'

const ctx = useTestApp()
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

describe('privacy mails in the recipient’s language (issue 23 point 5, decision 161)', () => {
  it('every mail exists in both languages with the same placeholders', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort())
    for (const key of Object.keys(es) as PrivacyMailKey[]) {
      expect(placeholders(en[key].subject + en[key].text), key).toEqual(placeholders(es[key].subject + es[key].text))
    }
  })

  it('dates are written on Chile’s clock in the mail’s language', () => {
    const at = new Date('2026-12-01T03:30:00Z') // 00:30 on 1 December in Santiago (UTC−3)
    expect(privacyMailText('reopened', 'es', { firstName: 'Ana', reopenedAt: at }).text).toContain('martes 1 de diciembre, 00:30')
    expect(privacyMailText('reopened', 'en', { firstName: 'Ann', reopenedAt: at }).text).toContain('Tuesday 1 December, 00:30')
  })

  it('an English account is told in English that it closed; a Spanish one in Spanish', async () => {
    for (const [language, subject] of [
      ['en', 'You closed your account'],
      ['es', 'Cerraste tu cuenta'],
    ] as const) {
      const email = uniqueEmail(`close-${language}`)
      const registered = await call(ctx.app, 'POST', '/api/v1/auth/business/register', {
        body: {
          email,
          password: 'secret1',
          firstName: 'Carla',
          lastName: 'Rojas',
          businessName: 'Gym',
          businessAddress: 'Calle 1',
          language,
        },
      })
      expect(registered.statusCode, registered.body).toBe(200)
      const closed = await call(ctx.app, 'POST', '/api/v1/account/close', { token: registered.json().token, body: { password: 'secret1' } })
      expect(closed.statusCode, closed.body).toBe(200)
      await ctx.app.mailer.flush()
      expect(ctx.mail.sent.filter((m) => m.to === email).at(-1)?.subject).toBe(subject)
    }
  })
})
