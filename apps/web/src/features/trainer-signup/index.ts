// What the app's routes may use of the trainer sign-up flow: one loader per page, so each page is
// its own chunk (docs/decisions/046).
export const loadTrainerLoginPage = () => import('./pages/trainer-login-page')
export const loadTrainerRegisterPage = () => import('./pages/trainer-register-page')
export const loadVerifyCodePage = () => import('./pages/verify-code-page')
export const loadSelectPlanPage = () => import('./pages/select-plan-page')
export const loadCheckoutPages = () => import('./pages/checkout-pages')
export const loadPayoutOnboardingPage = () => import('./pages/payout-onboarding-page')
export const loadOnboardingCompletePage = () => import('./pages/onboarding-complete-page')
