import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'

/** One summary card of the dashboard: a title with its icon, then the card's content. */
export function StatCard({
  title,
  icon: Icon,
  className,
  children,
}: {
  title: string
  icon: LucideIcon
  className?: string
  children: ReactNode
}) {
  return (
    <Card className={cn('min-w-0 gap-2', className)}>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">{children}</CardContent>
    </Card>
  )
}

/** A count with a line under it. */
export function StatValue({ value, note, testId }: { value: ReactNode; note: string; testId: string }) {
  return (
    <div className="min-w-0">
      <p className="text-3xl font-bold" data-testid={testId}>
        {value}
      </p>
      <p className="truncate text-xs text-muted-foreground">{note}</p>
    </div>
  )
}
