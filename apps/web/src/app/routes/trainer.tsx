// Placeholder screens: replaced by the issue that builds this area.
import { Placeholder } from '@/components/layout/placeholder'

export const TrainerLoginPage = () => <Placeholder title="TrainerLoginPage" />
export const TrainerRegisterPage = () => <Placeholder title="TrainerRegisterPage" />
export const VerifyCodePage = () => <Placeholder title="VerifyCodePage" />
export const SelectPlanPage = () => <Placeholder title="SelectPlanPage" />
export const CheckoutSuccessPage = () => <Placeholder title="CheckoutSuccessPage" />
export const CheckoutCancelPage = () => <Placeholder title="CheckoutCancelPage" />
export const PayoutOnboardingPage = () => <Placeholder title="PayoutOnboardingPage" />
export const OnboardingCompletePage = () => <Placeholder title="OnboardingCompletePage" />
export const TrainerDashboardPage = () => <Placeholder title="TrainerDashboardPage" />
