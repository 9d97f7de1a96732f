import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const tmp = () => mkdtempSync(join(tmpdir(), 'config-'))

describe('loadConfig', () => {
  it('applies the defaults and generates JWT secrets once into DATA_DIR', () => {
    const dir = tmp()
    const config = loadConfig({ DATA_DIR: dir })
    expect(config.PORT).toBe(3000)
    expect(config.APP_URL).toBe('http://localhost:3000')
    expect(config.JWT_ACCESS_SECRET.length).toBeGreaterThanOrEqual(32)
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).access).toBe(config.JWT_ACCESS_SECRET)
    expect(loadConfig({ DATA_DIR: dir }).JWT_ACCESS_SECRET).toBe(config.JWT_ACCESS_SECRET)
  })

  it('derives APP_URL from PORT', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PORT: '4010' }).APP_URL).toBe('http://localhost:4010')
  })

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ APP_URL: 'localhost' }, 'APP_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ NODE_ENV: 'production' }, 'JWT_ACCESS_SECRET'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_WEBHOOK_SECRET'],
  ])('a bad value stops start-up naming the variable: %o', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(name)
  })
})
