import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// requestToaster() sets module state (every later toaster mounts at once): each test loads fresh
// modules, so no test depends on another having run, or not, before it.
let mod: typeof import('./deferred-toaster')
let toast: typeof import('sonner').toast
beforeEach(async () => {
  vi.resetModules()
  mod = await import('./deferred-toaster')
  toast = (await import('sonner')).toast
})
afterEach(() => {
  act(() => toast.dismiss())
  vi.useRealTimers()
})

describe('DeferredToaster', () => {
  it('mounts on the first interaction and shows toasts raised before it mounted, at most 3 at a time', async () => {
    for (const n of [1, 2, 3, 4, 5]) toast(`Aviso ${n}`)
    const { container } = render(<mod.DeferredToaster />)
    expect(container.innerHTML).toBe('')
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull()
    fireEvent.pointerDown(window)
    await screen.findByText('Aviso 5')
    expect(document.querySelectorAll('[data-sonner-toast][data-visible="true"]')).toHaveLength(3)
  })

  it('mounts by itself a few seconds after start, replaying an earlier toast', async () => {
    vi.useFakeTimers()
    render(<mod.DeferredToaster />)
    toast.error('Sesión expirada')
    act(() => vi.advanceTimersByTime(mod.TOASTER_FALLBACK_MS - 100))
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull()
    act(() => vi.advanceTimersByTime(100))
    // sonner adds replayed toasts in a timeout of its own.
    act(() => vi.runOnlyPendingTimers())
    vi.useRealTimers()
    await screen.findByText('Sesión expirada')
  })

  it('mounts at once when asked (a toast without user interaction)', async () => {
    render(<mod.DeferredToaster />)
    toast.error('Tu sesión expiró')
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull()
    act(() => mod.requestToaster())
    await screen.findByText('Tu sesión expiró')
  })

  it("offline, its code fails to load: the page goes on without it, and the connection's return tries again", async () => {
    let offline = true
    vi.doMock('@/components/ui/sonner', async (original) => {
      if (offline) throw new TypeError('Failed to fetch dynamically imported module')
      return original()
    })
    toast('Nuevo récord')
    const { container } = render(<mod.DeferredToaster />)
    fireEvent.pointerDown(window)
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(container.innerHTML).toBe('')
    offline = false
    fireEvent(window, new Event('online'))
    await screen.findByText('Nuevo récord')
    vi.doUnmock('@/components/ui/sonner')
  })

  it('the connection returns while a download started offline is still under way: once that one fails, it tries again', async () => {
    let fail: ((err: Error) => void) | undefined
    vi.doMock('@/components/ui/sonner', async (original) => {
      if (!fail) await new Promise((_, reject) => (fail = reject))
      return original()
    })
    toast('Nuevo récord')
    render(<mod.DeferredToaster />)
    fireEvent.pointerDown(window)
    await vi.waitFor(() => expect(fail).toBeDefined())
    fireEvent(window, new Event('online'))
    act(() => fail!(new TypeError('Failed to fetch dynamically imported module')))
    // Well before the fallback's few seconds, which would load it anyway.
    await screen.findByText('Nuevo récord', {}, { timeout: mod.TOASTER_FALLBACK_MS / 4 })
    vi.doUnmock('@/components/ui/sonner')
  })
})
