// What the app's routes may use of the trainer dashboard.
export { TrainerDashboardPage } from './pages/trainer-dashboard-page'
