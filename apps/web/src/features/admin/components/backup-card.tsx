import type { AdminBackupStatus } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DatabaseBackup, Loader2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'
import { INTL_LOCALE, type Language } from '@/lib/language'
import { createBackup, getBackupStatus } from '../api/admin-api'
import { LoadError, LoadingState } from '@/components/states'

const KEY = ['admin', 'backups']

/** The last backup the server took (time, size, verified) and its schedule (GET /admin/backups). */
export function BackupCard() {
  const { t } = useTranslation('admin')
  const query = useQuery({ queryKey: KEY, queryFn: getBackupStatus })
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <DatabaseBackup className="size-4" aria-hidden="true" />
          <h2>{t('backups.title')}</h2>
        </CardTitle>
        {query.data ? <CardDescription>{schedule(query.data, t)}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingState label={t('loading')} />
        ) : query.isError ? (
          <LoadError error={query.error} fallback={t('loadFailed')} onRetry={() => void query.refetch()} />
        ) : (
          <LastBackup status={query.data} />
        )}
      </CardContent>
    </Card>
  )
}

type T = ReturnType<typeof useTranslation<'admin'>>['t']

function schedule(status: AdminBackupStatus, t: T) {
  if (status.database === 'postgres') return t('backups.postgres')
  if (!status.scheduled) return t('backups.off')
  return t('backups.schedule', { time: status.time, daily: status.keepDaily, weekly: status.keepWeekly })
}

function LastBackup({ status }: { status: AdminBackupStatus }) {
  const { t, i18n } = useTranslation('admin')
  const queryClient = useQueryClient()
  const locale = INTL_LOCALE[i18n.language as Language] ?? 'es-CL'
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Santiago' })
  const size = new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
  const take = useMutation({
    mutationFn: createBackup,
    onSuccess: (next) => {
      queryClient.setQueryData(KEY, next)
      if (next.last?.error) toast.error(t('backups.failedToast'))
      else toast.success(t('backups.takenToast'))
    },
    onError: (error) => toast.error(serverErrorText(error, errorsT, t('saveFailed')).message),
  })
  const last = status.last
  return (
    <div className="grid gap-3 text-sm">
      {last ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">{t('backups.takenAt')}</dt>
          <dd>
            <time dateTime={last.takenAt}>{when.format(new Date(last.takenAt))}</time> · {t(`backups.trigger.${last.trigger}`)}
          </dd>
          <dt className="text-muted-foreground">{t('backups.size')}</dt>
          <dd className="tabular-nums">{last.error ? '—' : size.format(last.bytes / 1_000_000)}</dd>
          <dt className="text-muted-foreground">{t('backups.state')}</dt>
          <dd className="grid gap-1">
            {last.error ? (
              <>
                <Badge variant="destructive">{t('backups.failed')}</Badge>
                <span className="break-words text-muted-foreground">{last.error}</span>
              </>
            ) : last.verified ? (
              <Badge variant="success">{t('backups.verified')}</Badge>
            ) : (
              <Badge variant="outline">{t('backups.notVerified')}</Badge>
            )}
          </dd>
          <dt className="text-muted-foreground">{t('backups.file')}</dt>
          <dd className="break-all font-mono text-xs">{last.file}</dd>
        </dl>
      ) : (
        <p className="text-muted-foreground">{status.database === 'postgres' ? t('backups.noneServer') : t('backups.none')}</p>
      )}
      {status.database === 'pglite' ? (
        <div>
          <Button variant="outline" size="sm" disabled={take.isPending || status.running} onClick={() => take.mutate()}>
            {take.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {take.isPending || status.running ? t('backups.running') : t('backups.now')}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
