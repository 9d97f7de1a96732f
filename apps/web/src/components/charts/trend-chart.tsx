import { memo, useId, useMemo } from 'react'
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartTable } from './chart-table'
import { dayLabel, dayToTime, tickLabel } from './chart-dates'

/** One value on one Santiago day (YYYY-MM-DD). */
export interface DayValue {
  day: string
  value: number
}

export interface TrendChartProps {
  /** The values, oldest first (the API's order). Pass a memoised array: a new array redraws. */
  points: readonly DayValue[]
  /** What is drawn ("Peso corporal"): the figure's caption and the table's. */
  title: string
  /** A value with its unit in the reader's language, e.g. (72.4) → "72,4 kg" in es-CL. */
  formatValue: (value: number) => string
  /** BCP 47 locale of the reader for dates ("es-CL", "en-GB"). */
  locale: string
  /** Texts of the table alternative: the toggle, and the two column headings. */
  table: { summary: string; day: string; value: string }
  /** A sentence read before the chart, e.g. "De 80 kg a 75,5 kg: −4,5 kg". Shown as text. */
  description?: string
  /** Pixel height of the plot (default 220). */
  height?: number
  /** Line colour (a CSS colour; default the theme's primary). */
  color?: string
}

/** At most five round ticks (steps of 1, 2, 2.5 or 5 × 10ⁿ) around the values, with a margin. */
export function niceAxis(data: readonly { v: number }[]) {
  let min = Infinity
  let max = -Infinity
  for (const p of data) {
    if (p.v < min) min = p.v
    if (p.v > max) max = p.v
  }
  if (!Number.isFinite(min)) return { domain: [0, 1] as [number, number], ticks: [0, 1] }
  const span = Math.max(max - min, Math.abs(max) * 0.02, 1)
  const raw = span / 4
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power
  // A quarter step of air, so no value sits on the plot's edge.
  const low = Math.floor((min - step / 4) / step) * step
  const high = Math.ceil((max + step / 4) / step) * step
  const ticks: number[] = []
  for (let tick = low; tick <= high + step / 2; tick += step) ticks.push(Math.round(tick * 1000) / 1000)
  return { domain: [ticks[0]!, ticks.at(-1)!] as [number, number], ticks }
}

/**
 * A value over time (weight, a measurement) as a line: no dots and no animation, so two years of
 * daily values (≈730 points) draw in one pass; the time axis is proportional (gaps show as gaps
 * in time). The picture is hidden from screen readers: `description` and the table say the same.
 */
export const TrendChart = memo(function TrendChart({
  points,
  title,
  formatValue,
  locale,
  table,
  description,
  height = 220,
  color = 'var(--color-primary)',
}: TrendChartProps) {
  const captionId = useId()
  const data = useMemo(() => points.map((p) => ({ t: dayToTime(p.day), v: p.value })), [points])
  const spanDays = data.length > 1 ? (data.at(-1)!.t - data[0]!.t) / 86_400_000 : 0
  const axis = useMemo(() => niceAxis(data), [data])
  return (
    <figure className="grid gap-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-medium">
        {title}
      </figcaption>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      <div aria-hidden="true" style={{ height }} className="w-full text-xs">
        <LineChart
          data={data}
          responsive
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(time: number) => tickLabel(time, locale, spanDays)}
            minTickGap={24}
            tick={{ fill: 'var(--color-muted-foreground)' }}
            stroke="var(--color-border)"
          />
          <YAxis
            domain={axis.domain}
            ticks={axis.ticks}
            tickFormatter={formatValue}
            width={64}
            tick={{ fill: 'var(--color-muted-foreground)' }}
            stroke="var(--color-border)"
          />
          <Tooltip
            isAnimationActive={false}
            labelFormatter={(time) => dayLabel(Number(time), locale)}
            formatter={(value) => [formatValue(Number(value)), title]}
          />
          <Line type="linear" dataKey="v" stroke={color} strokeWidth={2} dot={false} activeDot={{ r: 4 }} isAnimationActive={false} />
        </LineChart>
      </div>
      <ChartTable
        summary={table.summary}
        caption={title}
        columns={[table.day, table.value]}
        rows={() => points.toReversed().map((p) => [dayLabel(p.day, locale), formatValue(p.value)])}
      />
    </figure>
  )
})
