import { memo, useId, useMemo } from 'react'
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartTable } from './chart-table'
import { dayLabel, tickLabel } from './chart-dates'

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

/**
 * Adherence per week: sessions assigned (light bar) and done (solid bar) side by side, weeks
 * labelled by their Monday. Hidden from screen readers; `description` and the table say it.
 */
export const WeekBarsChart = memo(function WeekBarsChart({ weeks, title, locale, labels, description, height = 200 }: WeekBarsChartProps) {
  const captionId = useId()
  const data = useMemo(() => weeks.map((w) => ({ week: w.weekStart, assigned: w.assigned, done: w.done })), [weeks])
  const top = Math.max(1, ...weeks.map((w) => w.assigned))
  return (
    <figure className="grid gap-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-medium">
        {title}
      </figcaption>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      <div aria-hidden="true" style={{ height }} className="w-full text-xs">
        <BarChart
          data={data}
          responsive
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="week"
            tickFormatter={(day: string) => tickLabel(Date.parse(`${day}T12:00:00Z`), locale, 0)}
            tick={{ fill: 'var(--color-muted-foreground)' }}
            stroke="var(--color-border)"
            minTickGap={8}
          />
          <YAxis
            allowDecimals={false}
            domain={[0, top]}
            width={28}
            tick={{ fill: 'var(--color-muted-foreground)' }}
            stroke="var(--color-border)"
          />
          <Tooltip
            isAnimationActive={false}
            labelFormatter={(day) => dayLabel(String(day), locale)}
            cursor={{ fill: 'var(--color-muted)' }}
          />
          <Legend verticalAlign="bottom" height={24} />
          <Bar dataKey="assigned" name={labels.assigned} fill="var(--color-muted-foreground)" fillOpacity={0.3} isAnimationActive={false} />
          <Bar dataKey="done" name={labels.done} fill="var(--color-primary)" isAnimationActive={false} />
        </BarChart>
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
