import type { Plan, PlanList } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** The one cache entry of the plan catalogue: every screen reads it in this shape (Plan[]). */
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

/** Landing, /precios and /auth/select-plan share this query; a screen narrows it with `select`. */
export function usePlans<T = Plan[]>(options: { enabled?: boolean; select?: (plans: Plan[]) => T } = {}) {
  return useQuery({ queryKey: plansQueryKey, queryFn: getPlans, staleTime: 5 * 60_000, ...options })
}
