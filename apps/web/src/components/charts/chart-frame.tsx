import type { ReactNode } from 'react'

/** Space around the plot for the value labels (left) and the date labels (bottom), in px. */
export interface Margin {
  top: number
  right: number
  bottom: number
  left: number
}

/**
 * The plot's frame: horizontal grid lines at the value ticks with their labels on the left, the
 * date labels along the bottom. Colours are the theme's (CSS variables), as the rest of the page.
 * Placed absolutely in its (relative) box: an SVG of fixed width in the flow would keep the box
 * from narrowing, and the chart would never be drawn again at a smaller width.
 */
export function ChartFrame({
  width,
  height,
  margin,
  yTicks,
  y,
  yLabel,
  xTicks,
  children,
}: {
  width: number
  height: number
  margin: Margin
  yTicks: readonly number[]
  y: (value: number) => number
  yLabel: (value: number) => string
  /** Each date label with its x position. */
  xTicks: readonly { x: number; label: string }[]
  children: ReactNode
}) {
  const right = width - margin.right
  const bottom = height - margin.bottom
  return (
    <svg width={width} height={height} className="absolute top-0 left-0 overflow-visible" fill="var(--color-muted-foreground)">
      {yTicks.map((tick) => (
        <g key={tick}>
          <line x1={margin.left} x2={right} y1={y(tick)} y2={y(tick)} stroke="var(--color-border)" />
          <text x={margin.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
            {yLabel(tick)}
          </text>
        </g>
      ))}
      <line x1={margin.left} x2={right} y1={bottom} y2={bottom} stroke="var(--color-border)" />
      {xTicks.map((tick) => (
        <text key={tick.x} x={tick.x} y={bottom + 16} textAnchor="middle">
          {tick.label}
        </text>
      ))}
      {children}
    </svg>
  )
}

/** A small box with the hovered point's figures, placed beside the pointer inside the chart. */
export function ChartTooltip({ x, width, children }: { x: number; width: number; children: ReactNode }) {
  const leftSide = x > width / 2
  return (
    <div
      className="pointer-events-none absolute top-1 z-10 grid gap-0.5 rounded-md border bg-popover px-2 py-1 text-xs text-popover-foreground shadow-md"
      style={leftSide ? { right: width - x + 8 } : { left: x + 8 }}
    >
      {children}
    </div>
  )
}
