import { TRIAL_DAYS } from '@app/contracts/constants'
import { usePageMeta } from '@/components/layout/page-title'
import { brand } from '@/lib/brand'
import { AccessRequestSection } from '../components/access-request-section'
import { Audience } from '../components/audience'
import { FaqSection } from '../components/faq'
import { Features } from '../components/features'
import { Hero } from '../components/hero'
import { PricingSection } from '../components/pricing-section'
import { ScreenshotSection } from '../components/screenshot-section'
import { SiteFooter } from '../components/site-footer'
import { SiteHeader } from '../components/site-header'
import { SkipLink } from '../components/skip-link'
import { Testimonials } from '../components/testimonials'

export function LandingPage() {
  usePageMeta(
    `${brand.name} · Plataforma para entrenadores personales y gimnasios en Chile`,
    `Cobra automáticamente a tus clientes, gestiona rutinas y progreso, y crece con la app móvil. ${TRIAL_DAYS} días gratis.`,
  )
  return (
    <>
      <SkipLink />
      <SiteHeader onLanding />
      <main id="contenido">
        <Hero />
        <Audience />
        <Features />
        <ScreenshotSection />
        <Testimonials />
        <PricingSection />
        <FaqSection />
        <AccessRequestSection />
      </main>
      <SiteFooter />
    </>
  )
}
