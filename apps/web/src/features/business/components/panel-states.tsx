import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'

export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="py-8 text-center text-muted-foreground">
      {children}
    </p>
  )
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard.common' })
  return (
    <ErrorAlert>
      <span className="flex w-full flex-wrap items-center justify-between gap-3">
        <span>{message}</span>
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('tryAgain')}
        </Button>
      </span>
    </ErrorAlert>
  )
}

export function EmptyState({ icon, title, hint, action }: { icon: ReactNode; title: string; hint?: string; action?: ReactNode }) {
  return (
    <Card className="items-center px-6 py-12 text-center">
      <div className="rounded-full bg-muted p-3 text-muted-foreground">{icon}</div>
      <div>
        <h3 className="text-lg font-semibold">{title}</h3>
        {hint && <p className="mt-1 text-sm text-muted-foreground">{hint}</p>}
      </div>
      {action}
    </Card>
  )
}
