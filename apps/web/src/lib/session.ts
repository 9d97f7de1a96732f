import type { User } from '@app/contracts'
import { BUSINESS_ROLES } from '@app/contracts/constants'
import { storeLanguage } from './language'

/** The signed-in session, kept in local storage under three separate keys (spec §3). */
export interface Session {
  user: User
  token: string
  refreshToken: string
}

/** Whether a role may use the business area (gym owners and admins). */
export const isBusinessUser = (role: string | undefined) => Boolean(role && (BUSINESS_ROLES as readonly string[]).includes(role))

export const SESSION_KEYS = {
  user: 'entrenapp.user',
  token: 'entrenapp.token',
  refreshToken: 'entrenapp.refreshToken',
} as const

type Listener = (session: Session | null, reason?: string) => void
const listeners = new Set<Listener>()
let current: Session | null | undefined

function read(): Session | null {
  try {
    const token = localStorage.getItem(SESSION_KEYS.token)
    const refreshToken = localStorage.getItem(SESSION_KEYS.refreshToken)
    const user = localStorage.getItem(SESSION_KEYS.user)
    if (!token || !refreshToken || !user) return null
    return { token, refreshToken, user: JSON.parse(user) as User }
  } catch {
    return null
  }
}

function emit(reason?: string) {
  for (const listener of listeners) listener(current ?? null, reason)
}

export function getSession(): Session | null {
  if (current === undefined) current = read()
  return current
}

export function setSession(session: Session) {
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify(session.user))
  localStorage.setItem(SESSION_KEYS.token, session.token)
  localStorage.setItem(SESSION_KEYS.refreshToken, session.refreshToken)
  current = session
  emit()
}

/**
 * A sign-in or a registration: the session, and the account's language becomes this browser's
 * (decision 161), so the dashboard speaks the language the person registered in. The switch
 * changes it again afterwards.
 */
export function startSession(session: Session) {
  setSession(session)
  if (session.user.language) storeLanguage(session.user.language)
}

export function setTokens(token: string, refreshToken: string) {
  const session = getSession()
  if (!session) return
  setSession({ ...session, token, refreshToken })
}

/** Fresher data of the signed-in user; ignored if someone else has signed in meanwhile. */
export function setUser(user: User) {
  const session = getSession()
  if (session && session.user.id === user.id) setSession({ ...session, user })
}

/** Clears the session; `reason` (e.g. 'Session expired') reaches the listeners. */
export function clearSession(reason?: string) {
  for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key)
  current = null
  emit(reason)
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Another tab signed in or out: follow it. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key && (Object.values(SESSION_KEYS) as string[]).includes(event.key)) {
      current = read()
      emit()
    }
  })
}
