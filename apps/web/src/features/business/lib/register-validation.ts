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

/** The rules of spec §5; their texts are `business:register.rule.<rule>` (the spec's Spanish verbatim). */
export type RegisterRule = 'required' | 'mismatch' | 'tooShort' | 'terms'

/** Spec §5, checked in order: the first rule that fails gives the one message shown. */
export function validateRegistration(form: RegisterForm): RegisterRule | null {
  const required = [form.firstName, form.lastName, form.businessName, form.address, form.email, form.password, form.subscriptionPlan]
  if (required.some((v) => !v.trim())) return 'required'
  if (form.password !== form.confirmPassword) return 'mismatch'
  if (form.password.length < BUSINESS_PASSWORD_MIN) return 'tooShort'
  if (!form.acceptTerms || !form.acceptPrivacy) return 'terms'
  return null
}

/** 'gym.cl' → 'https://gym.cl': the API accepts only http(s) URLs. */
export function normaliseWebsite(value: string): string {
  const v = value.trim()
  if (!v) return ''
  return /^https?:\/\//i.test(v) ? v : `https://${v}`
}
