import { scaleBand, scaleLinear } from 'd3-scale'
import { memo, useId, useMemo, useState } from 'react'
import { ChartFrame, ChartTooltip, type Margin } from './chart-frame'
import { ChartTable } from './chart-table'
import { dayLabel, dayToTime, tickLabel } from './chart-dates'
import { useWidth } from './use-width'

/** One Santiago week: its Monday and the sessions assigned and done (the API's WeekAdherence fits). */
export interface WeekSessions {
  weekStart: string
  assigned: number
  done: number
}

export interface WeekBarsChartProps {
  /** Weeks oldest first (the API's order). Pass a memoised array. */
  weeks: readonly WeekSessions[]
  /** What is drawn ("Sesiones por semana"): the caption. */
  title: string
  /** BCP 47 locale of the reader for dates ("es-CL", "en-GB"). */
  locale: string
  /** Words: the two series, the week column, the table toggle. */
  labels: { done: string; assigned: string; week: string; summary: string }
  /** A sentence read before the chart, e.g. "Esta semana: 2 de 3 sesiones". */
  description?: string
  /** Pixel height of the plot (default 200). */
  height?: number
}

const MARGIN: Margin = { top: 8, right: 8, bottom: 24, left: 28 }
const ASSIGNED = { fill: 'var(--color-muted-foreground)', fillOpacity: 0.3 }
const DONE = { fill: 'var(--color-primary)' }
/** About one week label per this many pixels. */
const PX_PER_LABEL = 56

/** Whole-number ticks from 0 to `top`, at most five. */
export function countTicks(top: number) {
  const step = Math.max(1, Math.ceil(top / 4))
  const ticks: number[] = []
  for (let tick = 0; tick < top + step; tick += step) ticks.push(tick)
  return ticks
}

/**
 * Adherence per week: sessions assigned (light bar) and done (solid bar) side by side, weeks
 * labelled by their Monday, drawn with d3's scales (decision 251). Pointing at a week shows its
 * figures. Hidden from screen readers; `description` and the table say it.
 */
export const WeekBarsChart = memo(function WeekBarsChart({ weeks, title, locale, labels, description, height = 200 }: WeekBarsChartProps) {
  const captionId = useId()
  const [box, width] = useWidth<HTMLDivElement>()
  const [active, setActive] = useState<number | null>(null)
  const ticks = useMemo(() => countTicks(Math.max(1, ...weeks.flatMap((w) => [w.assigned, w.done]))), [weeks])
  const plot = useMemo(() => {
    if (!width || !weeks.length) return null
    const x = scaleBand<string>()
      .domain(weeks.map((w) => w.weekStart))
      .range([MARGIN.left, width - MARGIN.right])
      .paddingInner(0.25)
      .paddingOuter(0.1)
    const y = scaleLinear()
      .domain([0, ticks.at(-1)!])
      .range([height - MARGIN.bottom, MARGIN.top])
    const every = Math.max(1, Math.ceil(weeks.length / Math.max(1, Math.floor((width - MARGIN.left - MARGIN.right) / PX_PER_LABEL))))
    const xTicks = weeks
      .filter((_, i) => (weeks.length - 1 - i) % every === 0)
      .map((w) => ({ x: x(w.weekStart)! + x.bandwidth() / 2, label: tickLabel(dayToTime(w.weekStart), locale, 0) }))
    return { x, y, xTicks }
  }, [width, height, weeks, ticks, locale])
  const shown = active === null ? undefined : weeks[active]

  return (
    <figure className="grid gap-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-medium">
        {title}
      </figcaption>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      <div aria-hidden="true" className="grid gap-1 text-xs">
        <div ref={box} style={{ height }} className="relative w-full">
          {plot ? (
            <ChartFrame width={width} height={height} margin={MARGIN} yTicks={ticks} y={plot.y} yLabel={String} xTicks={plot.xTicks}>
              {weeks.map((w, i) => {
                const left = plot.x(w.weekStart)!
                const bar = plot.x.bandwidth() / 2
                const base = plot.y(0)
                return (
                  <g
                    key={w.weekStart}
                    onPointerEnter={() => setActive(i)}
                    onPointerDown={() => setActive(i)}
                    onPointerLeave={() => setActive(null)}
                  >
                    <rect
                      x={left}
                      y={MARGIN.top}
                      width={bar * 2}
                      height={base - MARGIN.top}
                      fill={i === active ? 'var(--color-muted)' : 'transparent'}
                    />
                    <rect x={left} y={plot.y(w.assigned)} width={bar} height={base - plot.y(w.assigned)} {...ASSIGNED} />
                    <rect x={left + bar} y={plot.y(w.done)} width={bar} height={base - plot.y(w.done)} {...DONE} />
                  </g>
                )
              })}
            </ChartFrame>
          ) : null}
          {plot && shown ? (
            <ChartTooltip x={plot.x(shown.weekStart)! + plot.x.bandwidth() / 2} width={width}>
              <span>{dayLabel(shown.weekStart, locale)}</span>
              <span>
                {labels.assigned}: {shown.assigned}
              </span>
              <span className="font-semibold">
                {labels.done}: {shown.done}
              </span>
            </ChartTooltip>
          ) : null}
        </div>
        <p className="flex justify-center gap-4 text-muted-foreground">
          {(
            [
              [labels.assigned, ASSIGNED],
              [labels.done, DONE],
            ] as const
          ).map(([name, look]) => (
            <span key={name} className="flex items-center gap-1">
              <svg width="10" height="10" aria-hidden="true">
                <rect width="10" height="10" {...look} />
              </svg>
              {name}
            </span>
          ))}
        </p>
      </div>
      <ChartTable
        summary={labels.summary}
        caption={title}
        columns={[labels.week, labels.done, labels.assigned]}
        rows={() => weeks.toReversed().map((w) => [dayLabel(w.weekStart, locale), String(w.done), String(w.assigned)])}
      />
    </figure>
  )
})
