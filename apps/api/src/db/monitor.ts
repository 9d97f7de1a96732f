/**
 * Up/down state of a dependency, told once per change (issue 34): "database unreachable" when the
 * first request fails for it, "database back" when a probe answers again, never a stack per
 * request. While down it probes on its own with backoff (250 ms → 2 s), so the "back" line and
 * readiness follow the dependency, not the next request. Flapping is rate-limited: at most one
 * "down" line per LOG_EVERY_MS; the lines in between are counted in the next one.
 */
export interface StateLogger {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

export interface Monitor {
  readonly up: boolean
  /** When it went down (ms since epoch), while down. */
  readonly downSince: number | undefined
  /** A request failed for this dependency: `reason` is a short text (never a stack or SQL). */
  down(reason: string): void
  /** Something answered: e.g. a probe, or a query that succeeded. */
  recovered(): void
  setLogger(log: StateLogger): void
  stop(): void
}

export interface MonitorOptions {
  /** `database` → "database unreachable" / "database back". */
  downMessage: string
  upMessage: string
  /** Answers when the dependency works again; rejects otherwise. */
  probe?: () => Promise<unknown>
  logEveryMs?: number
}

const consoleLogger: StateLogger = {
  warn: (obj, msg) => console.error(JSON.stringify({ level: 40, time: Date.now(), ...obj, msg })),
  info: (obj, msg) => console.log(JSON.stringify({ level: 30, time: Date.now(), ...obj, msg })),
}

export function createMonitor(opts: MonitorOptions): Monitor {
  let up = true
  let downSince: number | undefined
  let refused = 0
  let lastDownLogAt = 0
  let suppressed = 0
  let log: StateLogger = consoleLogger
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const logEvery = opts.logEveryMs ?? 30_000

  const probeLater = (delay: number) => {
    if (!opts.probe || stopped || timer) return
    timer = setTimeout(() => {
      timer = undefined
      opts.probe!().then(
        () => monitor.recovered(),
        () => !up && probeLater(Math.min(delay * 2, 2_000)),
      )
    }, delay)
    timer.unref()
  }

  const monitor: Monitor = {
    get up() {
      return up
    },
    get downSince() {
      return downSince
    },
    down(reason) {
      refused++
      if (!up) return
      up = false
      downSince = Date.now()
      const now = Date.now()
      if (now - lastDownLogAt >= logEvery) {
        log.warn({ reason, ...(suppressed ? { flapsNotLogged: suppressed } : {}) }, opts.downMessage)
        lastDownLogAt = now
        suppressed = 0
      } else suppressed++
      probeLater(250)
    },
    recovered() {
      if (up) return
      up = true
      const seconds = Math.round((Date.now() - (downSince ?? Date.now())) / 100) / 10
      // A flap whose "down" line was suppressed gets no "back" line either.
      if (suppressed === 0) log.info({ downForSeconds: seconds, requestsRefused: refused }, opts.upMessage)
      downSince = undefined
      refused = 0
      clearTimeout(timer)
      timer = undefined
    },
    setLogger(l) {
      log = l
    },
    stop() {
      stopped = true
      clearTimeout(timer)
    },
  }
  return monitor
}
