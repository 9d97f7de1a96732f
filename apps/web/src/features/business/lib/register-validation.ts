import { BUSINESS_PASSWORD_MIN } from '@app/contracts/constants'

/** The business registration form (spec §3). */
export interface RegisterForm {
  firstName: string
  lastName: string
  businessName: string
  address: string
  phone: string
  email: string
  password: string
  confirmPassword: string
  website: string
  subscriptionPlan: 'business' | 'enterprise' | ''
  acceptTerms: boolean
  acceptPrivacy: boolean
  centralBillingEnabled: boolean
  paymentAccountId: string
}

export const REGISTER_MESSAGES = {
  required: 'Por favor, complete todos los campos obligatorios',
  mismatch: 'Las contraseñas no coinciden',
  tooShort: `La contraseña debe tener al menos ${BUSINESS_PASSWORD_MIN} caracteres`,
  terms: 'Debe aceptar los términos y condiciones y la política de privacidad',
} as const

/** Spec §5, checked in order: the first rule that fails gives the one message shown. */
export function validateRegistration(form: RegisterForm): string | null {
  const required = [form.firstName, form.lastName, form.businessName, form.address, form.email, form.password, form.subscriptionPlan]
  if (required.some((v) => !v.trim())) return REGISTER_MESSAGES.required
  if (form.password !== form.confirmPassword) return REGISTER_MESSAGES.mismatch
  if (form.password.length < BUSINESS_PASSWORD_MIN) return REGISTER_MESSAGES.tooShort
  if (!form.acceptTerms || !form.acceptPrivacy) return REGISTER_MESSAGES.terms
  return null
}

/** 'gym.cl' → 'https://gym.cl': the API accepts only http(s) URLs. */
export function normaliseWebsite(value: string): string {
  const v = value.trim()
  if (!v) return ''
  return /^https?:\/\//i.test(v) ? v : `https://${v}`
}
