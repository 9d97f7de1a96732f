export { TrainerDashboardPage } from './components/trainer-dashboard-page'
