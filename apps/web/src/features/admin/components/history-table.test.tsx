import { render, screen, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemoryRouter } from 'react-router'
import { chooseLanguage, prepareLanguage } from '@/lib/i18n'
import { HistoryTable, type HistoryRow } from './history-table'

// Issue 23 point 7: history and audit rows read as sentences with before → after in the console's
// language (plans by name, rates in percent, amounts in CLP), reasons written by the server in
// words, accounts by name linked to their page; the codes stay visible beside the words.

const operator = { id: 'op-1', email: 'ops@example.com', role: 'platform_admin' }
const row = (over: Partial<HistoryRow>): HistoryRow => ({
  at: '2026-11-25T06:30:00.000Z',
  action: 'x',
  actor: operator,
  actorRef: { name: 'Olivia Operadora', page: null },
  subjectType: null,
  subjectId: null,
  subjectRef: null,
  ip: '127.0.0.1',
  reason: null,
  before: null,
  after: null,
  ...over,
})

const ROWS: HistoryRow[] = [
  row({
    id: 'plan',
    action: 'business.update',
    subjectType: 'business',
    subjectId: 'b-1',
    subjectRef: { name: 'Norte Fit', page: { kind: 'gym', id: 'b-1' } },
    reason: 'Contrato Enterprise firmado',
    before: { subscriptionPlan: 'business', commissionRates: { trainer: 0.6, gym: 0.35, platform: 0.05 } },
    after: { subscriptionPlan: 'enterprise', commissionRates: { trainer: 0.6, gym: 0.3, platform: 0.1 } },
  }),
  row({
    id: 'lead',
    action: 'lead.status',
    subjectType: 'lead',
    subjectId: 'l-1',
    before: { status: 'new' },
    after: { status: 'contacted' },
  }),
  row({
    id: 'refund',
    action: 'client.refund',
    actor: { id: 't-1', email: 'coach@example.com', role: 'trainer' },
    actorRef: { name: 'Gabriel Gym', page: { kind: 'trainer', id: 't-1' } },
    subjectType: 'client_payment',
    subjectId: '7f9a0c1e-0000-4000-8000-000000000001',
    subjectRef: { name: 'Carla Cliente', page: null },
    after: { amountClp: 10_000 },
  }),
  row({ id: 'sessions', action: 'session.revoke_all', subjectType: 'user', reason: 'password reset', after: { sessions: 2 } }),
  row({ id: 'mail', action: 'user.mail_resend', after: { kind: 'password_set', to: 'coach@example.com' } }),
  row({
    id: 'failures',
    action: 'auth.login_failures',
    actor: { id: null, email: null, role: null },
    actorRef: null,
    subjectType: 'email',
    subjectId: 'ghost@example.com',
    after: { scope: 'account', email: 'ghost@example.com', failures: 10, windowMinutes: 60, lockout: false },
  }),
  row({ id: 'future', action: 'payout.hold', before: { held: false }, after: { held: true, days: 7 } }),
]

function renderRows(rows = ROWS) {
  render(
    <MemoryRouter>
      <HistoryTable withSubject label="History" rows={rows} emptyTitle="None" />
    </MemoryRouter>,
  )
  return screen.getByRole('table')
}
const rowOf = (table: HTMLElement, text: string | RegExp) =>
  within(table)
    .getAllByRole('row')
    .find((r) => (typeof text === 'string' ? r.textContent?.includes(text) : text.test(r.textContent ?? '')))!

beforeAll(async () => {
  await prepareLanguage('en', ['admin', 'errors'])
})
afterAll(async () => {
  await chooseLanguage('en')
})

describe('HistoryTable in English', () => {
  it('tells each row as a sentence with before → after; no JSON, no fraction of one', () => {
    const table = renderRows()
    const plan = rowOf(table, "Changed the gym's plan or commission split")
    expect(plan.textContent).toContain('Plan: Business → Enterprise')
    expect(plan.textContent).toContain('Split (trainer / gym / platform): 60% / 35% / 5% → 60% / 30% / 10%')
    expect(rowOf(table, 'Moved the request from New to Contacted').textContent).toContain('Status: New → Contacted')
    expect(rowOf(table, /Refunded CLP\s10,000 of a client's payment/)).toBeTruthy()
    expect(rowOf(table, 'Ended 2 open sessions')).toBeTruthy()
    expect(rowOf(table, 'Sent a link to set the password to coach@example.com')).toBeTruthy()
    expect(rowOf(table, '10 failed sign-ins within 60 minutes on ghost@example.com')).toBeTruthy()
    // An action the console has no words for yet: its values key by key, still no JSON.
    expect(rowOf(table, 'payout.hold').textContent).toContain('held: No → Yes')
    expect(rowOf(table, 'payout.hold').textContent).toContain('days: 7')
    expect(table.textContent).not.toMatch(/[{}"]|0\.35|amountClp/)
  })

  it('names actions and server-written reasons in words, with their codes beside them', () => {
    const table = renderRows()
    const refund = rowOf(table, 'Refund to a client')
    expect(within(refund).getByText('client.refund', { selector: 'code' })).toBeTruthy()
    const sessions = rowOf(table, 'Ended 2 open sessions')
    expect(within(sessions).getByText('The password was reset')).toBeTruthy()
    expect(within(sessions).getByText('password reset', { selector: 'code' })).toBeTruthy()
    // An operator's own reason is shown as typed, with no code.
    expect(within(rowOf(table, 'Plan or split changed')).getByText('Contrato Enterprise firmado')).toBeTruthy()
  })

  it('shows accounts by name, linked to their console page; ids only where nothing else is known', () => {
    const table = renderRows()
    const refund = rowOf(table, 'Refund to a client')
    expect(within(refund).getByRole('link', { name: 'Gabriel Gym' }).getAttribute('href')).toBe('/admin/trainers/t-1')
    expect(within(refund).getByText('Carla Cliente').tagName).toBe('SPAN')
    expect(within(refund).getByText('Trainer')).toBeTruthy()
    expect(refund.textContent).not.toContain('7f9a0c1e')
    const plan = rowOf(table, 'Plan or split changed')
    expect(within(plan).getByRole('link', { name: 'Norte Fit' }).getAttribute('href')).toBe('/admin/gyms/b-1')
    expect(within(plan).getByText('Olivia Operadora')).toBeTruthy()
    expect(within(plan).getByText('Operator')).toBeTruthy()
    // An e-mail subject is its own name.
    expect(within(rowOf(table, 'failed sign-ins')).getByText('ghost@example.com', { selector: 'code' })).toBeTruthy()
  })
})

describe('HistoryTable in Spanish', () => {
  it('the same rows in Spanish: sentences, reasons and roles', async () => {
    await chooseLanguage('es')
    const table = renderRows()
    const plan = rowOf(table, 'Cambió el plan o el reparto de comisiones del gimnasio')
    expect(plan.textContent).toContain('Reparto (entrenador / gimnasio / plataforma): 60% / 35% / 5% → 60% / 30% / 10%')
    expect(rowOf(table, 'Movió la solicitud de Nueva a Contactada').textContent).toContain('Estado: Nueva → Contactada')
    expect(rowOf(table, 'Reembolsó $10.000 de un pago de cliente')).toBeTruthy()
    const sessions = rowOf(table, 'Cerró 2 sesiones abiertas')
    expect(within(sessions).getByText('Se restableció la contraseña')).toBeTruthy()
    expect(within(rowOf(table, 'Reembolso a un cliente')).getByText('Entrenador')).toBeTruthy()
    expect(table.textContent).not.toMatch(/Refund|Changed|sessions|[{}"]/)
  })
})
