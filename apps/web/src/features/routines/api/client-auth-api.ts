import type { LoginResponse, OtpSent } from '@app/contracts'
import { api } from '@/lib/api-client'
import { setSession } from '@/lib/session'

// Issue 25: clients sign in with a code mailed to them.

export const sendClientCode = (email: string) => api.post<OtpSent>('/auth/client/code', { email }, { auth: false })

export async function loginWithClientCode(email: string, otp: string) {
  const res = await api.post<LoginResponse>('/auth/client/login', { email, otp }, { auth: false })
  setSession({ user: res.user, token: res.token, refreshToken: res.refreshToken })
  return res.user
}
