import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { testConfig } from '../config.ts'
import { seedDataDir } from './db-template.ts'
import { nodeArgs } from './server-build.ts'

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })

export interface RealServer {
  child: ChildProcess
  port: number
  url: string
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string | null>
  output: () => string
}

/**
 * The real server (src/server.ts, or src/cluster.ts; bundled for the run) as a child process, with the
 * test JWT secrets so that tokens from an in-process test app are valid there too. Resolves once
 * it answers GET /api/health. On the embedded database, a DATA_DIR without one gets a copy of the
 * run's migrated template first (`fresh: true` starts from nothing, as a first install does).
 */
export async function startRealServer(
  env: Record<string, string>,
  opts: { entry?: 'server' | 'cluster'; port?: number; fresh?: boolean } = {},
): Promise<RealServer> {
  const port = opts.port ?? (await freePort())
  if (!opts.fresh && !env.DATABASE_URL && env.DATA_DIR && !existsSync(join(env.DATA_DIR, 'pglite'))) await seedDataDir(env.DATA_DIR)
  const config = testConfig()
  const child = spawn(process.execPath, nodeArgs(opts.entry ?? 'server'), {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      JWT_ACCESS_SECRET: config.JWT_ACCESS_SECRET,
      JWT_REFRESH_SECRET: config.JWT_REFRESH_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${output}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not answer in time:\n${output}`)
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 100))
  }
  return { child, port, url, exited, output: () => output }
}
