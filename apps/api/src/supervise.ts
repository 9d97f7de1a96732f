/**
 * Keeps one server process running (issue 34): restarts it when it exits or stops answering its
 * heartbeat (an event loop stuck, e.g. a wedged embedded database, which ignores SIGTERM: it gets
 * SIGKILL), with backoff, and says so in one line. Used by src/supervisor.ts (`npm start`) for
 * one process and by src/cluster.ts for each worker.
 *
 * The server sends `{ type: 'heartbeat' }` every second and `{ type: 'ready' }` once listening
 * (src/server.ts). Exit code 78 (EX_CONFIG: a bad setting, or told not to wait for the database)
 * is not restarted: starting again would fail the same way.
 */

export const EXIT_DO_NOT_RESTART = 78

/** What supervise needs of a child process or a cluster worker. */
export interface Child {
  readonly pid: number | undefined
  onMessage(listener: (message: unknown) => void): void
  onExit(listener: (code: number | null, signal: string | null) => void): void
  kill(signal: NodeJS.Signals): void
}

export interface SuperviseOptions {
  /** e.g. "server process", "worker 2" */
  name: string
  start(): Child
  /** Silence after which a ready child is killed (default 20 s). */
  heartbeatTimeoutMs?: number
  /** Silence allowed before the child is ready (start-up, migrations; default 10 min). */
  startTimeoutMs?: number
  log?: (line: string) => void
  /** The child exited with EXIT_DO_NOT_RESTART. */
  onGiveUp?(code: number): void
}

export interface Supervision {
  /** Sends `signal` to the child and resolves with its exit code once it is gone; no restart. */
  stop(signal?: NodeJS.Signals, forceAfterMs?: number): Promise<number>
  readonly child: Child | undefined
  readonly restarts: number
}

const MIN_DELAY_MS = 500
const MAX_DELAY_MS = 30_000
/** A child up this long without trouble resets the backoff. */
const STABLE_MS = 60_000

export function supervise(opts: SuperviseOptions): Supervision {
  const log = opts.log ?? ((line: string) => console.error(line))
  const heartbeatTimeout = opts.heartbeatTimeoutMs ?? 20_000
  const startTimeout = opts.startTimeoutMs ?? 600_000
  let child: Child | undefined
  let stopping = false
  let restarts = 0
  let delay = MIN_DELAY_MS
  let restartTimer: NodeJS.Timeout | undefined
  let exitCode: Promise<number> | undefined
  let resolveStopped: (code: number) => void = () => {}

  const run = () => {
    const c = opts.start()
    child = c
    const startedAt = Date.now()
    let lastBeat = Date.now()
    let ready = false
    let killedForSilence = false
    c.onMessage((m) => {
      const type = (m as { type?: unknown } | null)?.type
      if (type === 'heartbeat' || type === 'ready') lastBeat = Date.now()
      if (type === 'ready') ready = true
    })
    const watch = setInterval(() => {
      const silent = Date.now() - lastBeat
      if (killedForSilence || stopping || silent <= (ready ? heartbeatTimeout : startTimeout)) return
      killedForSilence = true
      log(`supervisor: ${opts.name} ${c.pid} stopped answering (no heartbeat for ${Math.round(silent / 1000)} s); killing it`)
      c.kill('SIGKILL')
    }, 500)
    watch.unref()
    c.onExit((code, signal) => {
      clearInterval(watch)
      if (child === c) child = undefined
      if (stopping) return resolveStopped(code ?? (signal ? 1 : 0))
      if (code === EXIT_DO_NOT_RESTART) {
        log(`supervisor: ${opts.name} ${c.pid} cannot start with this configuration (exit ${code}); not restarting`)
        return opts.onGiveUp?.(code)
      }
      if (Date.now() - startedAt > STABLE_MS) delay = MIN_DELAY_MS
      const why = killedForSilence ? 'was killed after it stopped answering' : `exited (${signal ?? `code ${code}`})`
      log(`supervisor: ${opts.name} ${c.pid} ${why}; restarting in ${Math.round(delay / 100) / 10} s`)
      restarts++
      restartTimer = setTimeout(run, delay)
      delay = Math.min(delay * 2, MAX_DELAY_MS)
    })
  }
  run()

  return {
    get child() {
      return child
    },
    get restarts() {
      return restarts
    },
    stop(signal = 'SIGTERM', forceAfterMs = 15_000) {
      if (exitCode) return exitCode
      stopping = true
      clearTimeout(restartTimer)
      const c = child
      if (!c) return (exitCode = Promise.resolve(0))
      exitCode = new Promise<number>((resolve) => (resolveStopped = resolve))
      c.kill(signal)
      const force = setTimeout(() => c.kill('SIGKILL'), forceAfterMs)
      force.unref()
      return exitCode
    },
  }
}
