import { TRIAL_DAYS } from '@app/contracts/constants'
import { usePageMeta } from '@/components/layout/page-title'
import { FaqList, usePricingFaq } from '../components/faq'
import { PlanCards } from '../components/plan-cards'
import { TrialFacts } from '../components/pricing-section'
import { SiteFooter } from '../components/site-footer'
import { SiteHeader } from '../components/site-header'
import { SkipLink } from '../components/skip-link'

export function PricingPage() {
  usePageMeta(
    'Precios',
    `Planes Starter, Growth, Pro y Business para entrenadores y gimnasios. ${TRIAL_DAYS} días gratis, pago mensual y cancela cuando quieras.`,
  )
  const faq = usePricingFaq()
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="contenido">
        <section aria-labelledby="pricing-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
          <h1 id="pricing-title" className="text-center text-4xl font-extrabold tracking-tight sm:text-5xl">
            Planes y precios
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted-foreground">
            Empieza gratis y elige el plan que se ajusta a tu cartera de clientes. Para gimnasios, armamos un plan a medida.
          </p>
          <TrialFacts />
          <PlanCards headingLevel={2} />
        </section>
        <section aria-labelledby="pricing-faq-title" className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
          <h2 id="pricing-faq-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
            Preguntas frecuentes
          </h2>
          <div className="mt-8">
            <FaqList items={faq} />
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  )
}
