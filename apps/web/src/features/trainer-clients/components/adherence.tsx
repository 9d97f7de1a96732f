import type { WeekAdherence } from '@app/contracts'
import { AlertTriangle, CheckCircle2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { useFormat } from '@/lib/i18n'

/** "2 of 3 sessions" with a bar; the bar is decoration, the words say it. */
export function AdherenceMeter({ week }: { week: WeekAdherence }) {
  const { t } = useTranslation('trainer-clients', { keyPrefix: 'adherence' })
  const format = useFormat()
  if (week.assigned === 0) return <span className="text-sm text-muted-foreground">{t('none')}</span>
  const rate = week.rate ?? 0
  return (
    <div className="grid min-w-36 gap-1">
      <span className="text-sm">
        {t('value', { done: week.done, count: week.assigned })} · {format.percent(rate)}
      </span>
      <span aria-hidden="true" className="h-1.5 w-full overflow-hidden rounded-full bg-muted">
        <span
          className={
            rate >= 0.75 ? 'block h-full bg-emerald-600' : rate >= 0.4 ? 'block h-full bg-amber-500' : 'block h-full bg-destructive'
          }
          style={{ width: `${Math.round(Math.min(rate, 1) * 100)}%` }}
        />
      </span>
    </div>
  )
}

/** The 7-day flag (also for a client who never trained): words and an icon, never colour alone. */
export function ActivityFlag({ inactive }: { inactive: boolean }) {
  const { t } = useTranslation('trainer-clients', { keyPrefix: 'flag' })
  if (!inactive)
    return (
      <Badge variant="success">
        <CheckCircle2 className="size-3.5" aria-hidden="true" />
        {t('active')}
      </Badge>
    )
  return (
    <Badge variant="destructive" data-testid="inactive-flag">
      <AlertTriangle className="size-3.5" aria-hidden="true" />
      {t('inactive')}
    </Badge>
  )
}
