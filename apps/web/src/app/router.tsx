import { createBrowserRouter, type RouteObject } from 'react-router'
import { NotFoundPage } from '@/components/errors/not-found-page'
import { RouteError } from '@/components/errors/route-error'
import { PageLoading } from '@/components/layout/page-loading'
import { loadBusinessDashboardPage, loadBusinessLoginPage, loadBusinessRegisterPage, loadPasswordRecoveryPage } from '@/features/business'
import { loadLandingPage, loadPricingPage, loadPrivacyPage, loadTermsPage } from '@/features/marketing'
import { loadEmailChangeConfirmPage } from '@/features/email-change'
import { loadTrainerDashboardPage } from '@/features/trainer-dashboard'
import {
  loadCheckoutPages,
  loadOnboardingCompletePage,
  loadPayoutOnboardingPage,
  loadSelectPlanPage,
  loadTrainerLoginPage,
  loadTrainerRegisterPage,
  loadVerifyCodePage,
} from '@/features/trainer-signup'

/**
 * Each page is its own chunk (shared code goes into chunks of its own): a sign-in page's first
 * download carries no marketing or dashboard code (docs/decisions/046).
 */
const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): RouteObject['lazy'] => async () => ({
  Component: (await load())[name] as React.ComponentType,
})

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      // Public
      { path: '/', lazy: page(loadLandingPage, 'LandingPage') },
      { path: '/precios', lazy: page(loadPricingPage, 'PricingPage') },
      { path: '/privacidad', lazy: page(loadPrivacyPage, 'default') },
      { path: '/terminos', lazy: page(loadTermsPage, 'default') },
      { path: '/confirmar-correo', lazy: page(loadEmailChangeConfirmPage, 'EmailChangeConfirmPage') },
      // Business area
      { path: '/business/login', lazy: page(loadBusinessLoginPage, 'BusinessLoginPage') },
      { path: '/business/registro', lazy: page(loadBusinessRegisterPage, 'BusinessRegisterPage') },
      { path: '/business/dashboard', lazy: page(loadBusinessDashboardPage, 'BusinessDashboardPage') },
      { path: '/recuperar-password', lazy: page(loadPasswordRecoveryPage, 'PasswordRecoveryPage') },
      // Trainer self-service flow
      { path: '/auth/login', lazy: page(loadTrainerLoginPage, 'TrainerLoginPage') },
      { path: '/auth/register', lazy: page(loadTrainerRegisterPage, 'TrainerRegisterPage') },
      { path: '/auth/verify', lazy: page(loadVerifyCodePage, 'VerifyCodePage') },
      { path: '/auth/select-plan', lazy: page(loadSelectPlanPage, 'SelectPlanPage') },
      { path: '/auth/checkout/success', lazy: page(loadCheckoutPages, 'CheckoutSuccessPage') },
      { path: '/auth/checkout/cancel', lazy: page(loadCheckoutPages, 'CheckoutCancelPage') },
      { path: '/auth/stripe/onboarding', lazy: page(loadPayoutOnboardingPage, 'PayoutOnboardingPage') },
      { path: '/auth/onboarding/complete', lazy: page(loadOnboardingCompletePage, 'OnboardingCompletePage') },
      { path: '/dashboard', lazy: page(loadTrainerDashboardPage, 'TrainerDashboardPage') },
      { path: '*', Component: NotFoundPage },
    ],
  },
]

/** The browser's router (created in main.tsx: the prerender build renders `routes` in Node). */
export const createAppRouter = () => createBrowserRouter(routes)
export type AppRouter = ReturnType<typeof createAppRouter>

/** Resolves once the router has loaded the current route's lazy code (its first render is final). */
export function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve()
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      resolve()
    })
  })
}
