// Charts shared by the client's progress page and the trainer's client page (issue 25).
export { TrendChart, type DayValue, type TrendChartProps } from './trend-chart'
export { WeekBarsChart, type WeekBarsChartProps, type WeekSessions } from './week-bars-chart'
export { ChartTable } from './chart-table'
export { dayLabel, dayToTime } from './chart-dates'
