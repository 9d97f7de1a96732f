import type { FastifyInstance } from 'fastify'
import type { Server } from 'node:http'

// Keyed by the process's HTTP server: the same object in every encapsulated plugin context, where
// the app instances differ (keyed by the instance, a route's kick never found the root's job, and
// a large export waited for the job's next minute).
const kicks = new WeakMap<Server, () => void>()
const keyOf = (app: FastifyInstance) => app.server as Server

/** Set by scheduleDataExports (export-jobs.ts) where the job runs on a timer; null when it stops. */
export function setExportKick(app: FastifyInstance, kick: (() => void) | null) {
  if (kick) kicks.set(keyOf(app), kick)
  else kicks.delete(keyOf(app))
}

/** Runs the export job now (a new export was queued) where the timer runs; elsewhere (tests) nothing. */
export function kickExportJobs(app: FastifyInstance) {
  kicks.get(keyOf(app))?.()
}
