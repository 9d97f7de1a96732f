import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

/** Previous / next page of a server-paginated list. */
export function Pager({
  page,
  total,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  page: number
  total?: number
  hasPrevious: boolean
  hasNext: boolean
  onPrevious: () => void
  onNext: () => void
}) {
  const { t } = useTranslation('admin')
  return (
    <nav aria-label={t('pager.label')} className="flex items-center justify-between gap-2 border-t p-3">
      <Button variant="outline" size="sm" onClick={onPrevious} disabled={!hasPrevious}>
        <ChevronLeft aria-hidden="true" />
        {t('pager.previous')}
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {total === undefined ? t('pager.page', { page }) : t('pager.pageOf', { page, total })}
      </span>
      <Button variant="outline" size="sm" onClick={onNext} disabled={!hasNext}>
        {t('pager.next')}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  )
}
