import { useQuery } from '@tanstack/react-query'
import { useSession } from '@/lib/use-session'
import { getMyGym, getTrainers } from '../api/business-api'

export const businessKeys = {
  /** Prefix of every owner's gym query: invalidating it reloads the gym. */
  myGym: ['business', 'my-gym'] as const,
  trainers: (gymId: string | undefined) => ['business', 'trainers', gymId ?? 'none'] as const,
}

/** Keyed by the signed-in user, so a different owner signing in never sees the last one's cached gym. */
export function useMyGym(enabled = true) {
  const { user } = useSession()
  return useQuery({ queryKey: [...businessKeys.myGym, user?.id ?? 'anonymous'], queryFn: getMyGym, enabled: enabled && Boolean(user) })
}

export const useTrainers = (gymId: string | undefined) =>
  useQuery({ queryKey: businessKeys.trainers(gymId), queryFn: () => getTrainers(gymId), enabled: Boolean(gymId) })
