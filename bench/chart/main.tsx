// npm run bench:chart's page: the progress page's TrendChart (apps/web/src/components/charts) with
// two years of daily weights, drawn on demand so bench/chart.mjs can time each draw.
import { createRoot, type Root } from 'react-dom/client'
import { TrendChart, type DayValue } from '../../apps/web/src/components/charts'

/** 731 Santiago days of weights: a slow drift with day-to-day noise (a fixed seed: every run the same). */
function twoYears(): DayValue[] {
  let seed = 42
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
  const start = Date.UTC(2024, 10, 27, 12)
  return Array.from({ length: 731 }, (_, i) => ({
    day: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    value: Math.round((82 - i * 0.008 + Math.sin(i / 40) + (random() - 0.5) * 0.8) * 10) / 10,
  }))
}

const kg = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 })
const formatValue = (v: number) => `${kg.format(v)} kg`
const table = { summary: 'Ver como tabla', day: 'Día', value: 'Peso' }
let root: Root | null = null

declare global {
  interface Window {
    draw: () => Promise<number>
  }
}

/** Mounts a fresh chart with new data and resolves with ms from the render call to the frame after the line is in the page. */
window.draw = () => {
  root?.unmount()
  const container = document.getElementById('root')!
  root = createRoot(container)
  const points = twoYears()
  return new Promise((resolve) => {
    const started = performance.now()
    const drawn = () => container.querySelector('path.recharts-line-curve[d]')
    const observer = new MutationObserver(() => {
      if (!drawn()) return
      observer.disconnect()
      // The frame that paints it: its callbacks run just before the paint.
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)))
    })
    observer.observe(container, { subtree: true, childList: true, attributes: true })
    root!.render(
      <TrendChart points={points} title="Peso corporal" formatValue={formatValue} locale="es-CL" table={table} color="#0f766e" />,
    )
  })
}
