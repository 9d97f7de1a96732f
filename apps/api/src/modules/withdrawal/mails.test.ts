import { describe, expect, it } from 'vitest'
import en from './locales/en.json' with { type: 'json' }
import es from './locales/es.json' with { type: 'json' }
import { refundPaidText, subscriptionMailText, type SubscriptionMailKey } from './mails.ts'

const keys = Object.keys(es).filter((k) => !k.startsWith('refund')) as SubscriptionMailKey[]
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()
const values = {
  name: 'Carla',
  offer: 'Plan Fuerza',
  trainer: 'Tomás Vera',
  plan: 'Starter',
  amount: '$25.000',
  date: new Date('2026-03-11T15:00:00Z'),
  until: new Date('2026-03-18T15:00:00Z'),
  days: 5,
  refund: '—',
  link: 'https://app.example/mi-suscripcion',
}

describe('withdrawal, cancel and renewal mails (decision 224)', () => {
  it('have the same templates and placeholders in both languages', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort())
    for (const key of keys) {
      expect(placeholders(en[key].subject + en[key].text), key).toEqual(placeholders(es[key].subject + es[key].text))
    }
    // The sentences a plan's withdrawal puts in {{refund}}.
    expect(placeholders(en.refundNone)).toEqual([])
    expect(placeholders(es.refundPaid)).toEqual(['amount'])
    expect(refundPaidText('en', '$19.990')).toContain('We are refunding $19.990, everything you paid')
  })

  it('render every template in both languages, dates on Chile’s calendar', () => {
    for (const key of keys) {
      for (const language of ['es', 'en'] as const) {
        const { subject, text } = subscriptionMailText(key, language, values)
        expect(subject + text, `${language} ${key}`).not.toMatch(/\{\{|undefined/)
        if ((es[key].subject + es[key].text).includes('{{date}}'))
          expect(subject + text).toContain(language === 'es' ? '11 de marzo de 2026' : '11 March 2026')
      }
    }
  })
})
