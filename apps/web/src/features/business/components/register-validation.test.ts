import { describe, expect, it } from 'vitest'
import { normaliseWebsite, REGISTER_MESSAGES, validateRegistration, type RegisterForm } from './register-validation'

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

  it.each(['firstName', 'lastName', 'businessName', 'address', 'email', 'password', 'subscriptionPlan'] as const)('%s missing → required message', (field) => {
    expect(validateRegistration({ ...valid, [field]: '  ' })).toBe(REGISTER_MESSAGES.required)
  })

  it('required comes before every other rule', () => {
    expect(validateRegistration({ ...valid, firstName: '', confirmPassword: 'x', acceptTerms: false })).toBe(REGISTER_MESSAGES.required)
  })

  it('mismatch comes before length, length before terms', () => {
    expect(validateRegistration({ ...valid, password: '123', confirmPassword: '1234', acceptTerms: false })).toBe(REGISTER_MESSAGES.mismatch)
    expect(validateRegistration({ ...valid, password: '12345', confirmPassword: '12345', acceptTerms: false })).toBe(REGISTER_MESSAGES.tooShort)
    expect(validateRegistration({ ...valid, password: '123456', confirmPassword: '123456' })).toBeNull()
  })

  it('terms and privacy must both be accepted', () => {
    expect(validateRegistration({ ...valid, acceptTerms: false })).toBe(REGISTER_MESSAGES.terms)
    expect(validateRegistration({ ...valid, acceptPrivacy: false })).toBe(REGISTER_MESSAGES.terms)
  })

  it('the texts are exactly the spec’s', () => {
    expect(REGISTER_MESSAGES).toEqual({
      required: 'Por favor, complete todos los campos obligatorios',
      mismatch: 'Las contraseñas no coinciden',
      tooShort: 'La contraseña debe tener al menos 6 caracteres',
      terms: 'Debe aceptar los términos y condiciones y la política de privacidad',
    })
  })
})

describe('normaliseWebsite', () => {
  it('adds https:// when no scheme is given and leaves empty empty', () => {
    expect(normaliseWebsite(' gym.cl ')).toBe('https://gym.cl')
    expect(normaliseWebsite('http://gym.cl')).toBe('http://gym.cl')
    expect(normaliseWebsite('')).toBe('')
  })
})
