import { EQUIPMENT, MUSCLES, type ExerciseList } from '@app/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export { EQUIPMENT, MUSCLES }

export interface ExerciseFilters {
  q: string
  muscle: string
  equipment: string
}

export const exerciseKeys = {
  all: ['exercises'] as const,
  search: (f: ExerciseFilters) => ['exercises', 'search', f] as const,
}

export function useExerciseSearch(filters: ExerciseFilters) {
  const params = new URLSearchParams({ limit: '30' })
  if (filters.q.trim()) params.set('q', filters.q.trim())
  if (filters.muscle) params.set('muscle', filters.muscle)
  if (filters.equipment) params.set('equipment', filters.equipment)
  return useQuery({
    queryKey: exerciseKeys.search(filters),
    queryFn: () => api.get<ExerciseList>(`/exercises?${params.toString()}`),
    placeholderData: keepPreviousData,
  })
}
