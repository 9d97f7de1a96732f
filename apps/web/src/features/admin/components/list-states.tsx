import { Inbox, RotateCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { Skeleton } from '@/components/ui/skeleton'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'

export function LoadingRows({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-2 p-4">
      <span className="sr-only">{label}</span>
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} className="h-8 w-full" />
      ))}
    </div>
  )
}

export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div role="status" className="grid justify-items-center gap-2 p-8 text-center">
      <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
    </div>
  )
}

/** A failed load in words (lib/error-text.ts), with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('admin')
  return (
    <div className="grid gap-3 p-4">
      <ErrorAlert>{serverErrorText(error, errorsT, t('loadFailed')).message}</ErrorAlert>
      <Button variant="outline" className="w-fit" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t('retry')}
      </Button>
    </div>
  )
}
