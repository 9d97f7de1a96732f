import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

// Issue 27 (decision 214): the tax details card formats the RUT, refuses a wrong check digit
// before sending, and shows the server's field errors under their field.
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))
const { TaxIdentityCard } = await import('./tax-identity-card')

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
let fetchMock: ReturnType<typeof vi.fn>

beforeAll(async () => {
  await (await import('@/lib/i18n')).prepareLanguage('es', ['tax-identity', 'errors', 'common'])
})
beforeEach(() => {
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function show(owner: 'trainer' | 'business') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <TaxIdentityCard owner={owner} />
    </QueryClientProvider>,
  )
}

const sent = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String((init as RequestInit).body)) }))

describe('TaxIdentityCard', () => {
  it('trainer: formats the RUT on blur and sends it; the saved RUT is shown formatted', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { rut: null })).mockResolvedValueOnce(json(200, { rut: '10000013-K' }))
    show('trainer')
    const rut = await screen.findByLabelText('RUT')
    expect(screen.getByRole('heading', { name: 'Datos tributarios' })).toBeTruthy()
    expect(screen.queryByLabelText('Razón social')).toBeNull()
    fireEvent.change(rut, { target: { value: '10000013k' } })
    fireEvent.blur(rut)
    await waitFor(() => expect((rut as HTMLInputElement).value).toBe('10.000.013-K'))
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(sent()).toEqual([{ url: expect.stringMatching(/\/trainer\/tax-identity$/), body: { rut: '10000013-K' } }]))
    await waitFor(() => expect((rut as HTMLInputElement).value).toBe('10.000.013-K'))
  })

  it('trainer: a wrong check digit is refused on the field and nothing is sent', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { rut: null }))
    show('trainer')
    const rut = await screen.findByLabelText('RUT')
    fireEvent.change(rut, { target: { value: '12.345.678-9' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText(/Ingresa un RUT válido/)).toBeTruthy()
    expect(rut.getAttribute('aria-invalid')).toBe('true')
    expect(sent()).toEqual([])
  })

  it('business: RUT, razón social and giro; a taken RUT is shown under the RUT field', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { rut: '76086428-5', legalName: 'Gimnasio Centro SpA', activity: 'Gimnasios' }))
      .mockResolvedValueOnce(json(409, { status: 409, message: 'This RUT is already registered', errors: { rut: 'rutTaken' } }))
    show('business')
    const rut = await screen.findByLabelText('RUT')
    expect((rut as HTMLInputElement).value).toBe('76.086.428-5')
    expect((screen.getByLabelText('Razón social') as HTMLInputElement).value).toBe('Gimnasio Centro SpA')
    fireEvent.change(rut, { target: { value: '12345678-5' } })
    fireEvent.change(screen.getByLabelText('Giro'), { target: { value: 'Actividades de gimnasios' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText('Este RUT ya está registrado en otra cuenta')).toBeTruthy()
    expect(rut.getAttribute('aria-invalid')).toBe('true')
    expect(sent()).toEqual([
      {
        url: expect.stringMatching(/\/business\/tax-identity$/),
        body: { rut: '12345678-5', legalName: 'Gimnasio Centro SpA', activity: 'Actividades de gimnasios' },
      },
    ])
  })
})
