import type { FastifyInstance } from 'fastify'

const kicks = new WeakMap<FastifyInstance, () => void>()

/** Set by scheduleDataExports (export-jobs.ts) where the job runs on a timer; null when it stops. */
export function setExportKick(app: FastifyInstance, kick: (() => void) | null) {
  if (kick) kicks.set(app, kick)
  else kicks.delete(app)
}

/** Runs the export job now (a new export was queued) where the timer runs; elsewhere (tests) nothing. */
export function kickExportJobs(app: FastifyInstance) {
  kicks.get(app)?.()
}
