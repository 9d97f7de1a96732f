import type { Plan, PlanList } from '@app/contracts'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
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

/**
 * The catalogue a prerendered page was rendered with (decision 083): set by the build-time render
 * (src/prerender.tsx) and, in the browser, read from the page's `#plans-catalogue` data block
 * before hydration, so both first renders show the same cards.
 */
export const plansSeed: { current?: Plan[] } = {}

export const PLANS_DATA_ID = 'plans-catalogue'

/** The catalogue embedded in a prerendered page, if it has one. */
export function readEmbeddedPlans(doc: Document): Plan[] | undefined {
  const text = doc.getElementById(PLANS_DATA_ID)?.textContent
  if (!text) return undefined
  try {
    const plans = JSON.parse(text) as unknown
    return Array.isArray(plans) ? (plans as Plan[]) : undefined
  } catch {
    return undefined
  }
}

/**
 * Puts the seed in a new client's cache as already stale: the page shows it at once, and the
 * first `usePlansCatalogue` asks GET /plans again, which stays the source of every price.
 */
export function seedPlans(client: QueryClient) {
  if (plansSeed.current) client.setQueryData(plansQueryKey, plansSeed.current, { updatedAt: 0 })
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
  const subscribe = useCallback(
    (notify: () => void) => cache.subscribe((event) => event.query.queryKey[0] === plansQueryKey[0] && notify()),
    [cache],
  )
  // The entry's state is replaced on every change, so it is a stable snapshot; none before the first fetch.
  const snapshot = () => cache.find<Plan[]>({ queryKey: plansQueryKey, exact: true })?.state
  // The server snapshot is the cache too: a seeded catalogue renders the same on the build's
  // render and on hydration.
  const state = useSyncExternalStore(subscribe, snapshot, snapshot)
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
