import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import en from './en.json'
import es from './es.json'

describe('counts on the business screens go through i18next plurals (issue 23)', () => {
  it('"1 activo", "2 activos"; "1 active"', async () => {
    const i18n = i18next.createInstance()
    await i18n.init({ lng: 'es', resources: { es: { business: es }, en: { business: en } }, defaultNS: 'business' })
    expect(i18n.t('dashboard.activeTrainers', { count: 1 })).toBe('1 activo')
    expect(i18n.t('dashboard.activeTrainers', { count: 2 })).toBe('2 activos')
    expect(i18n.t('dashboard.activeTrainers', { count: 1, lng: 'en' })).toBe('1 active')
  })
})
