import { Download, FileText } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState, LoadError, LoadingState, Spinner } from '@/components/states'
import { serverErrorText } from '@/lib/error-text'
import { errorsT, useFormat } from '@/lib/i18n'
import { INTL_LOCALE, type Language } from '@/lib/language'
import { downloadStatement, useStatement, type StatementAudience, type StatementFormat } from '../api/statements-api'
import { monthName, recentMonths } from '../lib/months'

/**
 * "Estado mensual" / "Monthly statement" (issue 27, decision 225): a month's totals and its CSV and
 * PDF, the basis for the trainer's boleta de honorarios or the gym's own tax documents. The last
 * month is chosen first: on the 1st that is the statement a person needs.
 */
export function StatementSection({ audience }: { audience: StatementAudience }) {
  const { t, i18n } = useTranslation('statements', { keyPrefix: 'section' })
  const format = useFormat()
  const locale = INTL_LOCALE[i18n.language as Language] ?? 'en'
  const [months] = useState(() => recentMonths())
  const [month, setMonth] = useState(months[1])
  const [busy, setBusy] = useState<StatementFormat | null>(null)
  const statement = useStatement(audience, month)
  const selectId = useId()

  const download = async (kind: StatementFormat) => {
    setBusy(kind)
    try {
      await downloadStatement(audience, month, kind)
    } catch (err) {
      toast.error(serverErrorText(err, errorsT, t('downloadFailed')).message)
    } finally {
      setBusy(null)
    }
  }
  const totals = statement.data?.totals
  const figures = totals
    ? [
        { key: 'gross', label: t('gross'), value: totals.grossClp },
        { key: 'refunded', label: t('refunded'), value: totals.refundedClp },
        { key: 'platform', label: t('platform'), value: totals.platformFeeClp },
        ...(audience === 'gym' || totals.gymShareClp !== 0 ? [{ key: 'gym', label: t('gym'), value: totals.gymShareClp }] : []),
        { key: 'trainer', label: t(`trainer.${audience}`), value: totals.trainerShareClp },
      ]
    : []

  return (
    // id: the statement-ready mail links to /dashboard#statement (decision 233).
    <Card id="statement" role="region" aria-labelledby={`${selectId}-title`} className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileText className="size-5 text-primary" aria-hidden="true" />
          <h2 id={`${selectId}-title`}>{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t(`description.${audience}`)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <label htmlFor={selectId} className="text-sm font-medium">
              {t('month')}
            </label>
            <select
              id={selectId}
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              className="h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              {months.map((m) => (
                <option key={m} value={m}>
                  {monthName(m, locale)}
                </option>
              ))}
            </select>
          </div>
          {(['csv', 'pdf'] as const).map((kind) => (
            <Button key={kind} variant="outline" size="sm" onClick={() => void download(kind)} disabled={busy !== null}>
              {busy === kind ? <Spinner show /> : <Download aria-hidden="true" />}
              {t(`download.${kind}`)}
            </Button>
          ))}
        </div>
        {statement.isPending ? (
          <LoadingState label={t('loading')} rows={1} />
        ) : statement.isError ? (
          <LoadError error={statement.error} fallback={t('loadFailed')} onRetry={() => void statement.refetch()} />
        ) : statement.data.lines.length === 0 ? (
          <EmptyState title={t('empty')} />
        ) : (
          <>
            {statement.data.partial ? <p className="text-sm text-muted-foreground">{t('partial')}</p> : null}
            <dl
              className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
              aria-label={t('totals', { month: monthName(month, locale) })}
            >
              {figures.map((f) => (
                <div key={f.key} className="rounded-lg border p-3">
                  <dt className="text-xs text-muted-foreground">{f.label}</dt>
                  <dd className="font-semibold whitespace-nowrap" data-testid={`statement-${f.key}`}>
                    {format.clp(f.value)}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="text-sm text-muted-foreground">{t('lines', { n: statement.data.lines.length })}</p>
          </>
        )}
        <p className="text-xs text-muted-foreground">{t(`note.${audience}`)}</p>
      </CardContent>
    </Card>
  )
}
