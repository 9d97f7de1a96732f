import type { AdminRef } from '@app/contracts'
import { Link } from 'react-router'

const PAGES = { trainer: '/admin/trainers', gym: '/admin/gyms', lead: '/admin/leads' } as const

/** The console page of what a ref names (a trainer, a gym, a request). */
export const refPath = (page: NonNullable<AdminRef['page']>) => `${PAGES[page.kind]}/${encodeURIComponent(page.id)}`

/** Who or what a row names: its name, a link to its console page when it has one. */
export function RefLink({ value, className }: { value: AdminRef; className?: string }) {
  return value.page ? (
    <Link to={refPath(value.page)} className={`font-medium break-words text-primary underline-offset-4 hover:underline ${className ?? ''}`}>
      {value.name}
    </Link>
  ) : (
    <span className={`font-medium break-words ${className ?? ''}`}>{value.name}</span>
  )
}
