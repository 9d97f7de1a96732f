// What the app's routes may use of the trainer dashboard (its own chunk; docs/decisions/046).
export const loadTrainerDashboardPage = () => import('./pages/trainer-dashboard-page')
