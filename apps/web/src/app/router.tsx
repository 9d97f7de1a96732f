import { createBrowserRouter, type RouteObject } from 'react-router'
import { NotFoundPage } from '@/components/errors/not-found-page'
import { RouteError } from '@/components/errors/route-error'
import { PageLoading } from '@/components/layout/page-loading'

type AreaModule = Record<string, React.ComponentType>
/** Each area is one chunk: public pages never download the business or sign-up code. */
const area = (load: () => Promise<AreaModule>, name: string): RouteObject['lazy'] => async () => ({
  Component: (await load())[name],
})
const publicArea = () => import('./routes/public')
const businessArea = () => import('./routes/business')
const trainerArea = () => import('./routes/trainer')

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      // Public
      { path: '/', lazy: area(publicArea, 'LandingPage') },
      { path: '/precios', lazy: area(publicArea, 'PricingPage') },
      { path: '/privacidad', lazy: area(publicArea, 'PrivacyPage') },
      { path: '/terminos', lazy: area(publicArea, 'TermsPage') },
      { path: '/confirmar-correo', lazy: area(publicArea, 'EmailChangeConfirmPage') },
      // Business area
      { path: '/business/login', lazy: area(businessArea, 'BusinessLoginPage') },
      { path: '/business/registro', lazy: area(businessArea, 'BusinessRegisterPage') },
      { path: '/business/dashboard', lazy: area(businessArea, 'BusinessDashboardPage') },
      { path: '/recuperar-password', lazy: area(businessArea, 'PasswordRecoveryPage') },
      // Trainer self-service flow
      { path: '/auth/login', lazy: area(trainerArea, 'TrainerLoginPage') },
      { path: '/auth/register', lazy: area(trainerArea, 'TrainerRegisterPage') },
      { path: '/auth/verify', lazy: area(trainerArea, 'VerifyCodePage') },
      { path: '/auth/select-plan', lazy: area(trainerArea, 'SelectPlanPage') },
      { path: '/auth/checkout/success', lazy: area(trainerArea, 'CheckoutSuccessPage') },
      { path: '/auth/checkout/cancel', lazy: area(trainerArea, 'CheckoutCancelPage') },
      { path: '/auth/stripe/onboarding', lazy: area(trainerArea, 'PayoutOnboardingPage') },
      { path: '/auth/onboarding/complete', lazy: area(trainerArea, 'OnboardingCompletePage') },
      { path: '/dashboard', lazy: area(trainerArea, 'TrainerDashboardPage') },
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
