import { afterEach, describe, expect, it } from 'vitest'
import { storedLanguage } from './language'
import { clearSession, getSession, startSession } from './session'

const user = (language: 'es' | 'en') => ({
  id: 'u1',
  email: 'carla@example.com',
  firstName: 'Carla',
  lastName: 'Rojas',
  role: 'gym_owner' as const,
  isActive: true,
  emailVerified: true,
  language,
  createdAt: '2026-11-25T12:00:00.000Z',
  updatedAt: '2026-11-25T12:00:00.000Z',
})

describe('startSession (decision 161)', () => {
  afterEach(() => {
    clearSession()
    localStorage.clear()
  })

  it("a sign-in makes the account's language this browser's, so the dashboard speaks it", () => {
    localStorage.setItem('language', 'en')
    startSession({ user: user('es'), token: 't', refreshToken: 'r' })
    expect(getSession()?.user.language).toBe('es')
    expect(storedLanguage()).toBe('es')
    startSession({ user: user('en'), token: 't', refreshToken: 'r' })
    expect(storedLanguage()).toBe('en')
  })
})
