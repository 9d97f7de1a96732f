import { loadBusinessDashboardPage } from '@/features/business'
import { loadGymCommissions, loadTrainerBilling } from '@/features/client-billing'
import { loadTrainerDashboardPage } from '@/features/trainer-dashboard'

// The dashboards with client billing mounted (issue 12): features do not import each other, so
// the route composes them; each dashboard takes the section as a slot.

export async function loadTrainerDashboard() {
  const [{ TrainerDashboardPage }, { TrainerBilling }] = await Promise.all([loadTrainerDashboardPage(), loadTrainerBilling()])
  return { TrainerDashboard: () => <TrainerDashboardPage billing={<TrainerBilling />} /> }
}

export async function loadBusinessDashboard() {
  const [{ BusinessDashboardPage }, { GymCommissions, GymCommissionsTabLabel }] = await Promise.all([
    loadBusinessDashboardPage(),
    loadGymCommissions(),
  ])
  return {
    BusinessDashboard: () => <BusinessDashboardPage paymentsTab={{ label: <GymCommissionsTabLabel />, content: <GymCommissions /> }} />,
  }
}
