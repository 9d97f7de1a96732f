import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client.ts'
import { startServer, startServerExpectingFailure, type ServerProcess } from '../testing/server-process.ts'
import { testConfig } from '../config.ts'
import { buildApp } from '../app.ts'
import { eventually } from './writers.ts'

const MB = 1024 * 1024
const RESERVE_MB = 64

/** A small tmpfs of our own (root, and mount allowed), else undefined: then ENOSPC is injected. */
function mountTmpfs(sizeMb: number): string | undefined {
  if (process.getuid?.() !== 0) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'faults-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', dir], { stdio: 'ignore' })
    return dir
  } catch {
    rmSync(dir, { recursive: true, force: true })
    return undefined
  }
}
const unmount = (dir: string) => {
  execFileSync('umount', ['-l', dir], { stdio: 'ignore' })
  rmSync(dir, { recursive: true, force: true })
}
const freeMb = (dir: string) => {
  const s = statfsSync(dir)
  return (s.bavail * s.bsize) / MB
}
/** Leaves about `leaveMb` free on the disk of `dir`. */
const fillTo = (dir: string, leaveMb: number) =>
  writeFileSync(join(dir, 'filler'), Buffer.alloc(Math.max(0, Math.floor((freeMb(dir) - leaveMb) * MB))))

const form = (email: string) => ({ title: 'Solicitud', content: 'Nombre: Ana', email, subject: 'Acceso' })

// The embedded database only (PostgreSQL's disk is the server's: its disk_full errors answer 507 too).
const mounted = process.env.TEST_DATABASE_URL ? undefined : mountTmpfs(160)

describe.skipIf(!mounted)('embedded database, full disk (a real tmpfs)', () => {
  let server: ServerProcess
  const dataDir = mounted ? join(mounted, 'data') : ''
  beforeAll(async () => {
    server = await startServer({
      database: 'pglite',
      env: { DATA_DIR: dataDir, DISK_RESERVE_MB: String(RESERVE_MB), RATE_LIMIT_MULTIPLIER: '1000' },
    })
  })
  afterAll(async () => {
    await server?.stop()
    if (mounted) unmount(mounted)
  })
  const post = (email: string) =>
    fetch(`${server.url}/api/v1/forms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(form(email)),
    })

  it('refuses writes with 507 before the reserve is reached, keeps reading, and writes again once space is back', async () => {
    expect((await post('before@example.com')).status).toBe(201)
    fillTo(mounted!, RESERVE_MB - 24)
    const refused = await eventually(
      async () => {
        const r = await post(`full-${Date.now()}@example.com`)
        return r.status === 507 ? r : undefined
      },
      5_000,
      '507',
    )
    expect(refused.headers.get('retry-after')).toBeTruthy()
    expect(await refused.json()).toMatchObject({ status: 507, code: 'storageFull' })
    // Reads, sign-in and liveness keep answering; readiness stays 200 but says the disk is low.
    expect((await fetch(`${server.url}/api/v1/plans`)).status).toBe(200)
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    const ready = await fetch(`${server.url}/api/ready`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ status: 'degraded', storage: { state: 'low', reserveBytes: RESERVE_MB * MB } })

    rmSync(join(mounted!, 'filler'))
    await eventually(async () => (await post(`back-${Date.now()}@example.com`)).status === 201, 5_000, 'writes after space is back')
    expect(((await (await fetch(`${server.url}/api/ready`)).json()) as { status: string }).status).toBe('ready')
    expect(server.child.exitCode).toBeNull()
    const log = server.output()
    expect(log).toContain('disk full: writes refused')
    expect(log).toContain('space back: writes accepted')
    expect(log.match(/disk full: writes refused/g)!.length).toBe(1)
  }, 60_000)

  it('npm start on a full disk says "no space left in DATA_DIR" in one line', async () => {
    fillTo(mounted!, 8)
    try {
      const { code, output } = await startServerExpectingFailure(
        { DATA_DIR: join(mounted!, 'other'), DATABASE_START_WAIT: '0', NODE_ENV: 'test' },
        60_000,
      )
      expect(code).toBe(78)
      expect(output).toContain('no space left in DATA_DIR')
      expect(output).toContain('DISK_RESERVE_MB')
      expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/)
    } finally {
      rmSync(join(mounted!, 'filler'), { force: true })
    }
  }, 90_000)
})

// Where no tmpfs can be mounted: the same refusals with the disk's free space injected.
describe.skipIf(!!mounted || !!process.env.TEST_DATABASE_URL)('embedded database, full disk (injected)', () => {
  let free = 1024 * MB
  const dir = mkdtempSync(join(tmpdir(), 'faults-disk-'))
  const ctx = {} as { app: Awaited<ReturnType<typeof buildApp>> }
  beforeAll(async () => {
    const database = await openDatabase({
      dataDir: dir,
      diskReserveBytes: RESERVE_MB * MB,
      statfs: async () => ({ bavail: Math.floor(free / 4096), bsize: 4096 }),
    })
    ctx.app = await buildApp({
      config: testConfig({ RATE_LIMIT_MULTIPLIER: 1000 }),
      database,
      closeDatabase: true,
      serveWeb: false,
      mailAutoDeliver: false,
    })
  })
  afterAll(async () => {
    await ctx.app?.close()
    rmSync(dir, { recursive: true, force: true })
  })
  it('507 below the reserve, reads answer, writes again when space is back', async () => {
    const post = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/forms', payload: form(email) })
    expect((await post('a@example.com')).statusCode).toBe(201)
    free = 10 * MB
    await ctx.app.database.storage!.refresh()
    const refused = await post('b@example.com')
    expect(refused.statusCode).toBe(507)
    expect(refused.headers['retry-after']).toBeTruthy()
    expect((await ctx.app.inject({ url: '/api/v1/plans' })).statusCode).toBe(200)
    expect((await ctx.app.inject({ url: '/api/ready' })).json()).toMatchObject({ status: 'degraded', storage: { state: 'low' } })
    free = 1024 * MB
    await ctx.app.database.storage!.refresh()
    expect((await post('c@example.com')).statusCode).toBe(201)
  })
})
