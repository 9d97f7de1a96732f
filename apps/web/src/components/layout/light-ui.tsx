import { buttonVariants, type ButtonVariants } from '@/components/ui/button-variants'
import type * as React from 'react'

/**
 * The button and skeleton of components/ui with the same classes, for what every first load needs
 * (landing page, error pages): without tailwind-merge (~8 KB gzipped) and Radix Slot (decision 013).
 * Class strings are joined, not merged, so callers pass only classes that do not fight the base;
 * the one conflict in use (`rounded-*` over the base `rounded-md`) is handled below.
 * The variants come from components/ui/button-variants.ts, like those of components/ui/button.tsx.
 */
// Re-exported for the landing page's components, which import their button from here.
export { buttonVariants }

/** buttonVariants plus extra classes; a `rounded-*` class replaces the base `rounded-md`. */
export function buttonClasses({ className, ...variants }: ButtonVariants & { className?: string }) {
  const base = buttonVariants(variants)
  if (!className) return base
  return `${/(?:^|\s)rounded-/.test(className) ? base.replace(/(^|\s)rounded-md(?=\s|$)/, '$1') : base} ${className}`
}

export function Button({ className, variant, size, ...props }: React.ComponentProps<'button'> & ButtonVariants) {
  return <button data-slot="button" className={buttonClasses({ variant, size, className })} {...props} />
}

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      className={className ? `animate-pulse rounded-md bg-muted ${className}` : 'animate-pulse rounded-md bg-muted'}
      {...props}
    />
  )
}
