// Business area: gym owner sign-in, registration, password recovery and the dashboard.
export { BusinessLoginPage } from '@/features/business/components/business-login-page'
export { BusinessRegisterPage } from '@/features/business/components/business-register-page'
export { BusinessDashboardPage } from '@/features/business/components/business-dashboard-page'
export { PasswordRecoveryPage } from '@/features/business/components/password-recovery-page'
