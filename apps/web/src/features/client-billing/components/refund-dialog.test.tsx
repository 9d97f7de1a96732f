import type { Payment } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { prepareLanguage } from '@/lib/i18n'
import { setSession } from '@/lib/session'
import { RefundDialog } from './refund-dialog'

const payment: Payment = {
  id: '7c8d1b2e-0000-4000-8000-000000000001',
  subscriptionId: 's1',
  clientEmail: 'carla@example.com',
  offerTitle: 'Plan Fuerza',
  paidAt: '2026-11-23T12:00:00.000Z',
  amountClp: 25_000,
  refundedClp: 5_000,
  trainerShareClp: 23_750,
  gymShareClp: 0,
  platformShareClp: 1_250,
  state: 'partially_refunded',
}
const trainer = {
  id: 'u1',
  email: 'camila@example.com',
  firstName: 'Camila',
  lastName: 'Rojas',
  role: 'trainer' as const,
  isActive: true,
  emailVerified: true,
  language: 'es' as const,
  createdAt: '',
  updatedAt: '',
}

function renderDialog(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RefundDialog payment={payment} onClose={onClose} />
    </QueryClientProvider>,
  )
  return onClose
}

beforeAll(async () => {
  await prepareLanguage('en', ['client-billing', 'errors'])
})
afterEach(() => vi.unstubAllGlobals())

describe('RefundDialog', () => {
  it('refuses more than what remains before asking, then confirms the part amount and sends it', async () => {
    setSession({ user: trainer, token: 't', refreshToken: 'r' })
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ ...payment, refundedClp: 10_000 }), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    const onClose = renderDialog()
    expect(screen.getByText(/carla@example\.com paid CLP\s?25,000; CLP\s?20,000 can still be refunded/)).toBeTruthy()
    fireEvent.click(screen.getByLabelText('Part of it'))
    fireEvent.change(await screen.findByLabelText('Amount to refund (CLP)'), { target: { value: '20001' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The amount is above what can still be refunded')
    expect(fetchMock).not.toHaveBeenCalled()

    fireEvent.change(screen.getByLabelText('Amount to refund (CLP)'), { target: { value: '5000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(/Refund CLP\s?5,000 to carla@example\.com\?/)).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: /^Refund CLP\s?5,000$/ }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/v1/trainer/payments/${payment.id}/refunds`)
    expect(JSON.parse((fetchMock.mock.calls[0]![1] as RequestInit).body as string)).toEqual({ amountClp: 5_000 })
  })

  it('a whole refund sends no amount; a refusal from the server is shown in the dialog', async () => {
    setSession({ user: trainer, token: 't', refreshToken: 'r' })
    const fetchMock = vi
      .fn()
      .mockResolvedValue(
        new Response(JSON.stringify({ status: 422, message: 'Unprocessable entity', errors: { amountClp: 'tooBig' } }), { status: 422 }),
      )
    vi.stubGlobal('fetch', fetchMock)
    const onClose = renderDialog()
    expect((screen.getByLabelText(/Everything left/) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    fireEvent.click(await screen.findByRole('button', { name: /^Refund CLP\s?20,000$/ }))
    expect((await screen.findByRole('alert')).textContent).toContain('The amount is above what can still be refunded')
    expect(JSON.parse((fetchMock.mock.calls[0]![1] as RequestInit).body as string)).toEqual({})
    expect(onClose).not.toHaveBeenCalled()
  })
})
