import { TRIAL_DAYS } from '@app/contracts/constants'
import type { Plan } from '@app/contracts'
import { AlertCircle } from 'lucide-react'
import { Link } from 'react-router'
import { Button, buttonVariants, Skeleton } from '@/components/layout/light-ui'
import { clsx as cn } from 'clsx'
import { usePlansCatalogue } from '@/lib/plans'
import { businessPlanNote, contactSalesHref, contactSalesLabel } from '../content'
import { CheckList } from '@/components/layout/check-list'
import { formatClp } from '@app/contracts/format-clp'

function PlanCard({ plan, headingLevel }: { plan: Plan; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const byAgreement = plan.priceClp === null
  return (
    <li
      aria-labelledby={`plan-${plan.key}`}
      className={cn('relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm', plan.popular && 'border-2 border-primary shadow-lg')}
      data-plan={plan.key}
    >
      {plan.popular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
          Más Popular
        </span>
      )}
      <Heading id={`plan-${plan.key}`} className="text-xl font-semibold">
        {plan.title}
      </Heading>
      <p className="mt-1 text-sm text-muted-foreground">{plan.target}</p>
      <p className="mt-4 min-h-16">
        {byAgreement ? (
          <span className="block text-3xl font-bold">{businessPlanNote}</span>
        ) : (
          <>
            <span className="text-3xl font-bold">{formatClp(plan.priceClp!)}</span>
            <span className="text-muted-foreground"> CLP/mes</span>
            <span className="block text-sm text-muted-foreground">USD {plan.priceUsd} al mes</span>
          </>
        )}
      </p>
      <p className="mt-3 text-sm">{plan.description}</p>
      <CheckList items={plan.benefits} className="mt-4 flex-1 space-y-2 text-sm" />
      <div className="mt-6">
        {byAgreement ? (
          <a href={contactSalesHref} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
            {contactSalesLabel}
          </a>
        ) : plan.purchasable ? (
          <Link to="/auth/register" className={buttonVariants({ className: 'w-full' })}>
            Comenzar prueba gratis
          </Link>
        ) : (
          <Button type="button" variant="secondary" className="w-full" disabled>
            Próximamente
          </Button>
        )}
      </div>
    </li>
  )
}

function PlanCardSkeleton() {
  return (
    <li className="flex h-[34rem] flex-col gap-4 rounded-2xl border p-6" aria-hidden="true">
      <Skeleton className="h-6 w-24" />
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-10 w-36" />
      <Skeleton className="h-12 w-full" />
      <div className="flex-1 space-y-3">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-4 w-full" />
        ))}
      </div>
      <Skeleton className="h-10 w-full" />
    </li>
  )
}

/** The four plans from GET /plans, with loading and error states. */
/** `headingLevel`: the plan titles' level, one below the heading above them (2 on /precios, under its h1). */
export function PlanCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const plans = usePlansCatalogue()
  if (plans.isError) {
    return (
      <div
        role="alert"
        className="mx-auto mt-12 flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-destructive/40 bg-destructive/5 p-6 text-center"
      >
        <AlertCircle className="size-6 text-destructive" aria-hidden="true" />
        <p className="font-medium">No se pudieron cargar los planes</p>
        <p className="text-sm text-muted-foreground">
          Todos los planes incluyen {TRIAL_DAYS} días gratis. Vuelve a intentarlo o escríbenos a{' '}
          <a className="underline" href={contactSalesHref}>
            ventas
          </a>
          .
        </p>
        <Button type="button" variant="outline" onClick={() => plans.refetch()} disabled={plans.isFetching}>
          {plans.isFetching ? 'Cargando…' : 'Reintentar'}
        </Button>
      </div>
    )
  }
  return (
    <div className="mt-12" aria-busy={plans.isPending}>
      {plans.isPending && (
        <span className="sr-only" role="status">
          Cargando planes…
        </span>
      )}
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {plans.isPending || !plans.data
          ? [0, 1, 2, 3].map((i) => <PlanCardSkeleton key={i} />)
          : plans.data.map((plan) => <PlanCard key={plan.id} plan={plan} headingLevel={headingLevel} />)}
      </ul>
    </div>
  )
}
