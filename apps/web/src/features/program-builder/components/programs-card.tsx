import { ClipboardList } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'

/** The trainer dashboard's way into the builder (mounted by app/routes/dashboards.tsx). */
export function ProgramsCard() {
  const { t } = useTranslation('program-builder', { keyPrefix: 'card' })
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardList className="size-5 text-primary" aria-hidden="true" />
          <h2>{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardFooter className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/dashboard/programas">{t('open')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard/programas/nuevo">{t('create')}</Link>
        </Button>
      </CardFooter>
    </Card>
  )
}
