import type { ReactNode } from 'react'
import { usePageMeta } from '@/components/layout/page-title'

export function PageHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  usePageMeta(title, description)
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </div>
  )
}
