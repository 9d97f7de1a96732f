import { createBrowserRouter, redirect, type RouteObject } from 'react-router'
import { NotFoundPage } from '@/components/errors/not-found-page'
import { RouteError } from '@/components/errors/route-error'
import { PageLoading } from '@/components/layout/page-loading'
import { showLanguage, type Language } from '@/lib/language'
import { loadBusinessLoginPage, loadBusinessRegisterPage, loadPasswordRecoveryPage } from '@/features/business'
import { loadLandingPage, loadPricingPage, loadPrivacyPage, loadPrivacyPageEn, loadTermsPage, loadTermsPageEn } from '@/features/marketing'
import { loadEmailChangeConfirmPage } from '@/features/email-change'
import * as admin from '@/features/admin'
import { loadAccountPage, loadExportDownloadPage, loadReopenPage } from '@/features/account'
import { loadInvitationPage, loadInvitationPaidPage, loadMySubscriptionsPage } from '@/features/client-billing'
import { loadTrainerProfilePage, loadTrainerSearchPage } from '@/features/trainer-profile'
import * as booking from '@/features/booking'
import * as routines from '@/features/routines'
import * as programBuilder from '@/features/program-builder'
import * as progress from '@/features/progress'
import * as trainerClients from '@/features/trainer-clients'
import { loadPayoutLinkReturnPage } from '@/features/payout-links'
import { loadBusinessDashboard, loadTrainerDashboard } from './routes/dashboards'
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
const lazyPage =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): RouteObject['lazy'] =>
  async () => ({
    Component: (await load())[name] as React.ComponentType,
  })

/** A Spanish-only page: no i18next (the public pages' JavaScript budget, decision 047). */
const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) => ({
  lazy: lazyPage(load, name),
  loader: () => {
    showLanguage('es')
    return null
  },
})

/**
 * A page written in English only, without i18next either: the legal documents' English versions
 * (decision 231), for the people of the English screens.
 */
const englishPage = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) => ({
  lazy: lazyPage(load, name),
  loader: () => {
    showLanguage('en')
    return null
  },
})

/**
 * A page with the language switch: its loader loads i18next with the page's namespaces in the
 * person's language (else `pageDefault`, the spec's language) before the page renders.
 */
