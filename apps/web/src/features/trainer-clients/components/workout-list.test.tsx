import type { ClientWorkoutList } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { prepareLanguage } from '@/lib/i18n'
import { setSession } from '@/lib/session'
import { WorkoutList } from './workout-list'

const trainer = {
  id: 'u1',
  email: 'coach@example.com',
  firstName: 'Tomás',
  lastName: 'Vera',
  role: 'trainer' as const,
  isActive: true,
  emailVerified: true,
  language: 'es' as const,
  createdAt: '',
  updatedAt: '',
}
const set = (itemKey: string, setNumber: number, reps: number, loadKg: number | null, nameEs: string) => ({
  id: `${itemKey}-${setNumber}`,
  sessionId: 's1',
  exerciseId: itemKey,
  itemKey,
  setNumber,
  reps,
  loadKg,
  seconds: null,
  done: true,
  idempotencyKey: `k-${itemKey}-${setNumber}`,
  performedAt: '2026-11-27T12:00:00.000Z',
  exerciseNameEs: nameEs,
  exerciseNameEn: nameEs,
})
const session = {
  sessionId: 's1',
  assignmentId: 'a1',
  week: 1,
  day: 1,
  scheduledOn: '2026-11-27',
  completedAt: '2026-11-27T12:30:00.000Z',
  comment: 'Me costó la última serie',
  trainerReply: null,
  programId: 'p1',
  programTitle: 'Fuerza base',
  version: 1,
  title: 'Empuje',
  sets: [
    set('w1d1e2', 1, 10, null, 'Sentadilla búlgara'),
    set('w1d1e1', 2, 8, 42.5, 'Press banca'),
    set('w1d1e1', 1, 8, 40, 'Press banca'),
  ],
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeAll(async () => {
  await prepareLanguage('es', ['trainer-clients', 'errors'])
})
afterEach(() => vi.unstubAllGlobals())

function renderList() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WorkoutList clientUserId="c1" clientName="Carla Soto" />
    </QueryClientProvider>,
  )
}

describe('WorkoutList', () => {
  it('shows sets in program order with loads in Spanish, and the answer replaces the form once sent', async () => {
    setSession({ user: trainer, token: 't', refreshToken: 'r' })
    const list: ClientWorkoutList = { data: [session] }
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(list))
      .mockResolvedValueOnce(json({ ...session, trainerReply: 'Sube 2,5 kg' }))
    vi.stubGlobal('fetch', fetchMock)
    renderList()
    const bench = await screen.findByRole('rowheader', { name: 'Press banca' })
    expect(bench.closest('tr')!.textContent).toContain('8 × 40 kg · 8 × 42,5 kg')
    const rows = screen.getAllByRole('rowheader').map((r) => r.textContent)
    expect(rows).toEqual(['Press banca', 'Sentadilla búlgara'])
    expect(screen.getByText('Me costó la última serie')).toBeTruthy()
    expect(screen.getByText('Sin responder: 1')).toBeTruthy()

    // An empty answer is refused on the field, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar respuesta' }))
    await waitFor(() => expect(screen.getByLabelText('Responder a Carla Soto').getAttribute('aria-invalid')).toBe('true'))
    expect(fetchMock).toHaveBeenCalledTimes(1)

    fireEvent.change(screen.getByLabelText('Responder a Carla Soto'), { target: { value: 'Sube 2,5 kg' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar respuesta' }))
    await screen.findByText('Tu respuesta')
    expect(screen.getByText('Sube 2,5 kg')).toBeTruthy()
    expect(screen.queryByLabelText('Responder a Carla Soto')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Editar respuesta' })))
    expect(screen.queryByText('Sin responder: 1')).toBeNull()
    const [url, init] = fetchMock.mock.calls[1]!
    expect(String(url)).toMatch(/\/api\/v1\/trainer\/workouts\/s1\/reply$/)
    expect(init.method).toBe('PUT')
    expect(JSON.parse(init.body as string)).toEqual({ reply: 'Sube 2,5 kg' })
  })
})
