import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'

/**
 * The button and skeleton of components/ui with the same classes, for what every first load needs
 * (landing page, error pages): without tailwind-merge (~8 KB gzipped) and Radix Slot (decision 013).
 * Class strings are joined, not merged, so callers pass only classes that do not fight the base;
 * the one conflict in use (`rounded-*` over the base `rounded-md`) is handled below.
 * components/ui/button.tsx takes its variants from here.
 */
export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-[color,background-color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg:not([class*='size-'])]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        destructive: 'bg-destructive text-white shadow-sm hover:bg-destructive/90',
        outline: 'border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 px-3 text-xs',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

type ButtonVariants = VariantProps<typeof buttonVariants>

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
  return <div data-slot="skeleton" className={className ? `animate-pulse rounded-md bg-muted ${className}` : 'animate-pulse rounded-md bg-muted'} {...props} />
}
