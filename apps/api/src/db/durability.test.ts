import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { findUserByEmail } from '../modules/users/service.ts'
import { openDatabase } from './client.ts'

const dir = mkdtempSync(join(tmpdir(), 'durability-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// PGlite only: on PostgreSQL durability is the server's.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('embedded database durability', () => {
  it('a user written before a kill -9 is still there after restart', async () => {
    const email = `killed-${Date.now()}@example.com`
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../testing/durability-child.ts', import.meta.url)), dir, email], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('written') && resolve())
      child.on('exit', (code) => reject(new Error(`child exited early with ${code}`)))
    })
    const exited = new Promise((resolve) => child.on('exit', (_code, signal) => resolve(signal)))
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')

    const database = await openDatabase({ dataDir: dir })
    try {
      const user = await findUserByEmail(database.db, email)
      expect(user?.firstName).toBe('Kill')
    } finally {
      await database.close()
    }
  }, 60_000)
})
