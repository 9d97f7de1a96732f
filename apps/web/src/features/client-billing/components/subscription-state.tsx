import type { MySubscription } from '@app/contracts'
import { Badge } from '@/components/ui/badge'

const LABEL = { active: 'Activa', past_due: 'Pago pendiente', cancelled: 'Cancelada' } as const
const VARIANT = { active: 'success', past_due: 'destructive', cancelled: 'secondary' } as const

/** A client subscription's state in Spanish (the client's pages are Spanish only). */
export function SubscriptionStateBadge({ state }: { state: MySubscription['state'] }) {
  return <Badge variant={VARIANT[state]}>{LABEL[state]}</Badge>
}
