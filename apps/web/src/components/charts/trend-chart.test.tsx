import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { niceAxis, TrendChart } from './trend-chart'
import { countTicks, WeekBarsChart } from './week-bars-chart'

// jsdom lays nothing out: the charts' box is given a phone's width, as a browser would measure it.
const clientWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!
beforeAll(() => {
  Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 343 })
})
afterAll(() => {
  Object.defineProperty(Element.prototype, 'clientWidth', clientWidth)
})

/** A pointer at `x` px from the plot's left edge (jsdom has no PointerEvent; React reads clientX). */
const pointAt = (target: Element, x: number) => fireEvent(target, new MouseEvent('pointermove', { bubbles: true, clientX: x }))

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

  it('draws two years of daily values as one line through every point, with round value labels', () => {
    const points = Array.from({ length: 730 }, (_, n) => ({
      day: new Date(Date.UTC(2024, 10, 28 + n, 12)).toISOString().slice(0, 10),
      value: 90 - n * 0.01,
    }))
    const { container } = render(<TrendChart points={points} title="Peso" formatValue={kg} locale="es-CL" table={table} />)
    const path = container.querySelector('path.trend-line')!.getAttribute('d')!
    expect(path.split('L')).toHaveLength(730)
    const labels = [...container.querySelectorAll('svg text')].map((t) => t.textContent)
    expect(labels.filter((l) => l?.endsWith(' kg'))).toEqual(['82 kg', '84 kg', '86 kg', '88 kg', '90 kg', '92 kg'])
    // Over two years a date label is a month and year, in Spanish, every six months at a phone's width.
    expect(labels.filter((l) => !l?.endsWith(' kg'))).toEqual(['ene 25', 'jul 25', 'ene 26', 'jul 26'])
  })

  it('shows the nearest day’s value where the reader points, and hides it when they leave', () => {
    const points = [
      { day: '2026-11-01', value: 80 },
      { day: '2026-11-11', value: 79.5 },
      { day: '2026-11-21', value: 78 },
    ]
    const { container } = render(<TrendChart points={points} title="Peso" formatValue={kg} locale="es-CL" table={table} />)
    const area = container.querySelector('rect[fill="transparent"]')!
    // The plot spans 64 → 335 px: 20 days over 271 px; 140 px from its edge is nearer the 11th.
    pointAt(area, 140)
    expect(screen.getByText('11 nov 2026')).toBeTruthy()
    // Three weeks at a phone's width: a label each Monday, on its day's point (noon), not at a midnight.
    const dates = [...container.querySelectorAll('svg text')].filter((t) => t.textContent?.endsWith('nov'))
    expect(dates.map((t) => t.textContent)).toEqual(['2 nov', '9 nov', '16 nov'])
    // 64 px + 271 px × 1 day / 20 days for the 2nd (a point at noon of the 2nd).
    expect(Number(dates[0]!.getAttribute('x'))).toBeCloseTo(64 + 271 / 20, 5)
    expect(screen.getByText('Peso: 79,5 kg')).toBeTruthy()
    fireEvent(area, new MouseEvent('pointerout', { bubbles: true }))
    expect(screen.queryByText('11 nov 2026')).toBeNull()
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

  it('draws a bar per series and week, a legend, and a week’s figures where the reader points', () => {
    const weeks = [
      { weekStart: '2026-11-16', assigned: 3, done: 1 },
      { weekStart: '2026-11-23', assigned: 4, done: 2 },
    ]
    const labels = { done: 'Done', assigned: 'Assigned', week: 'Week of', summary: 'Table' }
    const { container } = render(<WeekBarsChart weeks={weeks} title="Sessions" locale="en-GB" labels={labels} />)
    const bars = [...container.querySelectorAll('g > rect')].filter((r) => r.getAttribute('fill') !== 'transparent')
    expect(bars).toHaveLength(4)
    // Done (2) is half as tall as assigned (4) in the second week.
    const [, , assigned, done] = bars.map((r) => Number(r.getAttribute('height')))
    expect(done! * 2).toBeCloseTo(assigned!, 5)
    expect(screen.getAllByText('Done')).toHaveLength(1)
    const secondWeek = [...container.querySelectorAll('svg g')].filter((g) => g.querySelector('rect'))[1]!
    fireEvent(secondWeek, new MouseEvent('pointerover', { bubbles: true }))
    expect(screen.getByText('23 Nov 2026')).toBeTruthy()
    expect(screen.getByText('Done: 2')).toBeTruthy()
  })
})

describe('countTicks', () => {
  it('gives whole numbers from zero, at most five', () => {
    expect(countTicks(1)).toEqual([0, 1])
    expect(countTicks(4)).toEqual([0, 1, 2, 3, 4])
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8])
  })
})

describe('niceAxis', () => {
  it('gives round, evenly spaced ticks around the values', () => {
    expect(niceAxis([{ v: 78.5 }, { v: 90.6 }])).toEqual({ domain: [75, 95], ticks: [75, 80, 85, 90, 95] })
    expect(niceAxis([{ v: 80.5 }, { v: 79.9 }])).toEqual({ domain: [79.5, 81], ticks: [79.5, 80, 80.5, 81] })
    expect(niceAxis([{ v: 82.5 }]).ticks).toEqual([82, 82.5, 83])
  })
})
