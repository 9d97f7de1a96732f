import type { Trainer } from '@app/contracts'
import { Briefcase, Building2, Mail, Pencil, Phone, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { IconDetail } from './icon-detail'

export function TrainerCard({ trainer, onEdit, onDelete }: { trainer: Trainer; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('business', { keyPrefix: 'dashboard.trainer' })
  const name = `${trainer.firstName} ${trainer.lastName}`
  return (
    // min-w-0 and a minmax(0, 1fr) column: a long e-mail truncates instead of widening the card
    // past a 375 px screen (issue 23 point 10).
    <Card className="min-w-0 gap-4" data-testid="trainer-card">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold">{name}</h3>
          <p className="truncate text-sm text-muted-foreground">{trainer.specialization}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Badge variant={trainer.isActive ? 'success' : 'secondary'}>{trainer.isActive ? t('active') : t('inactive')}</Badge>
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={t('editNamed', { name })} title={t('edit')}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={onDelete}
            aria-label={t('deleteNamed', { name })}
            title={t('delete')}
            className="text-destructive hover:text-destructive"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-2 text-sm">
          <IconDetail icon={Mail} label={t('email')} className="min-w-0 truncate">
            {trainer.email}
          </IconDetail>
          <IconDetail icon={Phone} label={t('phone')}>
            {trainer.phone}
          </IconDetail>
          <IconDetail icon={Briefcase} label={t('experience')}>
            {t('years', { count: trainer.experience })}
          </IconDetail>
          <IconDetail icon={Building2} label={t('gym')} className="min-w-0 break-words">
            {trainer.gym?.name ?? t('unknownGym')}
          </IconDetail>
        </dl>
      </CardContent>
    </Card>
  )
}
