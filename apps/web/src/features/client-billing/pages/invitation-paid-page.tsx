import { useQuery } from '@tanstack/react-query'
import { CheckCircle2, Loader2 } from 'lucide-react'
import { Link } from 'react-router'
import { usePageMeta } from '@/components/layout/page-title'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { serverErrorText } from '@/lib/error-text'
import { useSession } from '@/lib/use-session'
import { billingKeys, getMySubscriptions } from '../api/client-billing-api'
import { ClientLayout, formatDay } from '../components/client-layout'
import { formatClp } from '@app/contracts/format-clp'
import { SubscriptionStateBadge } from '../components/subscription-state'

/** Where the checkout returns: waits until the provider's payment is recorded, then confirms. */
export function InvitationPaidPage() {
  usePageMeta('Suscripción confirmada')
  const { user, isLoading } = useSession()
  // With a hosted provider the payment arrives by webhook a moment after the return: ask again until then.
  const subscriptions = useQuery({
    queryKey: billingKeys.mySubscriptions,
    queryFn: getMySubscriptions,
    enabled: !!user,
    refetchInterval: (query) =>
      query.state.data?.data.some((s) => s.state === 'active') || query.state.dataUpdateCount > 20 ? false : 1_500,
  })
  const newest = subscriptions.data?.data.find((s) => s.state === 'active')

  return (
    <ClientLayout>
      {!user && !isLoading ? (
        <>
          <h1 className="text-2xl font-bold">Pago recibido</h1>
          <p className="text-muted-foreground">Abre el enlace de tu invitación en este navegador para ver tu suscripción.</p>
        </>
      ) : subscriptions.isError ? (
        <>
          <h1 className="text-2xl font-bold">No pudimos confirmar tu suscripción</h1>
          <ErrorAlert>{serverErrorText(subscriptions.error, 'es', 'No se pudo cargar tu suscripción').message}</ErrorAlert>
          <Button variant="outline" onClick={() => void subscriptions.refetch()}>
            Reintentar
          </Button>
        </>
      ) : !newest ? (
        <div role="status" className="grid justify-items-center gap-3 py-10 text-center">
          <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
          <h1 className="text-xl font-semibold">Confirmando tu pago…</h1>
          <p className="text-sm text-muted-foreground">Esto toma unos segundos.</p>
        </div>
      ) : (
        <Card>
          <CardHeader>
            <CheckCircle2 className="size-10 text-emerald-700" aria-hidden="true" />
            <CardTitle>
              <h1 className="text-2xl">¡Tu suscripción está activa!</h1>
            </CardTitle>
            <CardDescription>
              Entrenas con {newest.trainer.firstName} {newest.trainer.lastName}. Te enviamos el comprobante a tu correo.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Plan</dt>
              <dd className="font-medium">{newest.offerTitle}</dd>
              <dt className="text-muted-foreground">Precio</dt>
              <dd>{formatClp(newest.priceClp)} al mes</dd>
              <dt className="text-muted-foreground">Estado</dt>
              <dd>
                <SubscriptionStateBadge state={newest.state} />
              </dd>
              <dt className="text-muted-foreground">Próximo cobro</dt>
              <dd>{newest.currentPeriodEnd ? formatDay(newest.currentPeriodEnd) : '—'}</dd>
            </dl>
          </CardContent>
          <CardFooter>
            <Button asChild>
              <Link to="/mi-suscripcion">Ver mi suscripción</Link>
            </Button>
          </CardFooter>
        </Card>
      )}
    </ClientLayout>
  )
}
