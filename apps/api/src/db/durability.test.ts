import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { seedDataDir } from '../testing/db-template.ts'
import { nodeArgs } from '../testing/server-build.ts'

const dir = mkdtempSync(join(tmpdir(), 'durability-'))
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })

/** The real server (src/server.ts) on the embedded database in `dir`. */
async function startServer(port: number): Promise<ChildProcess> {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
  }
  const child = spawn(process.execPath, nodeArgs('server'), { env, stdio: ['ignore', 'pipe', 'inherit'] })
  children.push(child)
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('/api/health') && resolve())
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)))
  })
  return child
}

const post = (port: number, path: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

// PGlite only: with DATABASE_URL durability is the PostgreSQL server's.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('embedded database durability', () => {
  it('an account acknowledged just before a kill -9 is still there after restart', async () => {
    const port = await freePort()
    await seedDataDir(dir) // migrated already: what is tested is the restart, not the first install
    const server = await startServer(port)
    const email = `killed-${Date.now()}@example.com`
    const registered = await post(port, '/auth/business/register', {
      email,
      password: 'secret1',
      firstName: 'Kill',
      lastName: 'Nine',
      businessName: 'Gimnasio Durable',
      businessAddress: 'Av. Apoquindo 1, Santiago',
      businessPhone: '',
      businessWebsite: '',
    })
    expect(registered.status).toBe(200)

    // No graceful shutdown: the process dies the moment the answer is in.
    const exited = new Promise((resolve) => server.once('exit', (_code, signal) => resolve(signal)))
    server.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')

    const restarted = await startServer(port)
    const login = await post(port, '/auth/business/login', { email, password: 'secret1' })
    expect(login.status).toBe(200)
    expect(((await login.json()) as { user: unknown }).user).toMatchObject({ email, firstName: 'Kill', role: 'gym_owner' })
    restarted.kill('SIGTERM')
  }, 120_000)
})
