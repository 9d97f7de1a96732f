import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useFormat } from '@/lib/i18n'
import { getReconciliation } from '../api/admin-api'
import { Facts } from './detail-states'

/** The last `npm run ledger:reconcile` (issue 19): when, on which range, and every difference it found. */
export function ReconciliationCard() {
  const { t } = useTranslation('admin')
  const format = useFormat()
  const query = useQuery({ queryKey: ['admin', 'money', 'reconciliation'], queryFn: getReconciliation })
  const last = query.data?.last
  const clp = (n: number | null) => (n === null ? '—' : format.clp(n))

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          <h2>{t('reconciliation.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4" data-testid="reconciliation">
        {query.isPending ? (
          <p className="text-sm text-muted-foreground">{t('reconciliation.loading')}</p>
        ) : query.isError ? (
          <p className="text-sm text-destructive">{t('reconciliation.failed')}</p>
        ) : !last ? (
          <p className="text-sm text-muted-foreground">{t('reconciliation.never')}</p>
        ) : (
          <>
            <Facts
              items={[
                [t('reconciliation.ranAt'), `${format.date(last.ranAt)} · ${last.ranBy}`],
                [t('reconciliation.range'), `${format.date(last.from)} – ${format.date(last.to)} · ${last.provider}`],
                [
                  t('reconciliation.movements'),
                  t('reconciliation.movementsValue', { ledger: last.ledgerMovements, provider: last.providerMovements }),
                ],
                [
                  t('reconciliation.result'),
                  <strong className={last.differenceCount ? 'text-destructive' : undefined}>
                    {last.differenceCount ? t('reconciliation.differences', { count: last.differenceCount }) : t('reconciliation.agree')}
                  </strong>,
                ],
              ]}
            />
            {last.differences.length ? (
              <table className="w-full text-sm">
                <caption className="sr-only">{t('reconciliation.title')}</caption>
                <thead>
                  <tr className="text-left">
                    <th scope="col">{t('reconciliation.columns.kind')}</th>
                    <th scope="col">{t('reconciliation.columns.movement')}</th>
                    <th scope="col">{t('reconciliation.columns.id')}</th>
                    <th scope="col" className="text-right">
                      {t('reconciliation.columns.ledger')}
                    </th>
                    <th scope="col" className="text-right">
                      {t('reconciliation.columns.provider')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {last.differences.map((d) => (
                    <tr key={`${d.movement}-${d.providerId}-${d.kind}`}>
                      <td>{t(`reconciliation.kinds.${d.kind}`, { defaultValue: d.kind })}</td>
                      <td>{t(`reconciliation.movementKinds.${d.movement}`, { defaultValue: d.movement })}</td>
                      <td className="font-mono text-xs">{d.providerId}</td>
                      <td className="text-right tabular-nums">{clp(d.ledgerClp)}</td>
                      <td className="text-right tabular-nums">{clp(d.providerClp)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  )
}
