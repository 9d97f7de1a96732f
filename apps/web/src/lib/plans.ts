import type { Plan, PlanList } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
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

/** The plan query's options: `usePlans` (lib/use-plans.ts) and `usePlansCatalogue` share them. */
export const plansQuery = { queryKey: plansQueryKey, queryFn: getPlans, staleTime: 5 * 60_000 }

/**
 * The same query for the public pages, read without TanStack's observer: `useQuery` and its
 * observer are a 2.8 KB gz chunk that put / and /precios over their 120 KB budget (decision 048).
 * The query runs through the app's QueryClient (same key, function, shape, retries and stale
 * time), so /auth/select-plan's `usePlans` finds the very entry this one filled, and vice versa.
 */
export function usePlansCatalogue() {
  const client = useQueryClient()
  const cache = client.getQueryCache()
  const subscribe = useCallback((notify: () => void) => cache.subscribe((event) => event.query.queryKey[0] === plansQueryKey[0] && notify()), [cache])
  // The entry's state is replaced on every change, so it is a stable snapshot; none before the first fetch.
  const state = useSyncExternalStore(
    subscribe,
    () => cache.find<Plan[]>({ queryKey: plansQueryKey, exact: true })?.state,
    () => undefined,
  )
  useEffect(() => {
    void client.prefetchQuery(plansQuery)
  }, [client])
  const refetch = useCallback(() => void client.fetchQuery({ ...plansQuery, staleTime: 0 }).catch(() => undefined), [client])
  return {
    data: state?.status === 'success' ? state.data : undefined,
    isPending: state === undefined || state.status === 'pending',
    isError: state?.status === 'error',
    isFetching: state?.fetchStatus === 'fetching',
    refetch,
  }
}
