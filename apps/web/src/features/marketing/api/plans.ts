import type { Plan, PlanList } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const plansQueryKey = ['plans'] as const

/**
 * The plan catalogue (GET /plans, no auth): the one source of every price on screen
 * (decision 003). The response is typed, not parsed with zod, to keep zod out of the landing
 * page's first download (decision 011).
 */
export async function getPlans(): Promise<Plan[]> {
  const { data } = await api.get<PlanList>('/plans', { auth: false })
  return data
}

export function usePlans() {
  return useQuery({ queryKey: plansQueryKey, queryFn: getPlans, staleTime: 5 * 60_000 })
}
