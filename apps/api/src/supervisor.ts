// `npm start` / `npm run serve`: one server process (src/server.ts), restarted when it exits or
// stops answering its heartbeat (src/supervise.ts). Run dist/server.js directly where something
// else (systemd, an orchestrator) already restarts the process.
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { EXIT_DO_NOT_RESTART, supervise } from './supervise.ts'

const entry = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './server.ts' : './server.js', import.meta.url))
const heartbeatTimeoutMs = Number(process.env.SUPERVISOR_HEARTBEAT_TIMEOUT_MS || 20_000)
const shutdownMs = Number(process.env.SHUTDOWN_TIMEOUT_MS || 10_000)

const supervision = supervise({
  name: 'server process',
  heartbeatTimeoutMs,
  start: () => {
    // The server reads its configuration and writes its own output; the supervisor adds one line per restart.
    const child = fork(entry, process.argv.slice(2), { stdio: 'inherit' })
    return {
      get pid() {
        return child.pid
      },
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => child.once('exit', listener),
      kill: (signal) => void child.kill(signal),
    }
  },
  onGiveUp: (code) => process.exit(code),
})

const stop = (signal: NodeJS.Signals) => {
  void supervision.stop('SIGTERM', shutdownMs + 5_000).then((code) => process.exit(code === EXIT_DO_NOT_RESTART ? code : code || 0))
  // A second Ctrl-C does not wait.
  process.once(signal, () => process.exit(1))
}
process.once('SIGTERM', () => stop('SIGTERM'))
process.once('SIGINT', () => stop('SIGINT'))
