import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { seedDataDir } from '../testing/db-template.ts'
import { nodeArgs } from '../testing/server-build.ts'

const apiDir = fileURLToPath(new URL('../..', import.meta.url))
const temps: string[] = []
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The server as `npm start` runs it (umask 022 inherited from the shell), until it answers. */
async function startServer(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  }
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'JWT_ACCESS_SECRET', 'JWT_REFRESH_SECRET', 'INIT_CWD']) delete env[key]
  const child: ChildProcess = spawn(process.execPath, nodeArgs('server'), {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (c) => (output += c))
  child.stderr!.on('data', (c) => (output += c))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  // Generous: the machine may be busy with other test runs.
  const deadline = Date.now() + 150_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`)
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`)
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** Every directory and file below `dir` whose mode is not 0700 / 0600. */
function looseModes(dir: string): string[] {
  const loose: string[] = []
  const walk = (path: string) => {
    const stat = statSync(path)
    const mode = stat.mode & 0o777
    if (stat.isDirectory()) {
      if (mode !== 0o700) loose.push(`${path} ${mode.toString(8)}`)
      for (const entry of readdirSync(path)) walk(join(path, entry))
    } else if (mode !== 0o600) loose.push(`${path} ${mode.toString(8)}`)
  }
  walk(dir)
  return loose
}

// The server here always runs on the embedded database in DATA_DIR: a PostgreSQL run would repeat it.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('DATA_DIR is private to the server user (issue 9, item 4c)', () => {
  it('a fresh start creates DATA_DIR 0700 and every file in it 0600, also after use and shutdown', { timeout: 300_000 }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'data-dir-'))
    temps.push(root)
    const dataDir = join(root, 'data')
    const server = await startServer(dataDir)
    try {
      // server.json: the running server's ops token (plugins/ops.ts); pglite.lock: who owns the database (data-dir.ts).
      expect(readdirSync(dataDir).sort()).toEqual(['pglite', 'pglite.lock', 'secrets.json', 'server.json'])
      expect(looseModes(dataDir)).toEqual([])
      // Writes after start-up (a code mail, the built-in mailbox) create database files too.
      const res = await fetch(`${server.url}/api/v1/auth/email/otp/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'perm@example.com' }),
      })
      expect(res.status).toBe(200)
    } finally {
      await server.stop()
    }
    expect(looseModes(dataDir)).toEqual([])
    // A clean shutdown releases the database.
    expect(readdirSync(dataDir)).not.toContain('pglite.lock')
  })

  it('an existing DATA_DIR left open by an older version is closed at start', { timeout: 300_000 }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'data-dir-'))
    temps.push(root)
    const dataDir = join(root, 'data')
    await seedDataDir(dataDir) // a database an older version left behind, opened to everyone below
    for (const path of readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) chmodSync(join(dataDir, path), 0o777)
    mkdirSync(join(dataDir, 'old'), { recursive: true })
    writeFileSync(join(dataDir, 'old', 'notes.txt'), 'x')
    chmodSync(join(dataDir, 'old', 'notes.txt'), 0o666)
    chmodSync(join(dataDir, 'old'), 0o777)
    chmodSync(dataDir, 0o777)
    const server = await startServer(dataDir)
    try {
      expect(looseModes(dataDir)).toEqual([])
    } finally {
      await server.stop()
    }
  })
})
