import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequestRaw } from 'node:http'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createTestDatabase, seedDataDir } from './db-template.ts'
import { nodeArgs } from './server-build.ts'

const apiDir = fileURLToPath(new URL('../..', import.meta.url))

/** A port nobody listens on right now (the OS picks it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.once('error', reject)
    srv.listen(0, host, () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

export interface ServerProcess {
  /** http://127.0.0.1:PORT */
  url: string
  port: number
  dataDir: string
  child: ChildProcess
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string
  stdout(): string
  stderr(): string
  /** SIGTERM (then SIGKILL), removes DATA_DIR and the test database. */
  stop(): Promise<void>
}

export interface StartOptions {
  /** Environment on top of a minimal one (NODE_ENV=test, LOG_LEVEL=info, PORT, DATA_DIR). */
  env?: Record<string, string | undefined>
  /**
   * Database: 'auto' (default) is a new database on TEST_DATABASE_URL's server when that is set,
   * else PGlite in the temporary DATA_DIR. Either starts as a copy of the run's migrated template.
   */
  database?: 'auto' | 'pglite'
  /** Where to wait for /api/health (default: 127.0.0.1). */
  host?: string
  timeoutMs?: number
}

/**
 * Starts the real server (src/server.ts, bundled for the run: server-build.ts) as a child process on a free port,
 * with its own DATA_DIR, and waits until /api/health answers 200. For tests where the transport
 * matters: client addresses, forwarded headers, the listening address, what reaches the log.
 */
export async function startServer(opts: StartOptions = {}): Promise<ServerProcess> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'api-server-'))
  const serverUrl = process.env.TEST_DATABASE_URL
  const database =
    (opts.database ?? 'auto') === 'auto' && serverUrl && !opts.env?.DATABASE_URL ? await createTestDatabase(serverUrl) : undefined
  // Its own DATA_DIR only: a test that brings one (a small disk, say) gets it as it is.
  if (!database && !opts.env?.DATABASE_URL && !opts.env?.DATA_DIR) await seedDataDir(dataDir)

  // Only what the server needs from this process: no inherited secrets, no NODE_ENV of the test runner.
  const base: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url,
  }
  const env = Object.fromEntries(Object.entries({ ...base, ...opts.env }).filter(([, v]) => v !== undefined)) as Record<string, string>

  const child = spawn(process.execPath, nodeArgs('server'), { cwd: apiDir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d))
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const cleanup = async () => {
    await database?.drop().catch(() => {})
    rmSync(dataDir, { recursive: true, force: true })
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
    await cleanup()
  }

  const url = `http://${opts.host ?? '127.0.0.1'}:${port}`
  // Generous: on a loaded machine (two cores, several test runs) the server starts slowly.
  const deadline = Date.now() + (opts.timeoutMs ?? 150_000)
  for (;;) {
    if (child.exitCode !== null) {
      await cleanup()
      throw new Error(`server exited with code ${child.exitCode} before it was healthy:\n${stdout}\n${stderr}`)
    }
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status === 200,
      () => false,
    )
    if (healthy) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`server did not become healthy in time:\n${stdout}\n${stderr}`)
    }
    await new Promise((r) => setTimeout(r, 150))
  }

  return { url, port, dataDir, child, output: () => stdout + stderr, stdout: () => stdout, stderr: () => stderr, stop }
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export async function startServerExpectingFailure(
  env: Record<string, string>,
  timeoutMs = 150_000,
): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-server-'))
  const child = spawn(process.execPath, nodeArgs('server'), {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: String(await freePort()), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d))
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)))
  clearTimeout(timer)
  rmSync(dataDir, { recursive: true, force: true })
  return { code, output }
}

export interface HttpAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  json<T = any>(): T // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * One HTTP request over a fresh connection; `localAddress` (any 127.x.y.z) makes the server see a
 * different client address, as per-address limits and loopback checks do.
 */
export function httpRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: unknown; localAddress?: string } = {},
): Promise<HttpAnswer> {
  const payload = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body)
  const headers: Record<string, string> = { ...opts.headers }
  if (payload !== undefined && typeof opts.body !== 'string') headers['content-type'] ??= 'application/json'
  return new Promise((resolve, reject) => {
    const req = httpRequestRaw(url, { method: opts.method ?? 'GET', headers, localAddress: opts.localAddress, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) }))
    })
    req.on('error', reject)
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')))
    req.end(payload)
  })
}

/** Writes `raw` as is on a TCP connection and parses the answer: for what no HTTP client will send. */
export function rawRequest(
  port: number,
  raw: string | Buffer,
  host = '127.0.0.1',
): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host })
    let data = ''
    socket.setEncoding('utf8')
    socket.on('data', (d: string) => {
      data += d
      // Stop at the end of the first answer (keep-alive connections stay open).
      const end = data.indexOf('\r\n\r\n')
      const length = /content-length:\s*(\d+)/i.exec(data.slice(0, end))
      if (end !== -1 && length && Buffer.byteLength(data.slice(end + 4)) >= Number(length[1])) socket.end()
    })
    socket.on('error', (err) => (data ? undefined : reject(err)))
    socket.on('close', () => {
      const end = data.indexOf('\r\n\r\n')
      const head = end === -1 ? data : data.slice(0, end)
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, body: end === -1 ? '' : data.slice(end + 4) })
    })
    socket.setTimeout(15_000, () => socket.destroy())
    socket.write(raw)
  })
}

/** A production start with the explicit opt-ins instead of Stripe and SMTP. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_ACCESS_SECRET: 'production-test-access-secret-0123456789abcdef',
  JWT_REFRESH_SECRET: 'production-test-refresh-secret-0123456789abcdef',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  MAIL_TRANSPORT: 'log',
}
