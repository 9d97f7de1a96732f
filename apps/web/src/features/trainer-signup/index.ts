// What the app's routes may use of the trainer sign-up flow.
export { TrainerLoginPage } from './pages/trainer-login-page'
export { TrainerRegisterPage } from './pages/trainer-register-page'
export { VerifyCodePage } from './pages/verify-code-page'
export { SelectPlanPage } from './pages/select-plan-page'
export { CheckoutCancelPage, CheckoutSuccessPage } from './pages/checkout-pages'
export { PayoutOnboardingPage } from './pages/payout-onboarding-page'
export { OnboardingCompletePage } from './pages/onboarding-complete-page'
