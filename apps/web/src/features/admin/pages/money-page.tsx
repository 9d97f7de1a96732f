import { Banknote } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent } from '@/components/ui/card'
import { PageHeader } from '../components/page-header'

/**
 * Money (MRR, trials ending, past due, commission, ledger) needs client billing's ledger; the API
 * has no admin route for it yet (docs/admin-console.md). Says so instead of showing made-up figures.
 */
export function MoneyPage() {
  const { t } = useTranslation('admin')
  return (
    <>
      <PageHeader title={t('money.title')} description={t('money.description')} />
      <Card>
        <CardContent className="grid justify-items-center gap-3 py-8 text-center" role="status">
          <Banknote className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-lg font-semibold">{t('money.unavailableTitle')}</h2>
          <p className="max-w-prose text-sm text-muted-foreground">{t('money.unavailable')}</p>
        </CardContent>
      </Card>
    </>
  )
}
