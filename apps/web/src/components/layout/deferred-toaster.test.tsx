import { act, fireEvent, render, screen } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DeferredToaster, requestToaster, TOASTER_FALLBACK_MS } from './deferred-toaster'

afterEach(() => {
  act(() => toast.dismiss())
  vi.useRealTimers()
})

// The order matters: requestToaster() makes every later toaster mount at once.
describe('DeferredToaster', () => {
  it('mounts on the first interaction and shows toasts raised before it mounted, at most 3 at a time', async () => {
    for (const n of [1, 2, 3, 4, 5]) toast(`Aviso ${n}`)
    const { container } = render(<DeferredToaster />)
    expect(container.innerHTML).toBe('')
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull()
    fireEvent.pointerDown(window)
    expect(await screen.findByText('Aviso 5')).toBeTruthy()
    expect(document.querySelectorAll('[data-sonner-toast][data-visible="true"]')).toHaveLength(3)
  })

  it(`mounts by itself ${TOASTER_FALLBACK_MS / 1000} s after start, replaying an earlier toast`, async () => {
    vi.useFakeTimers()
    render(<DeferredToaster />)
    toast.error('Sesión expirada')
    act(() => vi.advanceTimersByTime(TOASTER_FALLBACK_MS - 100))
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull()
    act(() => vi.advanceTimersByTime(100))
    // sonner adds replayed toasts in a timeout of its own.
    act(() => vi.runOnlyPendingTimers())
    vi.useRealTimers()
    expect(await screen.findByText('Sesión expirada')).toBeTruthy()
  })

  it('mounts at once when asked (a toast without user interaction)', async () => {
    render(<DeferredToaster />)
    toast.error('Tu sesión expiró')
    act(() => requestToaster())
    expect(await screen.findByText('Tu sesión expiró')).toBeTruthy()
  })
})
