import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

/** One row of a card's <dl>: an icon standing for the term (named for screen readers) and its value. */
export function IconDetail({
  icon: Icon,
  label,
  children,
  className,
  top = false,
}: {
  icon: LucideIcon
  label: string
  children: ReactNode
  className?: string
  top?: boolean
}) {
  return (
    <div className={cn('flex gap-2', top ? 'items-start' : 'items-center')}>
      <dt>
        <Icon className={cn('size-4 text-muted-foreground', top && 'mt-0.5')} aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className={className}>{children}</dd>
    </div>
  )
}
