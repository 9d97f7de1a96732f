import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Card } from '@/components/ui/card'
import { LoadError, LoadingState } from '@/components/states'

/** One record's page: loading, error (404 included), then the record. */
export function DetailStates<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('admin')
  if (query.isPending)
    return (
      <Card className="py-0">
        <LoadingState label={t('loading')} />
      </Card>
    )
  if (query.isError)
    return (
      <Card className="py-0">
        <LoadError error={query.error} fallback={t('loadFailed')} onRetry={() => void query.refetch()} />
      </Card>
    )
  return <>{children(query.data)}</>
}

/** Label / value pairs of a record. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