const translatedPage = <M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  pageDefault: Language,
  namespaces: string[],
) => ({
  lazy: lazyPage(load, name),
  handle: { languageSwitch: true },
  loader: async () => {
    const { prepareLanguage } = await import('@/lib/i18n')
    await prepareLanguage(pageDefault, namespaces)
    return null
  },
})

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      // Public
      { path: '/', ...page(loadLandingPage, 'LandingPage') },
      { path: '/precios', ...page(loadPricingPage, 'PricingPage') },
      { path: '/privacidad', ...page(loadPrivacyPage, 'default') },
      { path: '/terminos', ...page(loadTermsPage, 'default') },
      { path: '/en/privacy', ...englishPage(loadPrivacyPageEn, 'default') },
      { path: '/en/terms', ...englishPage(loadTermsPageEn, 'default') },
      { path: '/confirmar-correo', ...page(loadEmailChangeConfirmPage, 'EmailChangeConfirmPage') },
      // The person's own account (issue 20): any signed-in role, in their language.
      { path: '/cuenta', ...translatedPage(loadAccountPage, 'AccountPage', 'es', ['account', 'errors']) },
      { path: '/cuenta/reabrir', ...translatedPage(loadReopenPage, 'ReopenPage', 'es', ['account', 'errors']) },
      { path: '/cuenta/datos', ...translatedPage(loadExportDownloadPage, 'ExportDownloadPage', 'es', ['account', 'errors']) },
      // Business area
      { path: '/business/login', ...translatedPage(loadBusinessLoginPage, 'BusinessLoginPage', 'en', ['business', 'errors']) },
      { path: '/business/registro', ...translatedPage(loadBusinessRegisterPage, 'BusinessRegisterPage', 'es', ['business', 'errors']) },
      {
        path: '/business/dashboard',
        ...translatedPage(loadBusinessDashboard, 'BusinessDashboard', 'en', [
          'business',
          'client-billing',
          'payout-links',
          'tax-identity',
          'tax-start',
          'statements',
          'errors',
        ]),
      },
      { path: '/recuperar-password', ...translatedPage(loadPasswordRecoveryPage, 'PasswordRecoveryPage', 'es', ['business', 'errors']) },
      // Trainer self-service flow
      { path: '/auth/login', ...translatedPage(loadTrainerLoginPage, 'TrainerLoginPage', 'es', ['trainer-signup', 'errors']) },
      { path: '/auth/register', ...page(loadTrainerRegisterPage, 'TrainerRegisterPage') },
      { path: '/auth/verify', ...page(loadVerifyCodePage, 'VerifyCodePage') },
      { path: '/auth/select-plan', ...page(loadSelectPlanPage, 'SelectPlanPage') },
      { path: '/auth/checkout/success', ...page(loadCheckoutPages, 'CheckoutSuccessPage') },
      { path: '/auth/checkout/cancel', ...page(loadCheckoutPages, 'CheckoutCancelPage') },
      { path: '/auth/stripe/onboarding', ...page(loadPayoutOnboardingPage, 'PayoutOnboardingPage') },
      { path: '/auth/onboarding/complete', ...page(loadOnboardingCompletePage, 'OnboardingCompletePage') },
      // Issue 26: the page the payment provider sends a person back to after linking their payout account (API PAYOUT_LINK_RETURN_PATH).
      {
        path: '/cobros/vinculacion',
        ...translatedPage(loadPayoutLinkReturnPage, 'PayoutLinkReturnPage', 'es', ['payout-links', 'errors']),
      },
      // Operator console (issue 13): Spanish by default, with the switch; the layout lets platform admins in.
      { path: '/admin/login', ...translatedPage(admin.loadAdminLoginPage, 'AdminLoginPage', 'es', ['admin', 'errors']) },
      {
        path: '/admin',
        ...translatedPage(admin.loadAdminLayout, 'AdminLayout', 'es', ['admin', 'booking', 'errors']),
        children: [
          { index: true, loader: () => redirect('/admin/leads') },
          { path: 'leads', lazy: lazyPage(admin.loadLeadsPage, 'LeadsPage') },
          { path: 'leads/:id', lazy: lazyPage(admin.loadLeadDetailPage, 'LeadDetailPage') },
          { path: 'trainers', lazy: lazyPage(admin.loadTrainersPage, 'TrainersPage') },
          { path: 'trainers/:id', lazy: lazyPage(admin.loadTrainerDetailPage, 'TrainerDetailPage') },
          { path: 'gyms', lazy: lazyPage(admin.loadGymsPage, 'GymsPage') },
          { path: 'gyms/:id', lazy: lazyPage(admin.loadGymDetailPage, 'GymDetailPage') },
          { path: 'money', lazy: lazyPage(admin.loadMoneyPage, 'MoneyPage') },
          { path: 'audit', lazy: lazyPage(admin.loadAuditPage, 'AuditPage') },
          { path: 'reviews', lazy: lazyPage(booking.loadAdminReviewsPage, 'AdminReviewsPage') },
          { path: 'privacy', lazy: lazyPage(admin.loadPrivacyPage, 'PrivacyPage') },
          { path: 'tax-starts', lazy: lazyPage(admin.loadTaxStartsPage, 'TaxStartsPage') },
        ],
      },
      {
        path: '/dashboard',
        ...translatedPage(loadTrainerDashboard, 'TrainerDashboard', 'es', [
          'trainer-dashboard',
          'client-billing',
          'trainer-profile',
          'booking',
          'routines',
          'program-builder',
          'trainer-clients',
          'payout-links',
          'tax-identity',
          'tax-start',
          'statements',
          'errors',
        ]),
      },
      // The program builder (issue 25): the trainer's programs, templates and assignments, in their language.
      {
        path: '/dashboard/programas',
        ...translatedPage(programBuilder.loadProgramsPage, 'ProgramsPage', 'es', ['program-builder', 'errors']),
      },
      {
        path: '/dashboard/programas/nuevo',
        ...translatedPage(programBuilder.loadProgramBuilderPage, 'ProgramBuilderPage', 'es', ['program-builder', 'errors']),
      },
      {
        path: '/dashboard/programas/:id',
        ...translatedPage(programBuilder.loadProgramBuilderPage, 'ProgramBuilderPage', 'es', ['program-builder', 'errors']),
      },
      // The trainer's view of clients (issue 25, decision 220): the list with the 7-day flag and each client's page.
      {
        path: '/dashboard/clientes',
        ...translatedPage(trainerClients.loadClientsPage, 'ClientsPage', 'es', ['trainer-clients', 'errors']),
      },
      {
        path: '/dashboard/clientes/:clientUserId',
        ...translatedPage(trainerClients.loadClientPage, 'ClientPage', 'es', ['trainer-clients', 'errors']),
      },
      // Client billing: the client's Spanish pages (issue 12)
      { path: '/invitacion/pagada', ...page(loadInvitationPaidPage, 'InvitationPaidPage') },
      { path: '/invitacion/:token', ...page(loadInvitationPage, 'InvitationPage') },
      { path: '/mi-suscripcion', ...page(loadMySubscriptionsPage, 'MySubscriptionsPage') },
      // Trainer profiles, search and bookings (issue 21): public pages Spanish; the client's with the switch.
      { path: '/entrenadores', ...page(loadTrainerSearchPage, 'TrainerSearchPage') },
      { path: '/entrenadores/:slug', ...page(loadTrainerProfilePage, 'TrainerProfilePage') },
      // The client's app (issue 25): sign-in by code, then the shell with its tabs (Spanish, with the switch).
      { path: '/cliente/ingresar', ...translatedPage(routines.loadClientSignInPage, 'ClientSignInPage', 'es', ['routines', 'errors']) },
      {
        path: '/cliente',
        ...translatedPage(routines.loadClientShell, 'ClientShell', 'es', ['routines', 'booking', 'progress', 'errors']),
        children: [
          {
            index: true,
            lazy: lazyPage(routines.loadTodayPage, 'TodayPage'),
            // Today's session is asked for now, beside the page's code (issue 25).
            loader: () => {
              routines.startTodayFetch()
              routines.preloadClientWords()
              return null
            },
          },
          { path: 'reservar/:slug', lazy: lazyPage(booking.loadBookPage, 'BookPage') },
          { path: 'reservas', lazy: lazyPage(booking.loadMyBookingsPage, 'MyBookingsPage') },
          { path: 'progreso', lazy: lazyPage(progress.loadProgressPage, 'ProgressPage') },
        ],
      },
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
