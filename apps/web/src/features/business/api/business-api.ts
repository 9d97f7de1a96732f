import type {
  BusinessRegisterInput,
  BusinessRegisterResponse,
  Gym,
  GymInput,
  Trainer,
  TrainerCreated,
  TrainerInput,
  TrainerWithUserInput,
} from '@app/contracts'
import { api, ApiError } from '@/lib/api-client'
import { ServiceError } from '@/lib/error-text'

/** A failure without a server answer (network, proxy) becomes the service's spec §8 fallback text. */
async function orFallback<T>(call: Promise<T>, fallback: string): Promise<T> {
  try {
    return await call
  } catch (err) {
    if (err instanceof ApiError && (err.status < 500 || err.errors)) throw err
    throw new ServiceError(fallback, { cause: err })
  }
}

export const registerBusiness = (input: BusinessRegisterInput) =>
  orFallback(api.post<BusinessRegisterResponse>('/auth/business/register', input, { auth: false }), 'Registration failed')

export const requestPasswordReset = (email: string) =>
  api.post<{ ok: true; message: string }>('/auth/forgot/password', { email }, { auth: false })

export const resetPassword = (hash: string, password: string) =>
  api.post<{ ok: true }>('/auth/reset/password', { hash, password }, { auth: false })

/** The owner's gym, or null when there is none yet (the API answers 404). */
export async function getMyGym(): Promise<Gym | null> {
  try {
    return await orFallback(api.get<Gym>('/gyms/my-gym'), 'Failed to fetch gyms')
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null
    throw err
  }
}

export const createGym = (input: GymInput) => api.post<Gym>('/gyms', input)
export const updateGym = (id: string, input: GymInput) => api.put<Gym>(`/gyms/${id}`, input)
/** Refused with 409 `{ gym: 'hasTrainers' }` while trainers belong to it (decision 020). */
export const deleteGym = (id: string) => api.delete<{ ok: true }>(`/gyms/${id}`)

/** Skipped without a gym id: no gym means no trainers (spec §7). */
export const getTrainers = (gymId: string | undefined) =>
  gymId ? api.get<Trainer[]>(`/gyms/${gymId}/trainers`) : Promise.resolve([] as Trainer[])

export const createTrainerWithUser = (input: TrainerWithUserInput) => api.post<TrainerCreated>('/trainers/with-user', input)
export const updateTrainer = (id: string, input: TrainerInput) => api.put<Trainer>(`/trainers/${id}`, input)
export const deleteTrainer = (id: string) => api.delete<{ ok: true }>(`/trainers/${id}`)
