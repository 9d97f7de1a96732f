import { act, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { createMemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { App } from './app/app'
import { routerReady, routes } from './app/router'
import { render } from './prerender'

const plan = (key: string, title: string, popular = false) => ({
  id: key,
  key,
  title,
  target: 'Para ti',
  description: `Plan ${title}`,
  benefits: ['Clientes'],
  priceUsd: 20,
  priceClp: 19000,
  period: 'month',
  clientLimit: 10,
  popular,
  purchasable: true,
})

let root: Root | undefined
let answerPlans: (r: Response) => void
beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
      unobserve() {}
    },
  )
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }))
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answerPlans = resolve))),
  )
})
afterEach(() => {
  act(() => root?.unmount())
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('prerendered landing page', () => {
  it('carries the hero and the plans skeleton, and hydrates without a mismatch, then shows the plans', async () => {
    const { html } = await render('/')
    expect(html).toContain('Tu negocio de entrenamiento, en piloto automático')
    expect(html).toContain('animate-pulse') // the plans' loading skeleton
    expect(html).not.toContain('Cargando…') // not the route's loading fallback

    const container = document.createElement('div')
    container.id = 'root'
    container.innerHTML = html
    document.body.append(container)
    const hero = container.querySelector('h1')

    const errors: unknown[] = []
    const consoleError = vi.spyOn(console, 'error')
    const router = createMemoryRouter(routes, { initialEntries: ['/'] })
    await routerReady(router)
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App router={router} />
        </StrictMode>,
        { onRecoverableError: (e) => errors.push(e) },
      )
    })
    expect(errors).toEqual([])
    expect(consoleError).not.toHaveBeenCalled()
    expect(container.querySelector('h1')).toBe(hero) // the prerendered node was kept, not replaced

    await act(async () =>
      answerPlans(new Response(JSON.stringify({ data: [plan('starter', 'Starter', true), plan('growth', 'Growth')] }), { status: 200 })),
    )
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Growth' })).toBeTruthy())
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('a different first client render is reported (the check above can fail)', async () => {
    const container = document.createElement('div')
    container.innerHTML = (await render('/')).html.replace('Tu negocio de entrenamiento', 'Otro texto')
    document.body.append(container)
    const errors: unknown[] = []
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const router = createMemoryRouter(routes, { initialEntries: ['/'] })
    await routerReady(router)
    await act(async () => {
      root = hydrateRoot(container, <App router={router} />, { onRecoverableError: (e) => errors.push(e) })
    })
    expect(errors.length + vi.mocked(console.error).mock.calls.length).toBeGreaterThan(0)
  })
})
