import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

// Issue 27 (decision 222): the tax start card shows a rejection's reason and the lapse, sends an
// exemption only with the sworn checkbox and a file, and names the server's refusal of the file.
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))
const { TaxStartCard } = await import('./tax-start-card')

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
let fetchMock: ReturnType<typeof vi.fn>

beforeAll(async () => {
  await (await import('@/lib/i18n')).prepareLanguage('es', ['tax-start', 'errors', 'common'])
})
beforeEach(() => {
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <TaxStartCard owner="trainer" />
    </QueryClientProvider>,
  )
}

const declaration = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'start',
  startedOn: '2025-03-01',
  activity: 'Gimnasio',
  signerName: null,
  signerRut: null,
  signedOn: null,
  reason: null,
  oath: null,
  status: 'rejected',
  rejectReason: 'El documento no se lee',
  submittedAt: '2026-11-20T12:00:00.000Z',
  reviewedAt: '2026-11-21T12:00:00.000Z',
  expiresAt: null,
  proof: {
    type: 'application/pdf',
    bytes: 900,
    url: '/api/v1/tax-start-proofs/x?expires=1&sig=y',
    linkExpiresAt: '2026-11-27T12:05:00.000Z',
  },
}
const posts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')

describe('TaxStartCard', () => {
  it('a rejection shows its reason, the proof link and the form to send again', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { state: 'rejected', chargingAllowed: false, validUntil: null, latest: declaration }))
    show()
    expect(await screen.findByText('Rechazado: El documento no se lee')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ver respaldo' }).getAttribute('href')).toBe(declaration.proof.url)
    expect(screen.getByRole('button', { name: 'Enviar para revisión' })).toBeTruthy()
  })

  it('lapsed: charging paused; the exemption needs the sworn checkbox and a file; the server refusing the file is shown on it', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { state: 'lapsed', chargingAllowed: false, validUntil: null, latest: null }))
      .mockResolvedValueOnce(json(415, { status: 415, message: 'x', errors: { proof: 'unsupportedFile' } }))
    show()
    expect(await screen.findByText(/los cobros nuevos están pausados/)).toBeTruthy()
    fireEvent.click(screen.getByLabelText('Estoy exento: firmo una declaración jurada'))
    expect(screen.getByText(/^Declaro bajo juramento que los datos/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Nombre completo'), { target: { value: 'Ana Pérez' } })
    fireEvent.change(screen.getByLabelText('RUT'), { target: { value: '10.000.013-K' } })
    fireEvent.change(screen.getByLabelText('Razón de la exención'), { target: { value: 'Sin actividad comercial' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para revisión' }))
    await waitFor(() => expect(screen.getByLabelText('Lo declaro bajo juramento').getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByLabelText('Respaldo (PDF o foto)').getAttribute('aria-invalid')).toBe('true')
    expect(posts()).toHaveLength(0)

    fireEvent.click(screen.getByLabelText('Lo declaro bajo juramento'))
    const file = new File(['%PDF-1.4\n%%EOF'], 'declaracion.pdf', { type: 'application/pdf' })
    fireEvent.change(screen.getByLabelText('Respaldo (PDF o foto)'), { target: { files: [file] } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para revisión' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    const body = JSON.parse(String((posts()[0]![1] as RequestInit).body))
    expect(body).toMatchObject({
      kind: 'exemption',
      signerRut: '10000013-K',
      sworn: true,
      oathLanguage: 'es',
      proof: btoa('%PDF-1.4\n%%EOF'),
    })
    expect(await screen.findByText('Envía un PDF, JPEG, PNG o WebP de hasta 5 MB')).toBeTruthy()
  })
})
