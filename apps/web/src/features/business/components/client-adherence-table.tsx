import type { GymAdherence } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Activity } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState, LoadError, LoadingState } from '@/components/states'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { api } from '@/lib/api-client'
import { useFormat } from '@/lib/i18n'

/** Weeks shown: this one and the three before (Santiago, Monday to Sunday). */
const WEEKS = 4

type Row = GymAdherence['data'][number]

/** Sessions done / assigned over the weeks; null when nothing was assigned. */
const total = (row: Row) => {
  const assigned = row.weeks.reduce((sum, w) => sum + w.assigned, 0)
  const done = row.weeks.reduce((sum, w) => sum + w.done, 0)
  return { assigned, done, rate: assigned ? done / assigned : null }
}

/**
 * The gym owner's view of how their trainers' clients keep up (issue 25, decision 209): adherence
 * only, from GET /business/client-adherence — the API never gives an owner measurements or photos.
 */
export function ClientAdherenceTable({ gymId }: { gymId: string | undefined }) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard.adherence' })
  const format = useFormat()
  const captionId = useId()
  const query = useQuery({
    queryKey: ['business', 'client-adherence', gymId ?? 'none', WEEKS],
    queryFn: () => api.get<GymAdherence>(`/business/client-adherence?weeks=${WEEKS}`),
    enabled: Boolean(gymId),
  })
  if (!gymId) return null
  const rows = query.data?.data ?? []
  const words = (done: number, assigned: number, rate: number | null) =>
    assigned ? t('value', { done, assigned, percent: format.percent(rate ?? 0) }) : t('none')
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Activity className="size-5 text-primary" aria-hidden="true" />
          <h2 id={captionId}>{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description', { count: WEEKS })}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingState label={t('loading')} rows={2} />
        ) : query.isError ? (
          <LoadError error={query.error} fallback={t('loadFailed')} onRetry={() => void query.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title={t('empty')} hint={t('emptyHint')} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm" aria-labelledby={captionId}>
              <thead className="border-b text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('trainer')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('client')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('thisWeek')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('lastWeeks', { count: WEEKS })}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const week = row.weeks.at(-1)
                  const all = total(row)
                  return (
                    <tr key={`${row.trainerId}:${row.clientUserId}`} className="border-b last:border-0" data-testid="adherence-row">
                      <td className="py-2 pr-4">{row.trainerName}</td>
                      <th scope="row" className="py-2 pr-4 font-medium">
                        {row.clientName}
                      </th>
                      <td className="py-2 pr-4 tabular-nums">{week ? words(week.done, week.assigned, week.rate) : t('none')}</td>
                      <td className="py-2 tabular-nums">{words(all.done, all.assigned, all.rate)}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
