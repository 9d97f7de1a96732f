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
    expect(validateRegistration({ ...valid, firstName: '', confirmPassword: 'x', acceptTerms: false })).toBe('Por favor, complete todos los campos obligatorios')
  })

  it('mismatch comes before length, length before terms; the texts are the spec’s', () => {
    expect(validateRegistration({ ...valid, password: '123', confirmPassword: '1234', acceptTerms: false })).toBe('Las contraseñas no coinciden')
    expect(validateRegistration({ ...valid, password: '12345', confirmPassword: '12345', acceptTerms: false })).toBe('La contraseña debe tener al menos 6 caracteres')
    expect(validateRegistration({ ...valid, password: '123456', confirmPassword: '123456' })).toBeNull()
  })

  it('terms and privacy must both be accepted', () => {
    expect(validateRegistration({ ...valid, acceptTerms: false })).toBe('Debe aceptar los términos y condiciones y la política de privacidad')
    expect(validateRegistration({ ...valid, acceptPrivacy: false })).toBe(REGISTER_MESSAGES.terms)
  })
})

describe('normaliseWebsite', () => {
  it('adds https:// when no scheme is given and leaves empty empty', () => {
    expect(normaliseWebsite(' gym.cl ')).toBe('https://gym.cl')
    expect(normaliseWebsite('http://gym.cl')).toBe('http://gym.cl')
    expect(normaliseWebsite('')).toBe('')
  })
})
