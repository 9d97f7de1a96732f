import { Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'

/** The trainer dashboard's way to the client list (mounted by app/routes/dashboards.tsx). */
export function ClientsCard() {
  const { t } = useTranslation('trainer-clients', { keyPrefix: 'card' })
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" />
          <h2>{t('title')}</h2>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild>
          <Link to="/dashboard/clientes">{t('open')}</Link>
        </Button>
      </CardFooter>
    </Card>
  )
}
