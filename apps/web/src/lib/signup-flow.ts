/**
 * The sign-up flow's state (spec §3 "local storage during checkout"): kept in local storage under
 * `entrenapp.signup.*` so that a reload, or the provider's redirect back, finds it again.
 * The password is never stored (docs/decisions/033).
 */
export interface FlowState {
  email: string | null
  userId: string | null
  planKey: string | null
  planId: string | null
  /** The signup token of docs/decisions/030: proves who the flow acts for before signing in. */
  token: string | null
  sessionId: string | null
  /** When the last code was sent (ms since epoch), for the resend countdown. */
  codeSentAt: string | null
}

export const FLOW_KEYS: Record<keyof FlowState, string> = {
  email: 'entrenapp.signup.email',
  userId: 'entrenapp.signup.userId',
  planKey: 'entrenapp.signup.planKey',
  planId: 'entrenapp.signup.planId',
  token: 'entrenapp.signup.token',
  sessionId: 'entrenapp.signup.sessionId',
  codeSentAt: 'entrenapp.signup.codeSentAt',
}

const read = (key: string) => {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function getFlow(): FlowState {
  return Object.fromEntries(Object.entries(FLOW_KEYS).map(([field, key]) => [field, read(key)])) as unknown as FlowState
}

export function saveFlow(patch: Partial<FlowState>) {
  for (const [field, value] of Object.entries(patch)) {
    const key = FLOW_KEYS[field as keyof FlowState]
    if (value == null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  }
}

export function clearFlow() {
  for (const key of Object.values(FLOW_KEYS)) localStorage.removeItem(key)
}

/** Name, password and e-mail between the register form and the code screen: memory only. */
export interface PendingRegistration {
  email: string
  password: string
  firstName: string
  lastName: string
  birthDate: string
}
let pending: PendingRegistration | null = null
export const setPendingRegistration = (value: PendingRegistration | null) => {
  pending = value
}
export const getPendingRegistration = () => pending
