// The trainer self-service flow (spec §2) and the trainer's dashboard.
export {
  CheckoutCancelPage,
  CheckoutSuccessPage,
  OnboardingCompletePage,
  PayoutOnboardingPage,
  SelectPlanPage,
  TrainerLoginPage,
  TrainerRegisterPage,
  VerifyCodePage,
} from '@/features/trainer-signup'
export { TrainerDashboardPage } from '@/features/trainer-dashboard'
