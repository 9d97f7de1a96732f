import type { ExerciseRecords, SetLog } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { recordsKey, todayKey } from '../api/workout-api'
import { isNewRecord } from '../lib/new-record'
import { writeQueue, type QueuedWrite, type WriteQueue } from '../lib/write-queue'

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}
export const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  )

/** A set the server took during this page's life (kept until "Hoy" is fetched again). */
export interface SyncedSet {
  setLog: SetLog
  record: boolean
  assignmentId: string
  week: number
  day: number
}

export interface RecordNews {
  key: string
  exerciseId: string
  reps: number
  loadKg: number
}

/**
 * The client's queue of workout writes for the page (decision 210): flushes on start, when the
 * connection returns, when the tab shows again and at each retry's time; tells which synced sets
 * were new records (against the records known before them).
 */
export function useWorkoutSync(
  userId: string,
  knownRecords: Map<string, ExerciseRecords> | undefined,
  onRecord: (news: RecordNews) => void,
  queue: WriteQueue = writeQueue,
) {
  const queryClient = useQueryClient()
  const online = useOnline()
  const writes = useSyncExternalStore(
    queue.subscribe,
    () => queue.list(userId),
    () => queue.list(userId),
  )
  const [synced, setSynced] = useState<Map<string, SyncedSet>>(() => new Map())
  const records = useRef(new Map<string, ExerciseRecords>())
  const onRecordRef = useRef(onRecord)
  onRecordRef.current = onRecord

  // The records the page loaded are the "before" of the first set of each exercise.
  useEffect(() => {
    for (const [id, r] of knownRecords ?? []) if (!records.current.has(id)) records.current.set(id, r)
  }, [knownRecords])

  // One listener for the page's life: a flush started twice still reports each write once.
  useEffect(() => {
    let refetch: number | undefined
    const stop = queue.onSynced(({ write, answer }) => {
      window.clearTimeout(refetch)
      refetch = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: todayKey(userId) })
        void queryClient.invalidateQueries({ queryKey: recordsKey(userId) })
      }, 400)
      if (write.kind !== 'set' || !('setLog' in answer)) return
      const before = records.current.get(answer.records.exerciseId)
      records.current.set(answer.records.exerciseId, answer.records)
      const record = !answer.replayed && isNewRecord(before, answer.records, answer.setLog)
      const { assignmentId, week, day } = write.body
      setSynced((m) => new Map(m).set(write.key, { setLog: answer.setLog, record, assignmentId, week, day }))
      if (record)
        onRecordRef.current({
          key: write.key,
          exerciseId: answer.setLog.exerciseId,
          reps: answer.setLog.reps!,
          loadKg: answer.setLog.loadKg!,
        })
    })
    return () => {
      stop()
      window.clearTimeout(refetch)
    }
  }, [queue, queryClient, userId])

  const flush = useCallback((force = false) => queue.flush(userId, { force }), [queue, userId])

  useEffect(() => {
    void flush(true)
    const again = () => void flush(true)
    const visible = () => document.visibilityState === 'visible' && again()
    window.addEventListener('online', again)
    document.addEventListener('visibilitychange', visible)
    return () => {
      window.removeEventListener('online', again)
      document.removeEventListener('visibilitychange', visible)
    }
  }, [flush])

  // A write the server could not take is tried again when its back-off ends.
  const retryAt = queue.nextRetryAt(userId)
  useEffect(() => {
    if (retryAt === null) return
    const timer = window.setTimeout(() => void flush(), Math.max(retryAt - Date.now(), 0) + 50)
    return () => window.clearTimeout(timer)
  }, [retryAt, writes, flush])

  const add = useCallback(
    async (write: Parameters<WriteQueue['add']>[0]) => {
      await queue.add(write)
      if (navigator.onLine) void flush()
    },
    [queue, flush],
  )

  return { online, writes: writes as QueuedWrite[], synced, add, discard: queue.discard, flush }
}
