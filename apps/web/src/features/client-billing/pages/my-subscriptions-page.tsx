import type { MySubscription } from '@app/contracts'
import { useMutation } from '@tanstack/react-query'
import { Loader2, LogOut, UserCog } from 'lucide-react'
import { toast } from 'sonner'
import { Link } from 'react-router'
import { PageLoading } from '@/components/layout/page-loading'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { Skeleton } from '@/components/ui/skeleton'
import { serverErrorText } from '@/lib/error-text'
import { useSession } from '@/lib/use-session'
import { openClientPortal, useMySubscriptions } from '../api/client-billing-api'
import { ClientLayout, formatDay } from '../components/client-layout'
import { formatClp } from '@app/contracts/format-clp'
import { SubscriptionStateBadge } from '../components/subscription-state'
import { SubscriptionActions } from '../components/subscription-actions'
import { TaxDetailsCard } from '../components/tax-details-card'

function nextChargeText(sub: MySubscription) {
  if (sub.state === 'cancelled') return 'Sin cobros futuros'
  if (!sub.currentPeriodEnd) return '—'
  return sub.cancelAtPeriodEnd ? `Termina el ${formatDay(sub.currentPeriodEnd)}` : `Próximo cobro: ${formatDay(sub.currentPeriodEnd)}`
}

function SubscriptionCard({ sub }: { sub: MySubscription }) {
  const portal = useMutation({
    mutationFn: () => openClientPortal(sub.id, `${window.location.origin}/mi-suscripcion`),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => toast.error(serverErrorText(err, 'es', 'No se pudo abrir el portal de facturación').message),
  })
  return (
    <Card aria-label={sub.offerTitle}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg break-words">{sub.offerTitle}</h2>
          <SubscriptionStateBadge state={sub.state} />
        </CardTitle>
        <CardDescription>
          Con {sub.trainer.firstName} {sub.trainer.lastName} · {formatClp(sub.priceClp)} al mes
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p>{nextChargeText(sub)}</p>
        {sub.state === 'past_due' ? (
          <p className="text-destructive-strong">No pudimos cobrar tu último pago. Actualiza tu tarjeta en el portal de facturación.</p>
        ) : null}
      </CardContent>
      {sub.state === 'cancelled' ? null : (
        <CardFooter className="flex flex-wrap gap-2">
          <SubscriptionActions sub={sub} />
          <Button variant="ghost" onClick={() => portal.mutate()} disabled={portal.isPending || portal.isSuccess}>
            {portal.isPending || portal.isSuccess ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Gestionar pagos
          </Button>
        </CardFooter>
      )}
    </Card>
  )
}

/** The client's subscriptions to trainers (Spanish): state, next charge, the billing portal. */
export function MySubscriptionsPage() {
  usePageMeta('Mi suscripción', 'Tus planes con tus entrenadores.')
  const { user, isLoading, logout } = useSession()
  const subscriptions = useMySubscriptions(!!user)

  if (isLoading && !user) return <PageLoading />
  return (
    <ClientLayout>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Mi suscripción</h1>
        {user ? (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="ghost" size="sm">
              <Link to="/cuenta">
                <UserCog aria-hidden="true" />
                Mi cuenta
              </Link>
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void logout()}>
              <LogOut aria-hidden="true" />
              Cerrar sesión
            </Button>
          </div>
        ) : null}
      </div>
      {!user ? (
        <p className="text-muted-foreground">
          Abre el enlace de tu invitación en este navegador, o entra a la app con tu correo, para ver tus suscripciones.
        </p>
      ) : subscriptions.isPending ? (
        <div role="status" aria-label="Cargando suscripciones" className="grid gap-3">
          <Skeleton className="h-40 w-full rounded-xl" />
        </div>
      ) : subscriptions.isError ? (
        <>
          <ErrorAlert>{serverErrorText(subscriptions.error, 'es', 'No se pudieron cargar tus suscripciones').message}</ErrorAlert>
          <Button variant="outline" onClick={() => void subscriptions.refetch()}>
            Reintentar
          </Button>
        </>
      ) : subscriptions.data.data.length === 0 ? (
        <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          Aún no tienes suscripciones con entrenadores.
        </p>
      ) : (
        subscriptions.data.data.map((sub) => <SubscriptionCard key={sub.id} sub={sub} />)
      )}
      {/* A client's details for a factura (decision 237): clients only, the API answers no one else. */}
      {user?.role === 'member' ? <TaxDetailsCard /> : null}
    </ClientLayout>
  )
}
