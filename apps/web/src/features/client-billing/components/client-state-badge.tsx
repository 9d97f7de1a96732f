import type { ClientState } from '@app/contracts'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'

const VARIANT = { invited: 'outline', active: 'success', past_due: 'destructive', cancelled: 'secondary' } as const

export function ClientStateBadge({ state }: { state: ClientState }) {
  const { t } = useTranslation('client-billing', { keyPrefix: 'clientState' })
  return <Badge variant={VARIANT[state]}>{t(`${state}`)}</Badge>
}
