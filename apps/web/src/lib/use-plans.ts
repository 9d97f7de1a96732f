import type { Plan } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { plansQuery } from './plans'

// Apart from lib/plans.ts so the public pages, which read the plans with `usePlansCatalogue`, do
// not download useQuery (decision 048).

/** /auth/select-plan reads the plans with this; the public pages share its cache entry. A screen narrows it with `select`. */
export function usePlans<T = Plan[]>(options: { enabled?: boolean; select?: (plans: Plan[]) => T } = {}) {
  return useQuery({ ...plansQuery, ...options })
}
