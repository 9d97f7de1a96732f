import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils'
import { EmptyState, LoadError, LoadingState } from '@/components/states'

export interface Column<Row> {
  header: string
  cell: (row: Row) => ReactNode
  className?: string
}

/**
 * A list's table with its loading, empty and error states. On a narrow screen the table scrolls
 * inside its own labelled region (focusable, so the keyboard can scroll it) and the page does not.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  query,
  rowKey,
  emptyTitle,
  emptyHint,
  minWidth = 'min-w-[720px]',
}: {
  label: string
  columns: Column<Row>[]
  rows: Row[] | undefined
  /** The list's query; absent when the rows came with their record (a detail page's history). */
  query?: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch' | 'isFetching'>
  rowKey: (row: Row) => string
  emptyTitle: string
  emptyHint?: string
  /** The table's least width; below it the region scrolls (wide rows stay readable on a phone). */
  minWidth?: string
}) {
  const { t } = useTranslation('admin')
  if (query?.isPending) return <LoadingState label={t('loading')} />
  if (query?.isError) return <LoadError error={query.error} fallback={t('loadFailed')} onRetry={() => void query.refetch()} />
  if (!rows?.length) return <EmptyState title={emptyTitle} hint={emptyHint} />
  return (
    // relative: screen-reader-only text in the cells (Spoken) stays inside the scroller, not beside the page.
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto rounded-md">
      <table className={cn('w-full text-left text-sm', minWidth, query?.isFetching && 'opacity-70')} aria-busy={query?.isFetching ?? false}>
        <caption className="sr-only">{label}</caption>
        <thead className="border-b bg-muted/60 text-xs text-muted-foreground uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn('px-3 py-2 font-medium', column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b last:border-0 hover:bg-muted/40">
              {columns.map((column) => (
                <td key={column.header} className={cn('px-3 py-2 align-top', column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
