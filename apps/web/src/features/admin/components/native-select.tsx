import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

/** The browser's own select, styled like components/ui/input (keyboard and screen readers for free). */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-sm shadow-sm focus-visible:border-ring aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  )
}
