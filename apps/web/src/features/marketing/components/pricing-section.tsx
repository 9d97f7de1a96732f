import { trialFacts } from '../content'
import { PlanCards } from './plan-cards'
import { CheckList } from '@/components/layout/check-list'

export function TrialFacts() {
  return (
    <CheckList
      items={trialFacts}
      className="mx-auto mt-6 flex w-fit flex-col items-start gap-2 text-sm text-muted-foreground sm:w-auto sm:flex-row sm:items-center sm:justify-center sm:gap-6"
      itemClassName="flex items-center gap-2"
    />
  )
}

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
      <h2 id="pricing-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
        Precios
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted-foreground">
        Elige el plan que se ajusta a tu cartera de clientes.
      </p>
      <TrialFacts />
      <PlanCards />
    </section>
  )
}
