import type { ReactNode } from 'react'

/**
 * Shows `children` and gives screen readers `label` instead ("3 / 10" read as "3 of 10 trainers").
 * aria-label on a plain <span> or <div> is ignored by screen readers (axe aria-prohibited-attr).
 */
export function Spoken({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span>
      <span aria-hidden="true">{children}</span>
      <span className="sr-only">{label}</span>
    </span>
  )
}
