import type { LeadStatus } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'

const VARIANT = { new: 'default', contacted: 'secondary', activated: 'success', discarded: 'outline' } as const

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  const { t } = useTranslation('admin')
  return <Badge variant={VARIANT[status]}>{t(`leadStatus.${status}`)}</Badge>
}
