import { lazy, Suspense } from 'react'
import { PageLoading } from '@/components/layout/page-loading'

export { LandingPage } from '@/features/marketing/pages/landing-page'
export { PricingPage } from '@/features/marketing/pages/pricing-page'
export { EmailChangeConfirmPage } from '@/features/email-change/email-change-confirm-page'

// The long legal documents are their own chunks: the landing page does not download them.
const Privacy = lazy(() => import('@/features/marketing/pages/privacy-page'))
const Terms = lazy(() => import('@/features/marketing/pages/terms-page'))

export const PrivacyPage = () => (
  <Suspense fallback={<PageLoading />}>
    <Privacy />
  </Suspense>
)
export const TermsPage = () => (
  <Suspense fallback={<PageLoading />}>
    <Terms />
  </Suspense>
)
