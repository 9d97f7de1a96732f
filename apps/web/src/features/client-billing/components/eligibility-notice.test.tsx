import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { prepareLanguage } from '@/lib/i18n'
import { EligibilityNotice } from './eligibility-notice'

beforeAll(async () => {
  await prepareLanguage('es', ['client-billing'])
})

describe('EligibilityNotice', () => {
  it('payouts missing: says where to set them up, with no second "Configurar pagos" beside the payout card’s (issue 23, point 4)', () => {
    render(
      <MemoryRouter>
        <EligibilityNotice missing={['payouts']} />
      </MemoryRouter>,
    )
    expect(screen.getByText(/Termina de configurar tus pagos con el botón «Configurar pagos»/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Configurar pagos' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Configurar pagos' })).toBeNull()
  })

  it('a plan missing: the link to choose one stays', () => {
    render(
      <MemoryRouter>
        <EligibilityNotice missing={['subscription', 'payouts']} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('link', { name: 'Elegir un plan' }).getAttribute('href')).toBe('/auth/select-plan')
    expect(screen.queryByRole('link', { name: 'Configurar pagos' })).toBeNull()
  })

  it('no approved tax start: says why (art. 68) and links to the card where it is declared (decision 222)', () => {
    render(
      <MemoryRouter>
        <EligibilityNotice missing={['taxStart']} />
      </MemoryRouter>,
    )
    expect(screen.getByText(/Declara tu inicio de actividades .* en la tarjeta «Inicio de actividades»/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Declarar inicio de actividades' }).getAttribute('href')).toBe('#tax-start')
  })
})
