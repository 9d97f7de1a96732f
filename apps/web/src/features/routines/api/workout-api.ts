import type { ExerciseRecords, RecordList, Today } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { clear, createStore, get, set } from 'idb-keyval'
import { api } from '@/lib/api-client'
import { subscribeSession } from '@/lib/session'
import { santiagoDay } from '../lib/dates'
import { takeEarlyToday } from '../lib/early-today'

// Issue 25: the client's day and records. The last answers are kept on the device so that "Hoy"
// opens in a gym basement (decision 210); a network failure falls back to them.

let opened: ReturnType<typeof createStore> | undefined
const answers = () => (opened ??= createStore('entrenapp-workout-answers', 'answers'))

async function remember<T>(key: string, value: T) {
  try {
    await set(key, value, answers())
  } catch {
    /* not kept: the page still works online */
  }
}
async function recall<T>(key: string): Promise<T | undefined> {
  try {
    return await get<T>(key, answers())
  } catch {
    return undefined
  }
}

// Signing out leaves no copy of the day or the records on the device. Sets not yet synced stay in
// the queue (write-queue.ts) under their owner's id, sent when that person signs in again.
subscribeSession((next) => {
  if (next) return
  try {
    void clear(answers()).catch(() => undefined)
  } catch {
    /* no IndexedDB: nothing was kept */
  }
})

/** A fetch that falls back to the last answer kept on the device when there is no connection. */
async function withFallback<T>(key: string, fetcher: () => Promise<T>, usable: (kept: T) => boolean = () => true): Promise<T> {
  try {
    const fresh = await fetcher()
    void remember(key, fresh)
    return fresh
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    const kept = await recall<T>(key)
    if (kept !== undefined && usable(kept)) return kept
    throw error
  }
}

export const todayKey = (userId: string) => ['routines', 'today', userId] as const
export const recordsKey = (userId: string) => ['routines', 'records', userId] as const

/** GET /client/today; offline, the day kept from earlier today. */
export const useToday = (userId: string | undefined) =>
  useQuery({
    queryKey: todayKey(userId ?? ''),
    queryFn: () =>
      withFallback(
        `today:${userId}`,
        async () => (await takeEarlyToday(userId ?? '')) ?? api.get<Today>('/client/today'),
        (kept) => kept.date === santiagoDay(),
      ),
    enabled: !!userId,
    // Offline the query must still run (and read the kept day) instead of waiting for a connection.
    networkMode: 'always',
    retry: (count, error) => !(error instanceof TypeError) && count < 2,
  })

/** GET /client/records as a map by exercise; offline, the last one kept. */
export const useMyRecords = (userId: string | undefined) =>
  useQuery({
    queryKey: recordsKey(userId ?? ''),
    queryFn: async () => {
      const list = await withFallback(`records:${userId}`, () => api.get<RecordList>('/client/records'))
      return new Map<string, ExerciseRecords>(list.data.map((r) => [r.exerciseId, r]))
    },
    enabled: !!userId,
    networkMode: 'always',
    retry: (count, error) => !(error instanceof TypeError) && count < 2,
  })
