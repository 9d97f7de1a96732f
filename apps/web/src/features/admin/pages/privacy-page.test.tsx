import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { prepareLanguage } from '@/lib/i18n'
import { setSession } from '@/lib/session'
import { chileToday, isOverdue, PrivacyPage } from './privacy-page'
import { operator } from '../test-operator'

// Issue 20, operators: the privacy requests queue — deadlines (overdue in red, Chile dates), who
// handled each and when, "Mark handled" and, on a deletion request, "Close account" with a reason.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const base = {
  userId: 'p1',
  source: 'operator',
  handledBy: null,
  handledByEmail: null,
  handledAt: null,
  note: null,
  accountClosedAt: null,
}
const overdue = {
  ...base,
  id: 'r1',
  email: 'rosa@example.com',
  name: 'Rosa Mella',
  kind: 'deletion',
  status: 'open',
  // 00:30 UTC on 2 November is still 1 November in Santiago.
  createdAt: '2026-10-02T12:00:00.000Z',
  dueAt: '2026-11-02T00:30:00.000Z',
}
const handled = {
  ...base,
  id: 'r2',
  email: 'luis@example.com',
  name: 'Luis Soto',
  kind: 'rectification',
  status: 'done',
  createdAt: '2026-11-20T12:00:00.000Z',
  dueAt: '2026-12-20T12:00:00.000Z',
  handledBy: 'u1',
  handledByEmail: 'ops@example.com',
  handledAt: '2026-11-21T12:00:00.000Z',
  note: 'Apellido corregido',
}

beforeAll(async () => {
  await prepareLanguage('en', ['admin', 'errors'])
})
afterEach(() => vi.unstubAllGlobals())

function renderPage() {
  setSession({ user: operator, token: 't', refreshToken: 'r' })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/privacy']}>
        <PrivacyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('PrivacyPage', () => {
  it('shows deadlines on Chile dates, an overdue one in red with words, and who handled a request and when', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ data: [overdue, handled], nextCursor: null })),
    )
    renderPage()
    const table = await screen.findByRole('table')
    const [, first, second] = within(table).getAllByRole('row')
    expect(first!.textContent).toContain('Rosa Mella')
    expect(first!.textContent).toContain('November 1, 2026')
    const late = within(first!).getByText('Overdue')
    expect(late.closest('.text-destructive-strong')).not.toBeNull()
    expect(within(first!).getByRole('button', { name: 'Close account' })).toBeTruthy()
    expect(second!.textContent).toContain('ops@example.com')
    expect(second!.textContent).toContain('November 21, 2026')
    expect(second!.textContent).toContain('Apellido corregido')
    expect(second!.textContent).toContain('Handled')
    expect(within(second!).queryByRole('button')).toBeNull()
    expect(second!.textContent).not.toContain('Overdue')
  })

  it('closes the account with the reason typed, then focus returns to the row', async () => {
    const calls: { url: string; body: unknown }[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
        if (url.endsWith('/close-account'))
          return json({
            request: {
              ...overdue,
              status: 'done',
              handledBy: 'u1',
              handledByEmail: 'ops@example.com',
              handledAt: '2026-11-25T12:00:00.000Z',
            },
            account: { ok: true, closedAt: '2026-11-25T12:00:00.000Z', purgeAfter: '2027-02-23T12:00:00.000Z', cancelledSubscriptions: 0 },
          })
        return json({ data: [overdue], nextCursor: null })
      }),
    )
    renderPage()
    const trigger = await screen.findByRole('button', { name: 'Close account' })
    trigger.focus()
    fireEvent.click(trigger)
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog!.textContent).toContain("Close Rosa Mella's account?")
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Asked by e-mail on 1 November' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close account' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close account' })))
    expect(calls.find((c) => c.url === '/api/v1/admin/privacy-requests/r1/close-account')?.body).toEqual({
      reason: 'Asked by e-mail on 1 November',
    })
  })

  it('records an e-mailed request: an unknown e-mail is shown on the e-mail field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? json({ status: 422, message: 'No account is registered with this e-mail', errors: { email: 'notFound' } }, 422)
          : json({ data: [], nextCursor: null }),
      ),
    )
    renderPage()
    const form = within((await screen.findByRole('button', { name: 'Record request' })).closest('form')!)
    fireEvent.change(form.getByLabelText('Request'), { target: { value: 'deletion' } })
    fireEvent.change(form.getByLabelText('Account e-mail'), { target: { value: 'nadie@example.com' } })
    expect((form.getByLabelText('Received on') as HTMLInputElement).value).toBe(chileToday())
    fireEvent.click(form.getByRole('button', { name: 'Record request' }))
    await waitFor(() => expect(form.getByLabelText('Account e-mail').getAttribute('aria-invalid')).toBe('true'))
    expect(form.getByText('No account is registered with this e-mail')).toBeTruthy()
  })

  it('isOverdue: only an open request past its deadline', () => {
    const now = Date.parse('2026-11-10T00:00:00Z')
    expect(isOverdue({ status: 'open', dueAt: '2026-11-09T23:59:59Z' }, now)).toBe(true)
    expect(isOverdue({ status: 'open', dueAt: '2026-11-10T00:00:01Z' }, now)).toBe(false)
    expect(isOverdue({ status: 'done', dueAt: '2026-11-01T00:00:00Z' }, now)).toBe(false)
    // Chile's calendar: 02:00 UTC on 1 December is still 30 November in Santiago.
    expect(chileToday(new Date('2026-12-01T02:00:00Z'))).toBe('2026-11-30')
  })
})
