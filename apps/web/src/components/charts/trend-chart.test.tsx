import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { niceAxis, TrendChart } from './trend-chart'
import { WeekBarsChart } from './week-bars-chart'

beforeAll(() => {
  // jsdom has no ResizeObserver; recharts' responsive charts ask for one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
})

const kg = (v: number) => `${new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2 }).format(v)} kg`
const table = { summary: 'Ver como tabla', day: 'Día', value: 'Peso' }

describe('TrendChart', () => {
  it('names the chart and gives its values as a table, newest first, in the reader’s language', async () => {
    const points = [
      { day: '2026-11-01', value: 80 },
      { day: '2026-11-02', value: 79.55 },
    ]
    render(
      <TrendChart points={points} title="Peso corporal" formatValue={kg} locale="es-CL" table={table} description="De 80 kg a 79,55 kg" />,
    )
    expect(screen.getByRole('figure', { name: 'Peso corporal' })).toBeTruthy()
    expect(screen.getByText('De 80 kg a 79,55 kg')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    await userEvent.click(screen.getByText('Ver como tabla'))
    const rows = within(screen.getByRole('table', { name: 'Peso corporal' })).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual(['DíaPeso', '2 nov 202679,55 kg', '1 nov 202680 kg'])
  })
})

describe('WeekBarsChart', () => {
  it('lists each week with sessions done and assigned', async () => {
    const weeks = [
      { weekStart: '2026-11-16', assigned: 3, done: 1 },
      { weekStart: '2026-11-23', assigned: 3, done: 3 },
    ]
    const labels = { done: 'Hechas', assigned: 'Asignadas', week: 'Semana del', summary: 'Ver como tabla' }
    render(<WeekBarsChart weeks={weeks} title="Sesiones por semana" locale="en-GB" labels={labels} />)
    await userEvent.click(screen.getByText('Ver como tabla'))
    const rows = within(screen.getByRole('table')).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual(['Semana delHechasAsignadas', '23 Nov 202633', '16 Nov 202613'])
  })
})

describe('niceAxis', () => {
  it('gives round, evenly spaced ticks around the values', () => {
    expect(niceAxis([{ v: 78.5 }, { v: 90.6 }])).toEqual({ domain: [75, 95], ticks: [75, 80, 85, 90, 95] })
    expect(niceAxis([{ v: 80.5 }, { v: 79.9 }])).toEqual({ domain: [79.5, 81], ticks: [79.5, 80, 80.5, 81] })
    expect(niceAxis([{ v: 82.5 }]).ticks).toEqual([82, 82.5, 83])
  })
})
