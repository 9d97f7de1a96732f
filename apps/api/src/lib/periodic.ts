import type { FastifyBaseLogger } from 'fastify'

export interface PeriodicJob {
  /** Runs the job now unless a run is in progress (then, with `rerun`, once more after it). */
  tick(): void
  /** Stops the timer and waits for a run in progress (app.ts calls it on close). */
  stop(): Promise<void>
}

/**
 * A background job of this process: `job` every `everyMs`, never two runs at once (a tick during a
 * run is skipped, or with `rerun` deferred until it ends), its failure logged as "`what` failed"
 * with the error's message only (a job's error may carry a row, never a log's business). The
 * timer does not keep the process alive.
 */
export function periodic(
  log: FastifyBaseLogger,
  what: string,
  everyMs: number,
  job: () => Promise<unknown>,
  { rerun = false }: { rerun?: boolean } = {},
): PeriodicJob {
  let running: Promise<unknown> | null = null
  let again = false
  const tick = () => {
    if (running) {
      again = rerun
      return
    }
    running = job()
      .catch((err: unknown) => log.error({ err: err instanceof Error ? err.message : String(err) }, `${what} failed`))
      .finally(() => {
        running = null
        if (again) {
          again = false
          tick()
        }
      })
  }
  const timer = setInterval(tick, everyMs)
  timer.unref()
  return {
    tick,
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
