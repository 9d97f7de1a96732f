// What the app's routes may use of the operator console (issue 13): one loader per page, so each
// page is its own chunk and nothing of the console reaches the public pages (decision 046).
export const loadAdminLoginPage = () => import('./pages/admin-login-page')
export const loadAdminLayout = () => import('./pages/admin-layout')
export const loadLeadsPage = () => import('./pages/leads-page')
export const loadLeadDetailPage = () => import('./pages/lead-detail-page')
export const loadTrainersPage = () => import('./pages/trainers-page')
export const loadTrainerDetailPage = () => import('./pages/trainer-detail-page')
export const loadGymsPage = () => import('./pages/gyms-page')
export const loadGymDetailPage = () => import('./pages/gym-detail-page')
export const loadAuditPage = () => import('./pages/audit-page')
export const loadMoneyPage = () => import('./pages/money-page')
export const loadPrivacyPage = () => import('./pages/privacy-page')
export const loadTaxStartsPage = () => import('./pages/tax-starts-page')
