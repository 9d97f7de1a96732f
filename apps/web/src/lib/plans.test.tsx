import type { Plan } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { plansQueryKey, plansSeed, readEmbeddedPlans, seedPlans, usePlansCatalogue } from './plans'

const plan = (title: string, priceClp: number): Plan => ({
  id: title,
  key: 'starter',
  title,
  description: '',
  benefits: [],
  priceUsd: 20,
  priceClp,
  period: 'month',
  clientLimit: 5,
  target: '',
  popular: false,
  purchasable: true,
})

function Titles() {
  const { data, isPending } = usePlansCatalogue()
  return <p>{isPending ? 'loading' : data?.map((p) => `${p.title} ${p.priceClp}`).join(', ')}</p>
}

afterEach(() => {
  delete plansSeed.current
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('the catalogue embedded in a prerendered page (decision 083)', () => {
  it('is read from its data block, and ignored when absent or broken', () => {
    expect(readEmbeddedPlans(document)).toBeUndefined()
    document.body.innerHTML = `<script type="application/json" id="plans-catalogue">${JSON.stringify([plan('Starter', 19000)])}</script>`
    expect(readEmbeddedPlans(document)?.[0]?.title).toBe('Starter')
    document.body.innerHTML = '<script type="application/json" id="plans-catalogue">{broken</script>'
    expect(readEmbeddedPlans(document)).toBeUndefined()
  })

  it('renders the same on the server and on the first client render, then GET /plans replaces it', async () => {
    plansSeed.current = [plan('Starter', 19000)]
    const server = new QueryClient()
    seedPlans(server)
    expect(
      renderToString(
        <QueryClientProvider client={server}>
          <Titles />
        </QueryClientProvider>,
      ),
    ).toContain('Starter 19000')

    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [plan('Starter', 21000)] }), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    const client = new QueryClient()
    seedPlans(client)
    // Seeded as stale: shown at once, asked again.
    expect(client.getQueryState(plansQueryKey)?.dataUpdatedAt).toBe(0)
    render(
      <QueryClientProvider client={client}>
        <Titles />
      </QueryClientProvider>,
    )
    expect(screen.getByText('Starter 19000')).toBeTruthy()
    await waitFor(() => expect(screen.getByText('Starter 21000')).toBeTruthy())
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('without a seed the cards start loading', () => {
    const client = new QueryClient()
    seedPlans(client)
    expect(
      renderToString(
        <QueryClientProvider client={client}>
          <Titles />
        </QueryClientProvider>,
      ),
    ).toContain('loading')
  })
})
