import { describe, expect, it } from 'vitest'
import { gymFormSchema } from './gym-form'

const business = {
  subscriptionPlan: 'business' as const,
  centralBilling: { enabled: false, paymentAccountId: null, commissionRates: { trainer: 0.6, gym: 0.35, platform: 0.05 } },
}
const schema = gymFormSchema(business)
const base = { subscriptionPlan: 'business', trainer: '60', gym: '35', platform: '5', reason: 'Contrato anual firmado' }
const codes = (input: object) => {
  const result = schema.safeParse({ ...base, ...input })
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`)
}

describe('gym plan and split form', () => {
  it('sends only the plan when only the plan changed', () => {
    expect(schema.parse({ ...base, subscriptionPlan: 'enterprise' })).toEqual({
      subscriptionPlan: 'enterprise',
      reason: 'Contrato anual firmado',
    })
  })

  it('turns percentages into thousandths and sends a changed split', () => {
    expect(schema.parse({ ...base, trainer: '64,5', gym: '30', platform: '5.5' }).commissionRates).toEqual({
      trainer: 0.645,
      gym: 0.3,
      platform: 0.055,
    })
  })

  it('refuses a split that does not sum to 100%', () => {
    expect(codes({ trainer: '70' })).toEqual(['commissionRates:mustSumToOne'])
  })

  it('refuses a rate out of range or not a number, and a missing one', () => {
    expect(codes({ trainer: '160', gym: '-65' })).toEqual(expect.arrayContaining(['trainer:invalid', 'gym:invalid']))
    expect(codes({ platform: 'x' })).toContain('platform:invalid')
    expect(codes({ platform: ' ' })).toContain('platform:required')
  })

  it('needs a reason, and a change', () => {
    expect(codes({ subscriptionPlan: 'enterprise', reason: '  ' })).toEqual(['reason:required'])
    expect(codes({})).toEqual(['subscriptionPlan:nothingToChange'])
  })
})
