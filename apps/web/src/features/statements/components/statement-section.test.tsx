import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recentMonths } from '../lib/months'

// Issue 27 (decision 225): the monthly statement section shows the chosen month's totals and
// downloads its CSV and PDF through the one downloader (the API client, the page's language).
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))
const { StatementSection } = await import('./statement-section')
const { toast } = await import('sonner')

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

const statement = (month: string, lines: number) => ({
  audience: 'gym',
  month,
  account: { name: 'Gym Central', rut: null },
  partial: false,
  lines: Array.from({ length: lines }, () => ({
    kind: 'payment',
    at: `${month}-10T12:00:00-03:00`,
    day: `${month}-10`,
    paymentId: 'p1',
    clientName: 'Carla Cliente',
    offerTitle: 'Plan mensual',
    trainerName: 'Gabriel Gym',
    grossClp: 30001,
    platformFeeClp: 1500,
    gymShareClp: 10500,
    trainerShareClp: 18001,
  })),
  totals: {
    payments: lines,
    grossClp: 30001 * lines,
    refundedClp: 0,
    platformFeeClp: 1500 * lines,
    gymShareClp: 10500 * lines,
    trainerShareClp: 18001 * lines,
  },
})

let fetchMock: ReturnType<typeof vi.fn>
let clicked: HTMLAnchorElement[]
/** Intl's no-break space as a plain one. */
const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ')
const urls = () => fetchMock.mock.calls.map(([url]) => String(url))

beforeEach(() => {
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
  clicked = []
  URL.createObjectURL = vi.fn(() => 'blob:statement')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this)
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  document.documentElement.lang = ''
})

async function show(language: 'es' | 'en', audience: 'trainer' | 'gym') {
  await (await import('@/lib/i18n')).prepareLanguage(language, ['statements', 'errors', 'common'])
  document.documentElement.lang = language
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StatementSection audience={audience} />
    </QueryClientProvider>,
  )
}

describe('StatementSection', () => {
  const [thisMonth, lastMonth, before] = recentMonths()

  it('gym, in English: last month first, its totals, another month on choice, the PDF through the API client', async () => {
    fetchMock.mockImplementation((url: string) => {
      const month = new URL(url, 'http://x').searchParams.get('month')!
      if (url.includes('.pdf'))
        return Promise.resolve(
          new Response('%PDF-1.3', {
            status: 200,
            headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="monthly-statement_${month}.pdf"` },
          }),
        )
      return Promise.resolve(json(200, statement(month, month === before ? 0 : 2)))
    })
    await show('en', 'gym')
    expect(screen.getByRole('region', { name: 'Monthly statement' })).toBeTruthy()
    const picker = screen.getByLabelText('Month') as HTMLSelectElement
    expect(picker.value).toBe(lastMonth)
    expect(picker.options[0].value).toBe(thisMonth)
    expect(spaced((await screen.findByTestId('statement-gross')).textContent)).toBe('CLP 60,002')
    expect(spaced(screen.getByTestId('statement-gym').textContent)).toBe('CLP 21,000')
    expect(screen.getByText("Trainers' share")).toBeTruthy()
    expect(urls()[0]).toMatch(new RegExp(`/api/v1/business/statement\\?month=${lastMonth}$`))

    fireEvent.change(picker, { target: { value: before } })
    expect(await screen.findByText('There were no payments or refunds this month.')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0].download).toBe(`monthly-statement_${before}.pdf`)
    const [url, init] = fetchMock.mock.calls.at(-1)!
    expect(String(url)).toMatch(new RegExp(`/api/v1/business/statement\\.pdf\\?month=${before}$`))
    const headers = new Headers((init as RequestInit).headers)
    expect(headers.get('accept')).toBe('application/pdf')
    expect(headers.get('accept-language')).toBe('en')
  })

  it('trainer, in Spanish: the CSV, and a refused download in words', async () => {
    fetchMock.mockImplementation((url: string) => {
      if (url.includes('.csv'))
        return Promise.resolve(json(422, { status: 422, message: 'This month has not started yet', errors: { month: 'tooBig' } }))
      return Promise.resolve(json(200, { ...statement(lastMonth, 1), audience: 'trainer' }))
    })
    await show('es', 'trainer')
    expect(screen.getByRole('heading', { name: 'Estado mensual' })).toBeTruthy()
    expect(await screen.findByTestId('statement-trainer')).toHaveProperty('textContent', '$18.001')
    expect(screen.getByText('Tu parte')).toBeTruthy()
    expect(screen.getByText(/no emite tu boleta de honorarios/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalled())
    expect(String(fetchMock.mock.calls.at(-1)![0])).toMatch(new RegExp(`/api/v1/trainer/statement\\.csv\\?month=${lastMonth}$`))
    expect(clicked).toEqual([])
  })
})
