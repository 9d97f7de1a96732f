import { BUSINESS_PASSWORD_MIN } from '@app/contracts/constants'
import { describe, expect, it } from 'vitest'
import { i18n, prepareLanguage } from '@/lib/i18n'
import { normaliseWebsite, validateRegistration as rule, type RegisterForm } from './register-validation'

// The registration page's default language, as its route prepares it.
await prepareLanguage('es', ['business'])

/** The message the page shows for the first rule that fails. */
const validateRegistration = (form: RegisterForm) => {
  const failed = rule(form)
  return failed && i18n.t(`business:register.rule.${failed}`, { min: BUSINESS_PASSWORD_MIN })
}

const valid: RegisterForm = {
  firstName: 'Carla',
  lastName: 'Rojas',
  businessName: 'Norte',
  address: 'Calle 1',
  phone: '',
  email: 'c@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  website: '',
  subscriptionPlan: 'business',
  acceptTerms: true,
  acceptPrivacy: true,
  centralBillingEnabled: true,
  paymentAccountId: '',
}

describe('validateRegistration (spec §5, in order)', () => {
  it('a complete form passes; phone and website are optional', () => {
    expect(validateRegistration(valid)).toBeNull()
  })

  it.each(['firstName', 'lastName', 'businessName', 'address', 'email', 'password', 'subscriptionPlan'] as const)(
    '%s missing → required message',
    (field) => {
      expect(validateRegistration({ ...valid, [field]: '  ' })).toBe('Por favor, complete todos los campos obligatorios')
    },
  )

  it('required comes before every other rule', () => {
    expect(validateRegistration({ ...valid, firstName: '', confirmPassword: 'x', acceptTerms: false })).toBe(
      'Por favor, complete todos los campos obligatorios',
    )
  })

  it('mismatch comes before length, length before terms; the texts are the spec’s', () => {
    expect(validateRegistration({ ...valid, password: '123', confirmPassword: '1234', acceptTerms: false })).toBe(
      'Las contraseñas no coinciden',
    )
    expect(validateRegistration({ ...valid, password: '12345', confirmPassword: '12345', acceptTerms: false })).toBe(
      'La contraseña debe tener al menos 6 caracteres',
    )
    expect(validateRegistration({ ...valid, password: '123456', confirmPassword: '123456' })).toBeNull()
  })

  it('terms and privacy must both be accepted', () => {
    expect(validateRegistration({ ...valid, acceptTerms: false })).toBe(
      'Debe aceptar los términos y condiciones y la política de privacidad',
    )
    expect(validateRegistration({ ...valid, acceptPrivacy: false })).toBe(
      'Debe aceptar los términos y condiciones y la política de privacidad',
    )
  })
})

describe('normaliseWebsite', () => {
  it('adds https:// when no scheme is given and leaves empty empty', () => {
    expect(normaliseWebsite(' gym.cl ')).toBe('https://gym.cl')
    expect(normaliseWebsite('http://gym.cl')).toBe('http://gym.cl')
    expect(normaliseWebsite('')).toBe('')
  })
})
