import { lazy, Suspense } from 'react'
import { PageLoading } from '@/components/layout/page-loading'

import { loadPrivacyPage, loadTermsPage } from '@/features/marketing'

export { LandingPage, PricingPage } from '@/features/marketing'
export { EmailChangeConfirmPage } from '@/features/email-change'

// The long legal documents are their own chunks: the landing page does not download them.
const Privacy = lazy(loadPrivacyPage)
const Terms = lazy(loadTermsPage)

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
