import { CloudOff, RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** "sin conexión — N series por sincronizar": a polite live region that is always there. */
export function SyncStatus({ online, pending }: { online: boolean; pending: number }) {
  const { t } = useTranslation('routines', { keyPrefix: 'today' })
  const text = !online
    ? pending
      ? t('offlinePending', { count: pending })
      : t('offline')
    : pending
      ? t('syncing', { count: pending })
      : ''
  return (
    <div role="status" className={text ? 'sticky top-14 z-10' : 'sr-only'}>
      {text ? (
        <p className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 shadow-sm">
          {online ? (
            <RefreshCw className="size-4 shrink-0" aria-hidden="true" />
          ) : (
            <CloudOff className="size-4 shrink-0" aria-hidden="true" />
          )}
          {text}
        </p>
      ) : null}
    </div>
  )
}
