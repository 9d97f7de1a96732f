import type { LoginResponse, User } from '@app/contracts'
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { requestToaster } from '@/components/layout/deferred-toaster'
import { api, ApiError, ServiceError, SESSION_EXPIRED } from './api-client'
import { clearSession, getSession, setUser, startSession, subscribeSession } from './session'
import { shellText } from './shell-text'

export type LoginFlavour = 'email' | 'business'

interface SessionContextValue {
  user: User | null
  token: string | null
  /** True while the stored session is being restored and during a login. */
  isLoading: boolean
  login: (credentials: { email: string; password: string }, flavour: LoginFlavour) => Promise<User>
  logout: () => Promise<void>
}

const SessionContext = createContext<SessionContextValue | null>(null)

export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession, () => null)
  const [restoring, setRestoring] = useState(() => getSession() !== null)
  const [loggingIn, setLoggingIn] = useState(false)

  // Restore: check the stored session with the server (a 401 refreshes or clears it).
  useEffect(() => {
    if (!getSession()) return
    let cancelled = false
    api
      .get<User>('/auth/me')
      .then((user) => !cancelled && setUser(user))
      .catch(() => undefined)
      .finally(() => !cancelled && setRestoring(false))
    return () => {
      cancelled = true
    }
  }, [])

  useEffect(
    () =>
      subscribeSession((next, reason) => {
        if (!next && reason) {
          // sonner is not in the first download (components/layout/deferred-toaster.tsx).
          requestToaster()
          // The API client's reason is the spec's English text; the toast speaks the page's language.
          const text = reason === SESSION_EXPIRED ? shellText('sessionExpired') : reason
          void import('sonner').then(({ toast }) => toast.error(text))
        }
      }),
    [],
  )

  const login = useCallback(async (credentials: { email: string; password: string }, flavour: LoginFlavour) => {
    setLoggingIn(true)
    try {
      const res = await api.post<LoginResponse>(`/auth/${flavour}/login`, credentials, { auth: false })
      startSession({ user: res.user, token: res.token, refreshToken: res.refreshToken })
      return res.user
    } catch (err) {
      // Spec §8: the business login service's own fallback when no server answer came back.
      if (flavour === 'business' && !(err instanceof ApiError)) throw new ServiceError('Login failed. Please try again.', { cause: err })
      throw err
    } finally {
      setLoggingIn(false)
    }
  }, [])

  const logout = useCallback(async () => {
    // The server-side revoke is best effort and errors are ignored (spec §7): sent with the
    // current token only, so an expired one never starts a refresh that would end in
    // 'Session expired'. The local session goes either way.
    const token = getSession()?.token
    if (token) await api.post('/auth/logout', undefined, { bearer: token }).catch(() => undefined)
    clearSession()
  }, [])

  const value = useMemo<SessionContextValue>(
    () => ({
      user: session?.user ?? null,
      token: session?.token ?? null,
      isLoading: restoring || loggingIn,
      login,
      logout,
    }),
    [session, restoring, loggingIn, login, logout],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext)
  if (!value) throw new Error('useSession needs <SessionProvider>')
  return value
}
