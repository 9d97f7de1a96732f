import { Inbox, Loader2, RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { Skeleton } from '@/components/ui/skeleton'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'

// The one set of loading, empty and error states of every screen that loads data.

/** Loading rows, announced once. */
export function LoadingState({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-2 p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} className="h-8 w-full" />
      ))}
    </div>
  )
}

/** Nothing to show yet: what and, when it helps, what to do. */
export function EmptyState({ title, hint, icon, action }: { title: string; hint?: string; icon?: ReactNode; action?: ReactNode }) {
  return (
    <div role="status" className="grid justify-items-center gap-2 rounded-md border border-dashed px-4 py-8 text-center">
      <span className="text-muted-foreground">{icon ?? <Inbox className="size-8" aria-hidden="true" />}</span>
      <p className="font-medium">{title}</p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      {action}
    </div>
  )
}

/** A failed load in words (lib/error-text.ts; `fallback` is the screen's own text), with a retry. */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  const { t } = useTranslation('common', { keyPrefix: 'states' })
  return (
    <div className="grid gap-3 p-4">
      <ErrorAlert>{serverErrorText(error, errorsT, fallback).message}</ErrorAlert>
      <Button variant="outline" className="w-fit" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t('retry')}
      </Button>
    </div>
  )
}

/** A busy button's spinner. */
export function Spinner({ show }: { show: boolean }) {
  return show ? <Loader2 className="animate-spin" aria-hidden="true" /> : null
}
