import { bisector } from 'd3-array'
import { scaleLinear, scaleUtc } from 'd3-scale'
import { line } from 'd3-shape'
import { utcDay, utcMonday, utcMonth, utcYear, type TimeInterval } from 'd3-time'
import { memo, useId, useMemo, useState, type PointerEvent } from 'react'
import { ChartFrame, ChartTooltip, type Margin } from './chart-frame'
import { ChartTable } from './chart-table'
import { dayLabel, dayToTime, tickLabel } from './chart-dates'
import { useWidth } from './use-width'

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

const MARGIN: Margin = { top: 8, right: 8, bottom: 24, left: 64 }
const DAY = 86_400_000
/** About one date label per this many pixels, so that "nov 26" labels never touch. */
const PX_PER_DATE = 56
const byTime = bisector((p: { t: number }) => p.t)
/** Date label steps, shortest first: days, weeks, months, quarters, half-years, years. */
const STEPS: TimeInterval[] = [utcDay, utcDay.every(2)!, utcMonday, utcMonth, utcMonth.every(3)!, utcMonth.every(6)!, utcYear]

/**
 * The date labels' times: at the shortest step that puts at most `count` of them between the first
 * and the last day, each at noon like the days' points (a label sits on its day, not between two).
 */
function dateTicks(first: number, last: number, count: number) {
  const from = new Date(first - DAY / 2)
  const to = new Date(last + 1)
  const step = STEPS.find((s) => s.range(from, to).length <= count) ?? utcYear.every(Math.ceil((utcYear.count(from, to) + 1) / count))!
  return step.range(from, to).map((date) => date.getTime() + DAY / 2)
}

/**
 * A value over time (weight, a measurement) as one SVG line drawn with d3 (scales and the line's
 * path; decision 251): one path for two years of daily values, no dots and no animation, so it
 * draws in one pass; the time axis is proportional (gaps show as gaps in time). Pointing at the
 * plot shows the nearest day's value. The picture is hidden from screen readers: `description`
 * and the table say the same.
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
  const [box, width] = useWidth<HTMLDivElement>()
  const [active, setActive] = useState<number | null>(null)
  const data = useMemo(() => points.map((p) => ({ t: dayToTime(p.day), v: p.value })), [points])
  const axis = useMemo(() => niceAxis(data), [data])
  const plot = useMemo(() => {
    if (!width || !data.length) return null
    const first = data[0]!.t
    const last = data.at(-1)!.t
    // One day alone is drawn in the middle of a three-day span.
    const x = scaleUtc()
      .domain(first === last ? [first - DAY, last + DAY] : [first, last])
      .range([MARGIN.left, width - MARGIN.right])
    const y = scaleLinear()
      .domain(axis.domain)
      .range([height - MARGIN.bottom, MARGIN.top])
    const spanDays = (last - first) / DAY
    const xTicks = dateTicks(first, last, Math.max(2, Math.floor((width - MARGIN.left - MARGIN.right) / PX_PER_DATE))).map((time) => ({
      x: x(time),
      label: tickLabel(time, locale, spanDays),
    }))
    const path = line<{ t: number; v: number }>()
      .x((p) => x(p.t))
      .y((p) => y(p.v))(data)
    return { x, y, xTicks, path: path ?? '' }
  }, [width, height, data, axis, locale])

  const point = (event: PointerEvent<SVGRectElement>) => {
    if (!plot) return
    const time = plot.x.invert(event.clientX - event.currentTarget.getBoundingClientRect().left + MARGIN.left).getTime()
    const i = Math.min(byTime.center(data, time), data.length - 1)
    setActive(i)
  }
  const shown = active === null ? undefined : data[active]

  return (
    <figure className="grid gap-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-medium">
        {title}
      </figcaption>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      <div ref={box} aria-hidden="true" style={{ height }} className="relative w-full text-xs">
        {plot ? (
          <ChartFrame
            width={width}
            height={height}
            margin={MARGIN}
            yTicks={axis.ticks}
            y={plot.y}
            yLabel={formatValue}
            xTicks={plot.xTicks}
          >
            <path className="trend-line" d={plot.path} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" />
            {shown ? <circle cx={plot.x(shown.t)} cy={plot.y(shown.v)} r={4} fill={color} stroke="var(--color-background)" /> : null}
            <rect
              x={MARGIN.left}
              y={MARGIN.top}
              width={Math.max(0, width - MARGIN.left - MARGIN.right)}
              height={Math.max(0, height - MARGIN.top - MARGIN.bottom)}
              fill="transparent"
              onPointerMove={point}
              onPointerDown={point}
              onPointerLeave={() => setActive(null)}
            />
          </ChartFrame>
        ) : null}
        {plot && shown ? (
          <ChartTooltip x={plot.x(shown.t)} width={width}>
            <span>{dayLabel(shown.t, locale)}</span>
            <span className="font-semibold">
              {title}: {formatValue(shown.v)}
            </span>
          </ChartTooltip>
        ) : null}
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
