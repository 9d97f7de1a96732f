// @vitest-environment node
import { SUBSCRIPTION_STATE_LABELS } from '@app/contracts/constants'
import { describe, expect, it } from 'vitest'
import en from './en.json'
import es from './es.json'

describe('trainer dashboard subscription states', () => {
  it('name every state the contracts know, in Spanish with the contracts’ own labels', () => {
    expect(Object.keys(es.state).sort()).toEqual(Object.keys(SUBSCRIPTION_STATE_LABELS).sort())
    expect(Object.keys(en.state).sort()).toEqual(Object.keys(SUBSCRIPTION_STATE_LABELS).sort())
    expect(es.state).toEqual(SUBSCRIPTION_STATE_LABELS)
  })
})
