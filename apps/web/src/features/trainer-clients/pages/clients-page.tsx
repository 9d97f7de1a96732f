import { Users } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { EmptyState, LoadError, LoadingState } from '@/components/states'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { useFormat } from '@/lib/i18n'
import { useClientList } from '../api/clients-api'
import { ActivityFlag, AdherenceMeter } from '../components/adherence'
import { ClientsFrame } from '../components/clients-frame'
import { CLIENT_SORTS, visibleClients, type ClientFilter, type ClientSort } from '../lib/client-list'
import { relativeDay } from '../lib/days'

/** /dashboard/clientes: every client of the trainer now, the ones not training flagged (filter and sort live in the address). */
export function ClientsPage() {
  const { t, i18n } = useTranslation('trainer-clients', { keyPrefix: 'list' })
  usePageMeta(t('metaTitle'), t('metaDescription'))
  const format = useFormat()
  const sortId = useId()
  const [params, setParams] = useSearchParams()
  const filter: ClientFilter = params.get('filtro') === 'inactivos' ? 'inactive' : 'all'
  const sortParam = params.get('orden') as ClientSort | null
  const sort: ClientSort = sortParam && CLIENT_SORTS.includes(sortParam) ? sortParam : 'inactiveFirst'
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value) next.set(key, value)
        else next.delete(key)
        return next
      },
      { replace: true },
    )

  const list = useClientList()
  const rows = list.data?.data ?? []
  const inactiveCount = rows.filter((r) => r.inactive).length
  const shown = visibleClients(rows, filter, sort)

  return (
    <ClientsFrame back={{ to: '/dashboard', label: t('back') }}>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('intro')}</p>
      </div>
      {list.isPending ? (
        <LoadingState label={t('loading')} />
      ) : list.isError ? (
        <LoadError error={list.error} fallback={t('loadFailed')} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('empty')} hint={t('emptyHint')} icon={<Users className="size-8" aria-hidden="true" />} />
      ) : (
        <section aria-labelledby={`${sortId}-caption`} className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div role="group" aria-label={t('filter')} className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant={filter === 'all' ? 'default' : 'outline'}
                aria-pressed={filter === 'all'}
                onClick={() => set('filtro', null)}
              >
                {t('filterAll', { count: rows.length })}
              </Button>
              <Button
                size="sm"
                variant={filter === 'inactive' ? 'default' : 'outline'}
                aria-pressed={filter === 'inactive'}
                onClick={() => set('filtro', 'inactivos')}
              >
                {t('filterInactive', { count: inactiveCount })}
              </Button>
            </div>
            <div className="grid gap-1">
              <Label htmlFor={sortId}>{t('sort')}</Label>
              <select
                id={sortId}
                value={sort}
                onChange={(event) => set('orden', event.target.value === 'inactiveFirst' ? null : event.target.value)}
                className="h-10 rounded-md border border-input bg-background px-3 text-sm"
              >
                {CLIENT_SORTS.map((value) => (
                  <option key={value} value={value}>
                    {t(`sorts.${value}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="text-sm text-muted-foreground" role="status">
            {t('shown', { count: shown.length })}
          </p>
          {shown.length === 0 ? (
            <EmptyState title={t('emptyInactive')} hint={t('emptyInactiveHint')} />
          ) : (
            <div className="min-w-0 overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <caption id={`${sortId}-caption`} className="sr-only">
                  {t('caption')}
                </caption>
                <thead className="border-b text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('client')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('lastWorkout')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('adherence')}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      {t('status')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((row) => (
                    <tr key={row.clientUserId} className="border-b last:border-0" data-testid="client-row">
                      <th scope="row" className="py-3 pr-4 font-normal">
                        <Link
                          to={`/dashboard/clientes/${row.clientUserId}`}
                          className="font-semibold underline-offset-4 hover:underline"
                          aria-label={t('open', { name: row.name })}
                        >
                          {row.name}
                        </Link>
                        <span className="block text-xs break-all text-muted-foreground">{row.email}</span>
                      </th>
                      <td className="py-3 pr-4">
                        {row.lastWorkoutAt ? (
                          <>
                            <span className="block">{relativeDay(row.lastWorkoutAt, i18n.language)}</span>
                            <span className="block text-xs text-muted-foreground">{format.date(row.lastWorkoutAt)}</span>
                          </>
                        ) : (
                          <span className="text-muted-foreground">{t('never')}</span>
                        )}
                      </td>
                      <td className="py-3 pr-4">
                        <AdherenceMeter week={row.thisWeek} />
                      </td>
                      <td className="py-3">
                        <ActivityFlag inactive={row.inactive} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </ClientsFrame>
  )
}
