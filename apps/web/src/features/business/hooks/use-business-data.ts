import { useQuery } from '@tanstack/react-query'
import { getMyGym, getTrainers } from '../api/business-api'

export const businessKeys = {
  myGym: ['business', 'my-gym'] as const,
  trainers: (gymId: string | undefined) => ['business', 'trainers', gymId ?? 'none'] as const,
}

export const useMyGym = (enabled = true) => useQuery({ queryKey: businessKeys.myGym, queryFn: getMyGym, enabled })

export const useTrainers = (gymId: string | undefined) =>
  useQuery({ queryKey: businessKeys.trainers(gymId), queryFn: () => getTrainers(gymId), enabled: Boolean(gymId) })
