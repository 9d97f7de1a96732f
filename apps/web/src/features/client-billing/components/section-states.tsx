import { Loader2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/ui/error-alert'
import { Skeleton } from '@/components/ui/skeleton'
import { serverErrorText } from '@/lib/error-text'
import { errorsT } from '@/lib/i18n'

/** Loading rows of a section, announced once. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-2">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-2/3" />
    </div>
  )
}

/** A failed load: what went wrong, and a retry. */
export function SectionError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  const { t } = useTranslation('client-billing', { keyPrefix: 'states' })
  return (
    <ErrorAlert>
      <span className="flex w-full flex-wrap items-center justify-between gap-3">
        <span>{serverErrorText(error, errorsT, fallback).message}</span>
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('retry')}
        </Button>
      </span>
    </ErrorAlert>
  )
}

export function SectionEmpty({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{children}</p>
}

export function Spinner({ show }: { show: boolean }) {
  return show ? <Loader2 className="animate-spin" aria-hidden="true" /> : null
}
