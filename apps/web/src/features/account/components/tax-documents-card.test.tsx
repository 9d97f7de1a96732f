import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

// Decision 223: the payer's tax documents in their billing history, amounts as the law shows
// them, the PDF downloaded with their session; both languages.
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))
const { TaxDocumentsCard } = await import('./tax-documents-card')

const boleta = {
  id: '6f1c2a7e-3d4b-4c5a-9e8f-0a1b2c3d4e5f',
  kind: 'boleta',
  dteType: 39,
  source: 'planCharge',
  status: 'issued',
  folio: 1042,
  description: 'Suscripción plan Starter, noviembre de 2026',
  netClp: 16798,
  ivaClp: 3192,
  totalClp: 19990,
  correctsId: null,
  issuedAt: '2026-11-23T15:00:00.000Z',
  createdAt: '2026-11-23T14:59:00.000Z',
}
const note = {
  ...boleta,
  id: '7f1c2a7e-3d4b-4c5a-9e8f-0a1b2c3d4e5f',
  kind: 'creditNote',
  dteType: 61,
  source: 'refund',
  status: 'pending',
  folio: null,
  netClp: 4202,
  ivaClp: 798,
  totalClp: 5000,
  correctsId: boleta.id,
  issuedAt: null,
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
let fetchMock: ReturnType<typeof vi.fn>
let clicked: HTMLAnchorElement[]

beforeAll(async () => {
  await (await import('@/lib/i18n')).prepareLanguage('es', ['account', 'errors', 'common'])
})
beforeEach(() => {
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
  clicked = []
  URL.createObjectURL = vi.fn(() => 'blob:pdf')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this)
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <TaxDocumentsCard />
    </QueryClientProvider>,
  )

describe('the tax documents card', () => {
  it('lists each document with its amounts and downloads an issued one’s PDF', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: [note, boleta] }))
    show()
    const rows = await screen.findAllByTestId('tax-document')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getByText('Nota de crédito electrónica')).toBeTruthy()
    expect(rows[0].textContent).toContain('Neto $4.202 · IVA $798 · Total $5.000')
    expect(rows[0].textContent).toContain('En emisión')
    expect(within(rows[0]).queryByRole('button')).toBeNull()
    expect(rows[1].textContent).toContain('Boleta electrónica N° 1042')
    expect(rows[1].textContent).toContain('Total $19.990 (IVA incluido: $3.192)')
    expect(rows[1].textContent).toContain('Plan · Suscripción plan Starter')

    fetchMock.mockResolvedValueOnce(
      new Response(new Blob(['%PDF-1.3']), {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="boleta_electronica_1042.pdf"' },
      }),
    )
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Descargar PDF de Boleta electrónica N° 1042' }))
    await vi.waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0].download).toBe('boleta_electronica_1042.pdf')
    expect(String(fetchMock.mock.calls[1][0])).toContain(`/tax-documents/${boleta.id}/pdf`)
  })

  it('says when there is nothing yet', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: [] }))
    show()
    expect(await screen.findByText('Aún no tienes documentos tributarios.')).toBeTruthy()
  })

  it('speaks English', async () => {
    await (await import('@/lib/i18n')).prepareLanguage('en', ['account', 'errors', 'common'])
    fetchMock.mockResolvedValueOnce(json(200, { data: [{ ...boleta, kind: 'factura', dteType: 33 }] }))
    show()
    const [row] = await screen.findAllByTestId('tax-document')
    expect(row.textContent).toContain('Electronic invoice (factura) No. 1042')
    expect(row.textContent).toMatch(/Net CLP.16,798 · VAT CLP.3,192 · Total CLP.19,990/)
    expect(within(row).getByRole('button', { name: 'Download the PDF of Electronic invoice (factura) No. 1042' })).toBeTruthy()
    await (await import('@/lib/i18n')).prepareLanguage('es', ['account', 'errors', 'common'])
  })
})
