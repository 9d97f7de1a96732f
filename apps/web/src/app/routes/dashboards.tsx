import { loadBusinessDashboardPage } from '@/features/business'
import { loadGymCommissions, loadTrainerBilling } from '@/features/client-billing'
import { loadTrainerDashboardPage } from '@/features/trainer-dashboard'
import { loadTrainerBooking } from '@/features/booking'
import { loadProfileEditor } from '@/features/trainer-profile'
import { loadExerciseLibrary } from '@/features/routines'
import { loadProgramsCard } from '@/features/program-builder'
import { loadClientsCard } from '@/features/trainer-clients'
import { loadPayoutLinkCards } from '@/features/payout-links'
import { loadTaxIdentityCard } from '@/features/tax-identity'
import { loadTaxStartCard } from '@/features/tax-start'
import { loadStatementSection } from '@/features/statements'

// The dashboards with client billing mounted (issue 12): features do not import each other, so
// the route composes them; each dashboard takes the section as a slot.

export async function loadTrainerDashboard() {
  const [
    { TrainerDashboardPage },
    { TrainerBilling },
    { ProfileEditor },
    { TrainerBooking },
    { ExerciseLibrary },
    { ProgramsCard },
    { ClientsCard },
    { PayoutLinkCard },
    { TaxIdentityCard },
    { TaxStartCard },
    { StatementSection },
  ] = await Promise.all([
    loadTrainerDashboardPage(),
    loadTrainerBilling(),
    loadProfileEditor(),
    loadTrainerBooking(),
    loadExerciseLibrary(),
    loadProgramsCard(),
    loadClientsCard(),
    loadPayoutLinkCards(),
    loadTaxIdentityCard(),
    loadTaxStartCard(),
    loadStatementSection(),
  ])
  // Issue 21: the public profile and bookings sit after client billing in the same slot; issue 25: the programs card and the exercise library.
  return {
    TrainerDashboard: () => (
      <TrainerDashboardPage
        payoutLink={<PayoutLinkCard owner="trainer" />}
        billing={
          <>
            <TrainerBilling />
            <StatementSection audience="trainer" />
            <TaxIdentityCard owner="trainer" />
            <TaxStartCard owner="trainer" />
            <ProfileEditor />
            <TrainerBooking />
            <ClientsCard />
            <ProgramsCard />
            <ExerciseLibrary />
          </>
        }
      />
    ),
  }
}

export async function loadBusinessDashboard() {
  const [
    { BusinessDashboardPage },
    { GymCommissions, GymCommissionsTabLabel },
    { GymPayoutLinkCard },
    { TaxIdentityCard },
    { TaxStartCard },
    { StatementSection },
  ] = await Promise.all([
    loadBusinessDashboardPage(),
    loadGymCommissions(),
    loadPayoutLinkCards(),
    loadTaxIdentityCard(),
    loadTaxStartCard(),
    loadStatementSection(),
  ])
  // Issue 26: the gym's linked payout account heads the payments tab when the provider links accounts.
  const payments = (
    <div className="grid gap-6">
      <GymPayoutLinkCard />
      <GymCommissions />
      <StatementSection audience="gym" />
      <TaxIdentityCard owner="business" />
      <TaxStartCard owner="business" />
    </div>
  )
  return {
    BusinessDashboard: () => <BusinessDashboardPage paymentsTab={{ label: <GymCommissionsTabLabel />, content: payments }} />,
  }
}
