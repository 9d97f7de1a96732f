import { describe, expect, it, vi } from 'vitest'
import { periodic } from './periodic.ts'

const log = () => ({ error: vi.fn() }) as unknown as Parameters<typeof periodic>[0] & { error: ReturnType<typeof vi.fn> }

describe('periodic', () => {
  it('never runs twice at once, logs a failure by its message, and stop waits for the run in progress', async () => {
    let release!: () => void
    let runs = 0
    const logger = log()
    const job = periodic(logger, 'test job', 60_000, () => {
      runs++
      if (runs === 2) return Promise.reject(new Error('boom'))
      return new Promise<void>((r) => (release = r))
    })
    job.tick()
    job.tick()
    expect(runs).toBe(1)
    let stopped = false
    const stopping = job.stop().then(() => (stopped = true))
    await Promise.resolve()
    expect(stopped).toBe(false)
    release()
    await stopping
    expect(stopped).toBe(true)
    job.tick()
    await job.stop()
    expect(runs).toBe(2)
    expect(logger.error).toHaveBeenCalledWith({ err: 'boom' }, 'test job failed')
  })

  it('with rerun, a tick during a run runs once more after it', async () => {
    let release!: () => void
    let runs = 0
    const job = periodic(
      log(),
      'test job',
      60_000,
      () => {
        runs++
        return runs === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve()
      },
      { rerun: true },
    )
    job.tick()
    job.tick()
    job.tick()
    release()
    await vi.waitFor(() => expect(runs).toBe(2))
    await job.stop()
    expect(runs).toBe(2)
  })
})
