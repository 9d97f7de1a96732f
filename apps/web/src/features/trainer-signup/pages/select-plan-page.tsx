import { RENEWAL_NOTICE_DAYS, TRIAL_DAYS, WITHDRAWAL_DAYS } from '@app/contracts/constants'
import type { Plan } from '@app/contracts'
import { Building2, Crown, Loader2, Mail, MessageCircle, Rocket, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { usePageMeta } from '@/components/layout/page-title'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { brand } from '@/lib/brand'
import { getSession } from '@/lib/session'
import { cn } from '@/lib/utils'
import { usePlans } from '@/lib/use-plans'
import { startCheckout } from '../api/signup-api'
import { getFlow, saveFlow } from '@/lib/signup-flow'
import { serverErrorText, ServiceError } from '@/lib/error-text'
import { AuthLayout } from '../components/auth-layout'
import { ErrorAlert } from '@/components/ui/error-alert'
import { InvalidState } from '../components/invalid-state'
import { CheckList } from '@/components/layout/check-list'
import { formatClp } from '@app/contracts/format-clp'

const ICONS: Record<string, typeof Rocket> = { starter: Rocket, growth: Sparkles, pro: Crown }
/** Only the first three plans are offered at sign-up (spec §9). */
const firstThree = (plans: Plan[]) => plans.slice(0, 3)

/** The flow's e-mail and user id, or the signed-in user's (who came from /auth/login or the dashboard). */
function flowUser() {
  const flow = getFlow()
  if (flow.email && flow.userId) return { email: flow.email, userId: flow.userId }
  const user = getSession()?.user
  return user ? { email: user.email, userId: user.id } : null
}

function PlanCard({ plan, selected, onSelect }: { plan: Plan; selected: boolean; onSelect: () => void }) {
  const Icon = ICONS[plan.key] ?? Rocket
  const available = plan.purchasable
  const titleId = `plan-${plan.id}-title`
  const detailsId = `plan-${plan.id}-details`
  return (
    <button
      type="button"
      role="radio"
      aria-labelledby={titleId}
      aria-describedby={detailsId}
      aria-checked={selected}
      aria-disabled={!available}
      disabled={!available}
      onClick={onSelect}
      className={cn(
        'relative flex h-full flex-col gap-4 rounded-xl border bg-card p-6 text-left shadow-sm transition',
        selected ? 'border-primary ring-2 ring-primary' : 'border-border',
        !available && 'cursor-not-allowed opacity-60',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {plan.key === 'starter' ? <Badge>Más Popular</Badge> : null}
        {!available ? <Badge variant="secondary">Próximamente</Badge> : null}
      </div>
      <div id={detailsId}>
        <h2 id={titleId} className="text-xl font-semibold">
          {plan.title}
        </h2>
        <p className="mt-1 text-2xl font-bold">
          {plan.priceUsd != null ? `USD ${plan.priceUsd}` : 'A convenir'}
          <span className="text-sm font-normal text-muted-foreground"> /mes</span>
        </p>
        {plan.priceClp != null ? <p className="text-sm text-muted-foreground">{formatClp(plan.priceClp)} /mes</p> : null}
      </div>
      <p className="text-sm text-muted-foreground">{plan.description}</p>
      <CheckList items={plan.benefits} />
    </button>
  )
}

function EnterpriseDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Building2 aria-hidden="true" />
          ¿Necesitas un plan empresarial?
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel="Cerrar">
        <DialogHeader>
          <DialogTitle>Plan Empresarial</DialogTitle>
          <DialogDescription>Para gimnasios y equipos grandes armamos un plan a tu medida.</DialogDescription>
        </DialogHeader>
        <CheckList
          items={['Planes personalizados', 'Integración con sistemas existentes', 'Soporte prioritario 24/7', 'Capacitación personalizada']}
        />
        <DialogFooter className="gap-2 sm:justify-start">
          <Button asChild>
            <a href={`mailto:${brand.salesEmail}?subject=${encodeURIComponent(`Plan empresarial ${brand.name}`)}`}>
              <Mail aria-hidden="true" />
              Enviar correo
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={brand.chatUrl} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" />
              Abrir chat
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

export function SelectPlanPage() {
  usePageMeta('Elige tu plan')
  const [user] = useState(flowUser)
  const plans = usePlans({ enabled: user !== null, select: firstThree })
  const [chosenId, setChosenId] = useState<string | null>(null)
  const [starting, setStarting] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (!user) {
    return (
      <AuthLayout>
        <h1 className="sr-only">Elige tu plan</h1>
        <InvalidState message="Estado inválido. Reinicia flujo." to="/auth/register" action="Ir al registro" />
      </AuthLayout>
    )
  }

  // The first card is selected by default.
  const selected = plans.data?.find((p) => p.id === chosenId) ?? plans.data?.[0]

  const onContinue = async () => {
    if (!selected) return
    setError(null)
    setStarting(true)
    try {
      const { url } = await startCheckout({
        planId: selected.id,
        planKey: selected.key,
        customerEmail: user.email,
        userId: user.userId,
        successRedirect: `${window.location.origin}/auth/checkout/success`,
        cancelRedirect: `${window.location.origin}/auth/checkout/cancel`,
      })
      if (!url) throw new ServiceError('URL inválida')
      saveFlow({ email: user.email, userId: user.userId, planKey: selected.key, planId: selected.id })
      window.location.assign(url)
    } catch (err) {
      const { message } = serverErrorText(err, 'es')
      setError(message)
      toast.error('Error iniciando checkout')
      setStarting(false)
    }
  }

  return (
    <AuthLayout wide>
      <div className="mb-8 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Elige tu plan</h1>
        <p className="mt-2 text-muted-foreground">Todos los planes incluyen {TRIAL_DAYS} días gratis.</p>
      </div>
      {plans.isPending ? (
        <div className="grid gap-4 md:grid-cols-3" role="status" aria-label="Cargando planes">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-96 rounded-xl" />
          ))}
        </div>
      ) : plans.isError ? (
        <ErrorAlert>
          No se pudieron cargar los planes
          <Button variant="outline" size="sm" className="mt-2" onClick={() => plans.refetch()}>
            Reintentar
          </Button>
        </ErrorAlert>
      ) : plans.data.length === 0 ? (
        <p className="text-center text-muted-foreground">No hay planes disponibles en este momento.</p>
      ) : (
        <div role="radiogroup" aria-label="Planes" className="grid gap-4 md:grid-cols-3">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              selected={selected?.id === plan.id}
              onSelect={() => plan.purchasable && setChosenId(plan.id)}
            />
          ))}
        </div>
      )}
      <div className="mx-auto mt-8 grid max-w-md gap-4">
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        {/* Stated before payment (Ley 19.496 art. 3 bis, decision 224). */}
        <p className="rounded-md border px-4 py-3 text-sm">
          <strong>Derecho a retracto:</strong> tienes {WITHDRAWAL_DAYS} días desde que contratas para desistir en un paso desde tu panel,
          antes de cobrar a tu primer cliente: en la prueba gratuita no se te cobra nada, y si ya pagaste te devolvemos todo. Después puedes
          cancelar cuando quieras, también en un paso: el plan sigue hasta el final del período. Te avisamos por correo{' '}
          {RENEWAL_NOTICE_DAYS} días antes del fin de la prueba y de cada renovación, con el monto.
        </p>
        <Button size="lg" onClick={onContinue} disabled={!selected?.purchasable || starting}>
          {starting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Continuar a pago
        </Button>
        <EnterpriseDialog />
        <p className="text-center text-xs text-muted-foreground">
          Tu suscripción se renueva automáticamente cada mes al terminar la prueba gratuita. Puedes cancelarla en cualquier momento desde tu
          panel, con un toque.
        </p>
      </div>
    </AuthLayout>
  )
}
