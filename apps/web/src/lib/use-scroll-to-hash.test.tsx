import { act, render } from '@testing-library/react'
import { useState } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { useScrollToHash } from './use-scroll-to-hash'

function Page({ later }: { later: boolean }) {
  useScrollToHash()
  const [shown, setShown] = useState(!later)
  ;(globalThis as { show?: () => void }).show = () => setShown(true)
  return <main>{shown ? <section id="statement">Statement</section> : <p>Loading…</p>}</main>
}

describe('useScrollToHash', () => {
  it('scrolls to and focuses the linked section when it mounts after the page', async () => {
    const scroll = vi.fn()
    Element.prototype.scrollIntoView = scroll
    render(
      <MemoryRouter initialEntries={['/dashboard#statement']}>
        <Page later />
      </MemoryRouter>,
    )
    expect(scroll).not.toHaveBeenCalled()
    await act(async () => (globalThis as { show?: () => void }).show?.())
    await vi.waitFor(() => expect(scroll).toHaveBeenCalledTimes(1))
    const section = document.getElementById('statement')!
    expect(document.activeElement).toBe(section)
    expect(section.getAttribute('tabindex')).toBe('-1')
  })

  it('does nothing without a hash', () => {
    const scroll = vi.fn()
    Element.prototype.scrollIntoView = scroll
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Page later={false} />
      </MemoryRouter>,
    )
    expect(scroll).not.toHaveBeenCalled()
  })
})
