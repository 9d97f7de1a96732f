import type { Trainer } from '@app/contracts'
import { Briefcase, Building2, Mail, Pencil, Phone, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { IconDetail } from './icon-detail'

export function TrainerCard({ trainer, onEdit, onDelete }: { trainer: Trainer; onEdit: () => void; onDelete: () => void }) {
  const name = `${trainer.firstName} ${trainer.lastName}`
  return (
    <Card className="gap-4" data-testid="trainer-card">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold">{name}</h3>
          <p className="truncate text-sm text-muted-foreground">{trainer.specialization}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Badge variant={trainer.isActive ? 'success' : 'secondary'}>{trainer.isActive ? 'Active' : 'Inactive'}</Badge>
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${name}`} title="Edit">
            <Pencil aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Delete ${name}`} title="Delete" className="text-destructive hover:text-destructive">
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          <IconDetail icon={Mail} label="Email" className="min-w-0 truncate">
            {trainer.email}
          </IconDetail>
          <IconDetail icon={Phone} label="Phone">
            {trainer.phone}
          </IconDetail>
          <IconDetail icon={Briefcase} label="Experience">
            {trainer.experience} {trainer.experience === 1 ? 'year' : 'years'} experience
          </IconDetail>
          <IconDetail icon={Building2} label="Gym">
            {trainer.gym?.name ?? 'Unknown'}
          </IconDetail>
        </dl>
      </CardContent>
    </Card>
  )
}
