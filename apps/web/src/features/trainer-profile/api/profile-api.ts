import type { PublicProfile, ReviewPage, TrainerSearchPage } from '@app/contracts'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// Issue 21: the public trainer pages' calls (no auth). One query key per resource.

const enc = encodeURIComponent

export interface SearchFilters {
  q?: string
  city?: string
  specialisation?: string
  modality?: string
  priceMax?: number
  sort?: string
}

export const profileKeys = {
  search: (f: SearchFilters) => ['trainer-profile', 'search', f] as const,
  profile: (slug: string) => ['trainer-profile', 'profile', slug] as const,
  reviews: (slug: string) => ['trainer-profile', 'reviews', slug] as const,
  slots: (slug: string, from: string, to: string) => ['trainer-profile', 'slots', slug, from, to] as const,
}

export function searchQueryString(f: SearchFilters, cursor?: string) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(f)) if (value !== undefined && value !== '') params.set(key, String(value))
  if (cursor) params.set('cursor', cursor)
  return params.toString()
}

export const searchTrainers = (f: SearchFilters, cursor?: string) =>
  api.get<TrainerSearchPage>(`/trainers?${searchQueryString(f, cursor)}`, { auth: false })
export const getProfile = (slug: string) => api.get<PublicProfile>(`/trainers/${enc(slug)}/profile`, { auth: false })
export const getReviews = (slug: string, cursor?: string) =>
  api.get<ReviewPage>(`/trainers/${enc(slug)}/reviews${cursor ? `?cursor=${enc(cursor)}` : ''}`, { auth: false })

/** One page of results (the page's own URL holds the filters and the cursor: it works without JavaScript). */
export function useTrainerSearch(f: SearchFilters, cursor: string | undefined) {
  return useQuery({
    queryKey: [...profileKeys.search(f), cursor ?? null],
    queryFn: () => searchTrainers(f, cursor),
    initialData: () => embeddedData<TrainerSearchPage>(SEARCH_DATA_ID, `?${searchQueryString(f, cursor)}`),
    staleTime: 30_000,
  })
}

export const SEARCH_DATA_ID = 'trainer-search-data'

/** A data block the API embedded with a server-rendered page, if it belongs to `key`. */
function embeddedData<T>(id: string, key: string): T | undefined {
  if (typeof document === 'undefined') return undefined
  const node = document.getElementById(id)
  if (!node?.textContent || node.dataset.key !== key) return undefined
  try {
    return JSON.parse(node.textContent) as T
  } catch {
    return undefined
  }
}

/**
 * The profile a server-rendered page embeds (decision 143) seeds the first render, so the page
 * the person sees does not flash a loading state when the app takes over.
 */
export const PROFILE_DATA_ID = 'trainer-profile-data'
export const embeddedProfile = (slug: string) => embeddedData<PublicProfile>(PROFILE_DATA_ID, slug)

export function useProfile(slug: string) {
  return useQuery({
    queryKey: profileKeys.profile(slug),
    queryFn: () => getProfile(slug),
    initialData: () => embeddedProfile(slug),
    staleTime: 30_000,
  })
}

export function useReviews(slug: string) {
  return useInfiniteQuery({
    queryKey: profileKeys.reviews(slug),
    queryFn: ({ pageParam }) => getReviews(slug, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}
