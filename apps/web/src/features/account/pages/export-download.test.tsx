import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

// Decision 206: a large export is mailed as a link; the card says so, and the link's page gives
// the file only to the signed-in person, with the reason in words when it cannot.
const ana = {
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Pérez',
  role: 'member' as const,
  isActive: true,
  emailVerified: true,
  language: 'es' as const,
  createdAt: '',
  updatedAt: '',
}
let signedIn: typeof ana | null = ana
vi.mock('@/lib/use-session', () => ({
  useSession: () => ({ user: signedIn, token: signedIn ? 't' : null, isLoading: false, logout: vi.fn(), login: vi.fn() }),
}))
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const { ExportCard } = await import('../components/export-card')
const { ExportDownloadPage } = await import('./export-download-page')

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
let fetchMock: ReturnType<typeof vi.fn>
let clicked: HTMLAnchorElement[]

beforeAll(async () => {
  await (await import('@/lib/i18n')).prepareLanguage('es', ['account', 'errors', 'common'])
})
beforeEach(() => {
  signedIn = ana
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
  clicked = []
  URL.createObjectURL = vi.fn(() => 'blob:json')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this)
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function show(element: React.ReactElement, path = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('the export card', () => {
  it('a small account gets the file at once', async () => {
    fetchMock.mockResolvedValue(
      json(
        200,
        { format: 'privacy-export/1', generatedAt: '', tables: {} },
        { 'content-disposition': 'attachment; filename="mis-datos-2026-12-01.json"' },
      ),
    )
    show(<ExportCard />)
    fireEvent.click(screen.getByRole('button', { name: 'Descargar mis datos' }))
    await vi.waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0].download).toBe('mis-datos-2026-12-01.json')
    expect(screen.queryByTestId('export-queued')).toBeNull()
  })

  it('a large one is told, as a status, that a link will arrive by mail; no file is saved', async () => {
    fetchMock.mockResolvedValue(
      json(202, { status: 'queued', message: 'Your data is large', requestedAt: '2026-12-01T12:00:00.000Z', linkDays: 7 }),
    )
    show(<ExportCard />)
    fireEvent.click(screen.getByRole('button', { name: 'Descargar mis datos' }))
    expect(await screen.findByText('Te enviaremos un enlace por correo')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('El enlace funciona 7 días y solo con tu cuenta')
    expect(clicked).toEqual([])
  })
})

describe('in English', () => {
  afterEach(async () => {
    await (await import('@/lib/i18n')).prepareLanguage('es', ['account', 'errors', 'common'])
  })

  it('the card and the link’s page speak the person’s language', async () => {
    await (await import('@/lib/i18n')).prepareLanguage('en', ['account', 'errors', 'common'])
    fetchMock.mockResolvedValue(
      json(202, { status: 'queued', message: 'Your data is large', requestedAt: '2026-12-01T12:00:00.000Z', linkDays: 7 }),
    )
    show(<ExportCard />)
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }))
    expect(await screen.findByText("We'll e-mail you a link")).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('The link works for 7 days and only with your account')
  })
})

describe('the mailed link’s page', () => {
  it('downloads the file for the signed-in person with the link’s token', async () => {
    fetchMock.mockResolvedValue(
      json(
        200,
        { format: 'privacy-export/1', generatedAt: '', tables: {} },
        { 'content-disposition': 'attachment; filename="mis-datos-2026-12-02.json"' },
      ),
    )
    show(<ExportDownloadPage />, '/cuenta/datos?token=abc-123_XYZ')
    expect(screen.getByRole('heading', { level: 1, name: 'Descargar mis datos' })).toBeTruthy()
    expect(screen.getByText(/para la cuenta ana@example.com/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Descargar el archivo' }))
    await vi.waitFor(() => expect(clicked).toHaveLength(1))
    expect(String(fetchMock.mock.calls[0][0])).toContain('/account/export/download?token=abc-123_XYZ')
    expect(clicked[0].download).toBe('mis-datos-2026-12-02.json')
    expect(await screen.findByText('Descargamos tus datos')).toBeTruthy()
  })

  it('says in words when the link expired or is not this person’s', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { status: 404, message: 'expired', errors: { token: 'invalidOrExpired' } }))
    show(<ExportDownloadPage />, '/cuenta/datos?token=abc-123_XYZ')
    fireEvent.click(screen.getByRole('button', { name: 'Descargar el archivo' }))
    expect(await screen.findByText(/Este enlace venció y el archivo se borró/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ir a Mi cuenta' }).getAttribute('href')).toBe('/cuenta')

    fetchMock.mockResolvedValueOnce(json(404, { status: 404, message: 'not yours', errors: { token: 'notFound' } }))
    fireEvent.click(screen.getByRole('button', { name: 'Descargar el archivo' }))
    expect(await screen.findByText(/no es de la cuenta con la que iniciaste sesión/)).toBeTruthy()
    expect(clicked).toEqual([])
  })

  it('asks a signed-out person to sign in first and asks for nothing', async () => {
    signedIn = null
    show(<ExportDownloadPage />, '/cuenta/datos?token=abc-123_XYZ')
    expect(screen.getByText(/inicia sesión con la cuenta que los pidió/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Soy cliente' }).getAttribute('href')).toBe('/cliente/ingresar')
    expect(screen.getByRole('link', { name: 'Soy entrenador' }).getAttribute('href')).toBe('/auth/login')
    expect(screen.queryByRole('button', { name: 'Descargar el archivo' })).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
