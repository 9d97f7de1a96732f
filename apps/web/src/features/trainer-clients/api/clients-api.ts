import type { ClientAssignmentList, ClientProgress, ClientProgressList, ClientWorkoutList, SessionState } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// The trainer's view of their clients (routines and progress modules, decisions 209 and 220).

export const clientKeys = {
  all: ['trainer-clients'] as const,
  list: () => ['trainer-clients', 'list'] as const,
  progress: (id: string) => ['trainer-clients', 'progress', id] as const,
  workouts: (id: string) => ['trainer-clients', 'workouts', id] as const,
  assignments: (id: string) => ['trainer-clients', 'assignments', id] as const,
}

/** Weeks of adherence on the client page's chart. */
export const ADHERENCE_WEEKS = 8

const client = (id: string) => `/trainer/clients/${encodeURIComponent(id)}`

export const useClientList = () =>
  useQuery({ queryKey: clientKeys.list(), queryFn: () => api.get<ClientProgressList>('/trainer/client-progress') })

export const useClientProgress = (id: string) =>
  useQuery({
    queryKey: clientKeys.progress(id),
    queryFn: () => api.get<ClientProgress>(`${client(id)}/progress?weeks=${ADHERENCE_WEEKS}`),
    // Photo links live five minutes (decision 209): read again before they run out.
    refetchInterval: 4 * 60_000,
  })

export const useClientWorkouts = (id: string) =>
  useQuery({ queryKey: clientKeys.workouts(id), queryFn: () => api.get<ClientWorkoutList>(`${client(id)}/workouts`) })

export const useClientAssignments = (id: string) =>
  useQuery({ queryKey: clientKeys.assignments(id), queryFn: () => api.get<ClientAssignmentList>(`${client(id)}/assignments`) })

/** The trainer's answer to a session's comment; the session list is updated in place. */
export function useReply(clientUserId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ sessionId, reply }: { sessionId: string; reply: string }) =>
      api.put<SessionState>(`/trainer/workouts/${encodeURIComponent(sessionId)}/reply`, { reply }),
    onSuccess: (state) => {
      queryClient.setQueryData<ClientWorkoutList>(clientKeys.workouts(clientUserId), (list) =>
        list ? { data: list.data.map((s) => (s.sessionId === state.sessionId ? { ...s, trainerReply: state.trainerReply } : s)) } : list,
      )
    },
  })
}
