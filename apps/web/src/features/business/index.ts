// What the app's routes may use of the business area: one loader per page, so each page is its
// own chunk (a sign-in page never downloads the dashboard; docs/decisions/046).
export const loadBusinessLoginPage = () => import('./pages/business-login-page')
export const loadBusinessRegisterPage = () => import('./pages/business-register-page')
export const loadBusinessDashboardPage = () => import('./pages/business-dashboard-page')
export const loadPasswordRecoveryPage = () => import('./pages/password-recovery-page')
