import type { AdminMoneySummary } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useFormat } from '@/lib/i18n'
import { getMoneySummary } from '../api/admin-api'
import { LoadError, LoadingState } from '@/components/states'
import type { Language } from '@/lib/language'
import { formatMonth } from '../lib/console-format'

/** The figure cards and the short lists (trials ending, past due) of the Money page, from one request. */
export function MoneySummary() {
  const { t } = useTranslation('admin')
  const query = useQuery({ queryKey: ['admin', 'money', 'summary'], queryFn: getMoneySummary })
  if (query.isPending) return <LoadingState label={t('loading')} />
  if (query.isError) return <LoadError error={query.error} fallback={t('loadFailed')} onRetry={() => void query.refetch()} />
  return <Figures summary={query.data} />
}

function Figures({ summary }: { summary: AdminMoneySummary }) {
  const { t, i18n } = useTranslation('admin')
  const format = useFormat()
  const { mrr } = summary
  const thisMonth = summary.commission.at(-1)?.clp ?? 0
  return (
    <section aria-label={t('money.summaryLabel')} className="grid min-w-0 gap-4 [&>*]:min-w-0">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure title={t('money.mrr')} value={format.clp(mrr.totalClp)}>
          {t('money.mrrHint', {
            clients: format.clp(mrr.clients.clp),
            clientCount: mrr.clients.count,
            platform: format.clp(mrr.platform.clp),
            platformCount: mrr.platform.count,
          })}
          {mrr.platform.unpriced ? <span className="block">{t('money.unpriced', { count: mrr.platform.unpriced })}</span> : null}
        </Figure>
        <Figure title={t('money.trials')} value={format.number(summary.trialsEnding.count)} />
        <Figure title={t('money.pastDue')} value={format.number(summary.pastDue.count)} />
        <Figure title={t('money.commission')} value={format.clp(thisMonth)}>
          {t('money.commissionTotal', { total: format.clp(summary.commissionTotalClp) })}
        </Figure>
      </div>
      {summary.flagged.count ? <Flagged flagged={summary.flagged} /> : null}
      <div className="grid gap-4 lg:grid-cols-3 [&>*]:min-w-0">
        <Card className="gap-2">
          <CardHeader>
            <CardTitle className="text-base">{t('money.trials')}</CardTitle>
          </CardHeader>
          <CardContent>
            {summary.trialsEnding.data.length ? (
              <ul className="grid gap-2 text-sm">
                {summary.trialsEnding.data.map((trial) => (
                  <li key={trial.subscriptionId} className="grid">
                    <Link
                      to={`/admin/trainers/${trial.userId}`}
                      className="truncate font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {trial.email}
                    </Link>
                    <span className="text-muted-foreground">
                      {t(`planKey.${trial.planKey}`, { defaultValue: trial.planKey })} ·{' '}
                      {t('money.endsAt', { date: format.date(trial.trialEndsAt) })}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{t('money.noTrials')}</p>
            )}
          </CardContent>
        </Card>
        <Card className="gap-2">
          <CardHeader>
            <CardTitle className="text-base">{t('money.pastDue')}</CardTitle>
          </CardHeader>
          <CardContent>
            {summary.pastDue.data.length ? (
              <ul className="grid gap-2 text-sm">
                {summary.pastDue.data.map((due) => (
                  <li key={due.subscriptionId} className="grid">
                    <span className="truncate font-medium">{due.email}</span>
                    <span className="text-muted-foreground">
                      {due.kind === 'client' ? t('money.kindClient') : t('money.kindPlatform')} ·{' '}
                      {due.priceClp === null ? '—' : format.clp(due.priceClp)} · {t('money.since', { date: format.date(due.since) })}
                    </span>
                    {due.trainerUserId ? (
                      <Link
                        to={`/admin/trainers/${due.trainerUserId}`}
                        className="w-fit text-xs text-primary underline-offset-4 hover:underline"
                      >
                        {t('money.trainerLink', { name: due.trainerName ?? '—' })}
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{t('money.noPastDue')}</p>
            )}
          </CardContent>
        </Card>
        <Card className="gap-2">
          <CardHeader>
            <CardTitle className="text-base">{t('money.commissionByMonth')}</CardTitle>
          </CardHeader>
          <CardContent>
            <table className="w-full text-sm">
              <caption className="sr-only">{t('money.commissionByMonth')}</caption>
              <thead className="text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="py-1 text-left font-medium">
                    {t('money.month')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('money.columns.platform')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...summary.commission].reverse().map((month) => (
                  <tr key={month.month} className="border-t">
                    <td className="py-1">{formatMonth(month.month, i18n.language as Language)}</td>
                    <td className="py-1 text-right tabular-nums">{format.clp(month.clp)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      </div>
    </section>
  )
}

/** Payments booked with a flag (issue 19): shown only when there is one to look at. */
function Flagged({ flagged }: { flagged: AdminMoneySummary['flagged'] }) {
  const { t } = useTranslation('admin')
  const format = useFormat()
  return (
    <Card className="gap-2 border-amber-300">
      <CardHeader>
        <CardTitle className="text-base">
          {t('money.flagged')} ({format.number(flagged.count)})
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t('money.flaggedHint')}</p>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {flagged.data.map((p) => (
            <li key={p.paymentId} className="grid">
              {p.trainerUserId ? (
                <Link
                  to={`/admin/trainers/${p.trainerUserId}`}
                  className="w-fit font-medium text-primary underline-offset-4 hover:underline"
                >
                  {p.trainerName}
                </Link>
              ) : (
                <span className="font-medium">{p.trainerName}</span>
              )}
              <span className="text-muted-foreground">
                {t(`money.flag.${p.flag}`, { amount: format.clp(p.amountClp), price: format.clp(p.priceClp) })} · {format.date(p.paidAt)}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

function Figure({ title, value, children }: { title: string; value: string; children?: React.ReactNode }) {
  return (
    <Card className="gap-1">
      <CardHeader>
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
        {children ? <p className="text-xs text-muted-foreground">{children}</p> : null}
      </CardContent>
    </Card>
  )
}
