import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// Issue 27 (decision 237): the client's "Datos para factura" card saves the three fields together,
// refuses a wrong check digit before sending, shows the server's field errors, and clears.
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))
const { toast } = await import('sonner')
const { TaxDetailsCard } = await import('./tax-details-card')

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const NONE = { rut: null, legalName: null, activity: null }
const SAVED = { rut: '76086428-5', legalName: 'Constructora Andes SpA', activity: 'Construcción de edificios' }
let fetchMock: ReturnType<typeof vi.fn>

beforeEach(() => {
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

function show(language?: 'es' | 'en') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <TaxDetailsCard language={language} />
    </QueryClientProvider>,
  )
}

const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === method)
    .map(([url, init]) => ({
      url: String(url),
      body: (init as RequestInit).body ? JSON.parse(String((init as RequestInit).body)) : undefined,
    }))

describe('TaxDetailsCard', () => {
  it('in Spanish by default: the three fields, the RUT formatted on blur, saved together', async () => {
    fetchMock.mockResolvedValueOnce(json(200, NONE)).mockResolvedValueOnce(json(200, SAVED))
    show()
    const rut = await screen.findByLabelText('RUT')
    expect(screen.getByRole('heading', { name: 'Datos para factura' })).toBeTruthy()
    expect(screen.getByText(/tu entrenador o gimnasio los verá junto a tus pagos/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Quitar datos' })).toBeNull()
    fireEvent.change(rut, { target: { value: '760864285' } })
    fireEvent.blur(rut)
    await waitFor(() => expect((rut as HTMLInputElement).value).toBe('76.086.428-5'))
    fireEvent.change(screen.getByLabelText('Razón social'), { target: { value: 'Constructora Andes SpA' } })
    fireEvent.change(screen.getByLabelText('Giro'), { target: { value: 'Construcción de edificios' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(sent('PUT')).toEqual([{ url: expect.stringMatching(/\/client\/tax-identity$/), body: SAVED }]))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Datos para factura guardados'))
    expect(await screen.findByRole('button', { name: 'Quitar datos' })).toBeTruthy()
  })

  it('refuses a wrong check digit and a missing giro on their fields; nothing is sent', async () => {
    fetchMock.mockResolvedValueOnce(json(200, NONE))
    show()
    const rut = await screen.findByLabelText('RUT')
    fireEvent.change(rut, { target: { value: '76.086.428-4' } })
    fireEvent.change(screen.getByLabelText('Razón social'), { target: { value: 'Constructora Andes SpA' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText(/Ingresa un RUT válido/)).toBeTruthy()
    expect(rut.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Giro').getAttribute('aria-invalid')).toBe('true')
    expect(sent('PUT')).toEqual([])
  })

  it("shows the server's field error under its field", async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, NONE))
      .mockResolvedValueOnce(json(422, { status: 422, message: 'Invalid input', errors: { rut: 'invalidRut' } }))
    show()
    fireEvent.change(await screen.findByLabelText('RUT'), { target: { value: '76.086.428-5' } })
    fireEvent.change(screen.getByLabelText('Razón social'), { target: { value: 'Constructora Andes SpA' } })
    fireEvent.change(screen.getByLabelText('Giro'), { target: { value: 'Construcción' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText(/Ingresa un RUT válido/)).toBeTruthy()
    expect(screen.getByLabelText('RUT').getAttribute('aria-invalid')).toBe('true')
  })

  it('shows saved details and removes them in one tap', async () => {
    fetchMock.mockResolvedValueOnce(json(200, SAVED)).mockResolvedValueOnce(json(200, NONE))
    show()
    const rut = await screen.findByLabelText('RUT')
    expect((rut as HTMLInputElement).value).toBe('76.086.428-5')
    fireEvent.click(screen.getByRole('button', { name: 'Quitar datos' }))
    await waitFor(() => expect(sent('DELETE')).toHaveLength(1))
    await waitFor(() => expect((rut as HTMLInputElement).value).toBe(''))
    expect(toast.success).toHaveBeenCalledWith('Datos para factura quitados')
  })

  it('in English when told; a failed load offers a retry', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { status: 500, message: 'boom' })).mockResolvedValueOnce(json(200, NONE))
    show('en')
    expect(screen.getByRole('heading', { name: 'Invoice details' })).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText('Legal name (razón social)')).toBeTruthy()
  })
})
