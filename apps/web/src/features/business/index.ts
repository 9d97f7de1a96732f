// What the app's routes may use of the business area.
export { BusinessLoginPage } from './pages/business-login-page'
export { BusinessRegisterPage } from './pages/business-register-page'
export { BusinessDashboardPage } from './pages/business-dashboard-page'
export { PasswordRecoveryPage } from './pages/password-recovery-page'
