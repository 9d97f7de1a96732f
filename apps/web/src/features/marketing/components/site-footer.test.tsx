import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { FaqSection } from './faq'
import { SiteFooter } from './site-footer'

// Issue 23 point 10 (decision 199): on 26 Nov 2026 the footer still announced Peru for "el primer
// trimestre de 2026". The public pages say where the product is today, with no dated promise.
const datedPromise = /Perú|trimestre|pronto|llega/i

describe('where the product is available', () => {
  it('the footer says Chile, and promises nothing dated', () => {
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    )
    const footer = screen.getByRole('contentinfo')
    expect(footer.textContent).toContain('Disponible en Chile.')
    expect(footer.textContent).not.toMatch(datedPromise)
    // The only year is the copyright's, this year.
    expect(footer.textContent!.match(/20\d\d/g)).toEqual([String(new Date().getFullYear())])
  })

  it('the FAQ answers the same', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FaqSection />
      </QueryClientProvider>,
    )
    const answer = screen.getByText('¿En qué países está disponible?').closest('details')!
    expect(answer.textContent).toContain('Por ahora, solo en Chile.')
    expect(answer.textContent).not.toMatch(datedPromise)
    expect(answer.textContent).not.toMatch(/20\d\d/)
  })
})
