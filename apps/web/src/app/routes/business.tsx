// Business area: gym owner sign-in, registration, password recovery and the dashboard.
export { BusinessDashboardPage, BusinessLoginPage, BusinessRegisterPage, PasswordRecoveryPage } from '@/features/business'
