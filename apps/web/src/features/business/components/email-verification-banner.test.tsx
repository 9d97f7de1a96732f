import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getSession, setSession } from '@/lib/session'
import { EmailVerificationBanner } from './email-verification-banner'
import { prepareLanguage } from '@/lib/i18n'

// The dashboard's default language, as its route prepares it.
await prepareLanguage('en', ['business'])

const owner = {
  id: 'o1',
  email: 'olga@example.com',
  firstName: 'Olga',
  lastName: 'Díaz',
  role: 'gym_owner' as const,
  isActive: true,
  emailVerified: false,
  language: 'en' as const,
  createdAt: '',
  updatedAt: '',
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

afterEach(() => vi.unstubAllGlobals())

describe('EmailVerificationBanner', () => {
  it('is not shown once the e-mail is verified', () => {
    render(<EmailVerificationBanner user={{ ...owner, emailVerified: true }} />)
    expect(screen.queryByTestId('email-verification-banner')).toBeNull()
  })

  it('sends the six digits, says when the code is wrong, and stores the verified user on success', async () => {
    setSession({ user: owner, token: 't', refreshToken: 'r' })
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(422, { status: 422, message: 'Unprocessable entity', errors: { otp: 'invalidOrExpired' } }))
      .mockResolvedValueOnce(json(200, { ...owner, emailVerified: true }))
    vi.stubGlobal('fetch', fetchMock)
    render(<EmailVerificationBanner user={owner} />)
    const input = screen.getByLabelText('Verification code')
    const verify = screen.getByRole('button', { name: 'Verify' })
    fireEvent.change(input, { target: { value: '12a34' } })
    expect((verify as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(input, { target: { value: '123456' } })
    fireEvent.click(verify)
    await waitFor(() => expect(screen.getByRole('alert').textContent ?? '').toMatch(/invalid or has expired/))
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/auth/email/verification/confirm')
    expect(JSON.parse((fetchMock.mock.calls[0][1] as RequestInit).body as string)).toEqual({ otp: '123456' })
    fireEvent.click(verify)
    await waitFor(() => expect(getSession()?.user.emailVerified).toBe(true))
  })
})
