import type {
  AssignableClientList,
  AssignmentInput,
  AssignmentList,
  ExerciseList,
  Program,
  ProgramInput,
  ProgramList,
} from '@app/contracts'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// The builder's calls (apps/api/src/modules/routines/routes.ts). One key per resource.

export const programKeys = {
  all: ['programs'] as const,
  list: () => ['programs', 'list'] as const,
  detail: (id: string) => ['programs', 'detail', id] as const,
  assignments: (id: string) => ['programs', 'assignments', id] as const,
  clients: () => ['programs', 'assignable-clients'] as const,
}

export const listPrograms = () => api.get<ProgramList>('/trainer/programs')
export const getProgram = (id: string) => api.get<Program>(`/trainer/programs/${id}`)
export const createProgram = (body: ProgramInput) => api.post<Program>('/trainer/programs', body)
export const updateProgram = (id: string, body: ProgramInput) => api.put<Program>(`/trainer/programs/${id}`, body)
export const duplicateProgram = (id: string, body: { title?: string; isTemplate?: boolean }) =>
  api.post<Program>(`/trainer/programs/${id}/duplicate`, body)
export const listAssignments = (id: string) => api.get<AssignmentList>(`/trainer/programs/${id}/assignments`)
export const assignProgram = (id: string, body: AssignmentInput) => api.post<AssignmentList>(`/trainer/programs/${id}/assignments`, body)
export const listAssignableClients = () => api.get<AssignableClientList>('/trainer/assignable-clients')

export const usePrograms = () => useQuery({ queryKey: programKeys.list(), queryFn: listPrograms })
export const useProgram = (id: string | undefined) =>
  useQuery({ queryKey: programKeys.detail(id ?? ''), queryFn: () => getProgram(id!), enabled: !!id })
export const useAssignments = (id: string | undefined) =>
  useQuery({ queryKey: programKeys.assignments(id ?? ''), queryFn: () => listAssignments(id!), enabled: !!id })
export const useAssignableClients = (enabled: boolean) =>
  useQuery({ queryKey: programKeys.clients(), queryFn: listAssignableClients, enabled })

/** After any write: the list, the program and who follows it are read again. */
export function useProgramWrites() {
  const queryClient = useQueryClient()
  const saved = (program: Program) => {
    queryClient.setQueryData(programKeys.detail(program.id), program)
    return queryClient.invalidateQueries({ queryKey: programKeys.all })
  }
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string; body: ProgramInput }) => (id ? updateProgram(id, body) : createProgram(body)),
      onSuccess: saved,
    }),
    duplicate: useMutation({
      mutationFn: ({ id, ...body }: { id: string; title?: string; isTemplate?: boolean }) => duplicateProgram(id, body),
      onSuccess: saved,
    }),
    assign: useMutation({
      mutationFn: ({ id, body }: { id: string; body: AssignmentInput }) => assignProgram(id, body),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.all }),
    }),
  }
}

export interface ExerciseFilters {
  q: string
  muscle: string
  equipment: string
}

/**
 * The library search (GET /exercises), same key and shape as features/routines' library section
 * (features do not import each other; decision 211): accents and typos forgiven by the API.
 */
export function useExerciseSearch(filters: ExerciseFilters, enabled = true) {
  const params = new URLSearchParams({ limit: '30' })
  if (filters.q.trim()) params.set('q', filters.q.trim())
  if (filters.muscle) params.set('muscle', filters.muscle)
  if (filters.equipment) params.set('equipment', filters.equipment)
  return useQuery({
    queryKey: ['exercises', 'search', filters] as const,
    queryFn: () => api.get<ExerciseList>(`/exercises?${params.toString()}`),
    placeholderData: keepPreviousData,
    enabled,
  })
}
