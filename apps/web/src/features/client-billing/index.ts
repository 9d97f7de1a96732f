// What the app's routes may use of client billing (issue 12): one loader per page (each its own
// chunk, docs/decisions/046) and the sections the dashboards mount.
export const loadInvitationPage = () => import('./pages/invitation-page')
export const loadInvitationPaidPage = () => import('./pages/invitation-paid-page')
export const loadMySubscriptionsPage = () => import('./pages/my-subscriptions-page')
export const loadTrainerBilling = () => import('./components/trainer-billing')
export const loadGymCommissions = () => import('./components/gym-commissions')
